/**
 * The post-login sync screen's course (spec): start after 1 s; each row pending -> syncing ->
 * complete or failed; when the last completes, 'Sync complete' and the dashboard after 1.5 s; on
 * a failure the error and a sign-out after 15 s. Without a connection the student may go on with
 * what the device already has (the app works offline): nothing is signed out for that.
 */
import {
  POST_LOGIN_SYNC_DASHBOARD_DELAY_MS,
  POST_LOGIN_SYNC_ERROR_LOGOUT_MS,
  POST_LOGIN_SYNC_START_DELAY_MS,
} from "@preflight/sync-protocol/rules/constants";
import { PULL_STEPS, type PullStep } from "@preflight/sync-protocol/schemas/pull";
import { useCallback, useEffect, useState } from "react";
import { runPullChain, type StepState } from "../../local/pull/steps/runner.ts";
import type { UserDb } from "../../local/store/db.ts";
import { now } from "../../platform.ts";

export type SyncPhase = "waiting" | "running" | "complete" | "failed" | "offline";

export type StepRows = Record<PullStep, StepState>;

const allPending = (): StepRows => Object.fromEntries(PULL_STEPS.map((step) => [step, "pending"])) as StepRows;

export interface SyncScreenState {
  rows: StepRows;
  phase: SyncPhase;
  /** Seconds until the sign-out after a failure. */
  signOutIn: number;
  retry: () => void;
}

export function useSyncScreen(
  db: UserDb,
  { onComplete, onSignOut }: { onComplete: () => void; onSignOut: () => void },
): SyncScreenState {
  const [rows, setRows] = useState<StepRows>(allPending);
  const [phase, setPhase] = useState<SyncPhase>("waiting");
  const [attempt, setAttempt] = useState(0);
  const [signOutIn, setSignOutIn] = useState(POST_LOGIN_SYNC_ERROR_LOGOUT_MS / 1000);

  // biome-ignore lint/correctness/useExhaustiveDependencies: "Try again" (attempt) runs the chain once more.
  useEffect(() => {
    let cancelled = false;
    setRows(allPending());
    setPhase("waiting");
    const start = window.setTimeout(async () => {
      if (!navigator.onLine) {
        setPhase("offline");
        return;
      }
      setPhase("running");
      const result = await runPullChain(db, {
        onStep: (step, state) => {
          if (!cancelled) setRows((current) => ({ ...current, [step]: state }));
        },
      });
      if (cancelled) return;
      if (result.ok) setPhase("complete");
      else {
        console.warn("post-login sync failed", result);
        setPhase(result.kind === "offline" ? "offline" : "failed");
      }
    }, POST_LOGIN_SYNC_START_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(start);
    };
  }, [db, attempt]);

  useEffect(() => {
    if (phase !== "complete") return;
    const timer = window.setTimeout(onComplete, POST_LOGIN_SYNC_DASHBOARD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase, onComplete]);

  useEffect(() => {
    if (phase !== "failed") return;
    const deadline = now() + POST_LOGIN_SYNC_ERROR_LOGOUT_MS;
    setSignOutIn(Math.ceil(POST_LOGIN_SYNC_ERROR_LOGOUT_MS / 1000));
    const tick = window.setInterval(() => setSignOutIn(Math.max(0, Math.ceil((deadline - now()) / 1000))), 250);
    const timer = window.setTimeout(onSignOut, POST_LOGIN_SYNC_ERROR_LOGOUT_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [phase, onSignOut]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { rows, phase, signOutIn, retry };
}
