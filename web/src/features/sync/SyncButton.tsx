import { formatSyncStamp, SYNC_RETRY_WAIT_S, SYNC_STALE_DAYS, SYNC_SUCCESS_DISABLE_MS } from "@preflight/sync-protocol";
import { useEffect, useState } from "react";
import type { UserDb } from "../../local/db.ts";
import { useSyncSnapshot } from "../../local/queries.ts";
import { syncNow } from "../../local/sync-now.ts";
import { Button, Modal } from "../../ui/Modal.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";

export const SYNC_MESSAGES = {
  retry: `Please try syncing again in ${SYNC_RETRY_WAIT_S} seconds`,
  problemTitle: "There was a problem",
  problemText: "We were unable to sync your data. Please try again, and contact support if this continues.",
  busy: "Unable to update whilst a sync is in progress, please try again shortly.",
  stale: (stamp: string) => `Your last sync was on ${stamp}. Sync now to keep your progress safe.`,
} as const;

type SyncState = { kind: "idle" } | { kind: "syncing" } | { kind: "synced" } | { kind: "failed"; secondsLeft: number };

/** Is the last sync older than the warning limit (or missing)? */
export function isSyncStale(lastSyncAt: string | null, now: Date): boolean {
  if (!lastSyncAt) return false;
  return now.getTime() - new Date(lastSyncAt).getTime() > SYNC_STALE_DAYS * 24 * 60 * 60 * 1000;
}

/** The sync button (spec): idle, syncing, synced (disabled 5 s), failed (disabled, 10 s countdown). */
export function SyncButton({ db }: { db: UserDb }) {
  const [state, setState] = useState<SyncState>({ kind: "idle" });
  const [problem, setProblem] = useState(false);
  const { notify } = useSnackbar();
  const snapshot = useSyncSnapshot(db);

  useEffect(() => {
    if (state.kind === "synced") {
      const timer = setTimeout(() => setState({ kind: "idle" }), SYNC_SUCCESS_DISABLE_MS);
      return () => clearTimeout(timer);
    }
    if (state.kind === "failed") {
      const timer = setTimeout(
        () =>
          setState(state.secondsLeft <= 1 ? { kind: "idle" } : { kind: "failed", secondsLeft: state.secondsLeft - 1 }),
        1000,
      );
      return () => clearTimeout(timer);
    }
  }, [state]);

  const run = async () => {
    setState({ kind: "syncing" });
    const result = await syncNow(db);
    if (result.ok) {
      setState({ kind: "synced" });
      return;
    }
    console.warn("sync failed", result.reason);
    setState({ kind: "failed", secondsLeft: SYNC_RETRY_WAIT_S });
    notify({ type: "warning", title: "Sync failed", text: SYNC_MESSAGES.retry });
    setProblem(true);
  };

  const label =
    state.kind === "syncing"
      ? "Syncing…"
      : state.kind === "synced"
        ? "Synced"
        : state.kind === "failed"
          ? `Try again in ${state.secondsLeft} s`
          : "Sync now";
  const lastSyncAt = snapshot?.lastSyncAt ?? null;
  return (
    <div className="space-y-2" data-testid="sync-panel">
      <div className="flex flex-wrap items-center gap-3">
        <Button onPress={() => void run()} disabled={state.kind !== "idle"} testId="sync-button">
          {label}
        </Button>
        <span className="text-sm text-slate-600" data-testid="sync-last">
          {lastSyncAt ? `Last sync ${formatSyncStamp(new Date(lastSyncAt))}` : "Not synced yet"}
        </span>
      </div>
      {isSyncStale(lastSyncAt, new Date()) && lastSyncAt ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note" data-testid="sync-stale">
          {SYNC_MESSAGES.stale(formatSyncStamp(new Date(lastSyncAt)))}
        </p>
      ) : null}
      <Modal
        title={SYNC_MESSAGES.problemTitle}
        isOpen={problem}
        onClose={() => setProblem(false)}
        actions={
          <Button onPress={() => setProblem(false)} testId="sync-problem-ok">
            OK
          </Button>
        }
      >
        <p>{SYNC_MESSAGES.problemText}</p>
      </Modal>
    </div>
  );
}
