/**
 * Progress test start (spec study 4): "Questions are verified. If an update is needed, the update
 * modal opens. Downloading the update: on success the test opens; on failure the attempt counter
 * increases" — up to MAX_UPDATE_ATTEMPTS, after which the test is out of date for this device.
 * The test is built on the device from the progress test's own questions and queued through the
 * outbox; the server replays it only if the access rules allow it.
 */
import { MAX_UPDATE_ATTEMPTS } from "@preflight/sync-protocol/rules/constants";
import { ACCESS_MESSAGES, type ProgressTestType } from "@preflight/sync-protocol/rules/part-access";
import { PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { createTest, TestStartRefusedError } from "../../local/actions/test.ts";
import { readUpdaterStatus, startUpdate, whenUpdateSettles } from "../../local/content/service.ts";
import { isRunning, type UpdaterStatus } from "../../local/content/status.ts";
import { verifyCurrentQuestions, verifyOnServer } from "../../local/content/verify.ts";
import type { LocalProgressTest, UserDb } from "../../local/store/db.ts";

export type StartState =
  | { step: "ready" }
  | { step: "verifying" }
  | { step: "update"; attempts: number; downloading: boolean; error: string | null }
  | { step: "starting" }
  | { step: "failed"; message: string };

const WAIT_FOR_SYNC_MS = 500;
const WAIT_FOR_SYNC_TRIES = 20;

/** Runs the updater and waits for it to settle; true when everything was applied. */
export async function runUpdaterToEnd(db: UserDb): Promise<boolean> {
  for (let i = 0; i < WAIT_FOR_SYNC_TRIES; i++) {
    const outcome = await startUpdate(db);
    if (outcome === "started") return (await whenUpdateSettles())?.state === "finished";
    if (outcome === "already-running") return (await settled(db)).state === "finished";
    // 'syncing': the outbox is being sent; the update may start once it is done.
    await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_SYNC_MS));
  }
  return false;
}

/** This tab's run, or another tab's (read from the device store until it stops). */
async function settled(db: UserDb): Promise<UpdaterStatus> {
  const here = await whenUpdateSettles();
  if (here) return here;
  for (;;) {
    const status = await readUpdaterStatus(db);
    if (!isRunning(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_SYNC_MS));
  }
}

export function useProgressTestStart(test: LocalProgressTest | undefined, testType: ProgressTestType) {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const [state, setState] = useState<StartState>({ step: "ready" });

  const needsUpdate = async (attempt: number): Promise<{ update: boolean; message: string | null }> => {
    if (!test) return { update: true, message: null };
    const local = await verifyCurrentQuestions(scope.db, test);
    const server = await verifyOnServer(scope.db, { test_id: test.id, test_type: testType, attempt });
    return { update: local.update || (server?.update ?? false), message: server?.message ?? null };
  };

  const begin = async () => {
    if (!test) return;
    setState({ step: "starting" });
    try {
      const created = await createTest(scope, {
        test_type: testType,
        title: test.title,
        count: test.question_ids.length,
        from: test.question_ids,
        ordered: true,
        display_answers: "after_test",
        time_limit: test.time_limit,
        pass_percentage: test.pass_percentage,
        progress_test_id: test.id,
        seed: 1,
      });
      await navigate({ to: "/test/$testId", params: { testId: created.id } });
    } catch (err) {
      setState({
        step: "failed",
        message: err instanceof TestStartRefusedError ? err.message : PRACTICE_MESSAGES.startFailed,
      });
    }
  };

  const start = async () => {
    setState({ step: "verifying" });
    try {
      const check = await needsUpdate(0);
      if (check.update) setState({ step: "update", attempts: 0, downloading: false, error: null });
      else await begin();
    } catch {
      setState({ step: "failed", message: PRACTICE_MESSAGES.startFailed });
    }
  };

  const downloadTest = async () => {
    if (state.step !== "update") return;
    const attempts = state.attempts;
    setState({ ...state, downloading: true, error: null });
    const applied = await runUpdaterToEnd(scope.db);
    const check = applied ? await needsUpdate(attempts + 1).catch(() => ({ update: true, message: null })) : null;
    if (check && !check.update) {
      await begin();
      return;
    }
    setState({ step: "update", attempts: attempts + 1, downloading: false, error: ACCESS_MESSAGES.testUpdateFailed });
  };

  const outOfDate = state.step === "update" && state.attempts >= MAX_UPDATE_ATTEMPTS;
  return { state, start, downloadTest, outOfDate, reset: () => setState({ step: "ready" }) };
}
