import {
  SYNC_AVAILABILITY_POLL_MS,
  SYNC_RETRY_WAIT_S,
  SYNC_STALE_DAYS,
  SYNC_SUCCESS_DISABLE_MS,
} from "@preflight/sync-protocol/rules/constants";
import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import { useEffect, useState, useSyncExternalStore } from "react";
import { afterFirstPage } from "../../app/first-page-ready.ts";
import { useSyncSnapshot } from "../../app/live-queries.ts";
import { useOnline } from "../../app/useOnline.ts";
import { checkSyncAvailability, isDrainRunning, type SyncAvailability } from "../../local/outbox/jobs.ts";
import type { UserDb } from "../../local/store/db.ts";
import { currentDate } from "../../platform.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { DEVICE_OFFLINE, SAVED_ON_DEVICE } from "../../ui/offline-words.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";

export const SYNC_MESSAGES = {
  retry: `Please try syncing again in ${SYNC_RETRY_WAIT_S} seconds`,
  problemTitle: "There was a problem",
  problemText: "We were unable to sync your data. Please try again, and contact support if this continues.",
  busy: "Unable to update whilst a sync is in progress, please try again shortly.",
  stale: (stamp: string) => `Your last sync was on ${stamp}. Sync now to keep your progress safe.`,
  /** Pressed offline: nothing failed, the changes wait on the device. */
  offlineTitle: DEVICE_OFFLINE,
  offlineWaiting: SAVED_ON_DEVICE,
  offlineNothing: "Nothing is waiting to be sent. Sync again when you are online.",
} as const;

export type SyncState =
  | { kind: "idle" }
  | { kind: "syncing" }
  | { kind: "synced" }
  | { kind: "failed"; secondsLeft: number };

/** Is the last sync older than the warning limit (or missing)? */
export function isSyncStale(lastSyncAt: string | null, now: Date): boolean {
  if (!lastSyncAt) return false;
  return now.getTime() - new Date(lastSyncAt).getTime() > SYNC_STALE_DAYS * 24 * 60 * 60 * 1000;
}

/** Is a sync under way elsewhere: the server says so (or is not taking syncs), or a drain runs here? */
export function syncInProgress(server: SyncAvailability | null, localDrain: boolean): boolean {
  return localDrain || (server !== null && (server.is_syncing || !server.available));
}

/**
 * What the button shows and whether it may be pressed, from its own state, a sync elsewhere and
 * the browser's view of the network. Offline it stays pressable (it says why nothing is sent).
 */
export function syncButtonView(
  state: SyncState,
  busyElsewhere: boolean,
  online = true,
): { label: string; disabled: boolean } {
  if (!online && state.kind !== "syncing") return { label: "Sync now", disabled: false };
  switch (state.kind) {
    case "syncing":
      return { label: "Syncing…", disabled: true };
    case "synced":
      return { label: "Synced", disabled: true };
    case "failed":
      return { label: `Try again in ${state.secondsLeft} s`, disabled: true };
    default:
      // Pressable while another sync runs, so the student is told why nothing starts.
      return { label: busyElsewhere ? "Syncing…" : "Sync now", disabled: false };
  }
}

/** One look at the server's availability and the local drain; offline or refused means "not syncing". */
async function checkSyncElsewhere(): Promise<boolean> {
  const [server, local] = await Promise.all([
    checkSyncAvailability().catch(() => null),
    isDrainRunning().catch(() => false),
  ]);
  return syncInProgress(server, local);
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/**
 * Sync availability (spec: GET /sync/check polled every 2 s) while the button is on screen, the
 * page visible and the device online; a drain holding the outbox lock here counts as syncing.
 */
function useSyncElsewhere(): boolean {
  const online = useOnline();
  const visible = useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== "hidden");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!online || !visible) {
      setBusy(false);
      return;
    }
    let cancelled = false;
    const poll = async () => {
      const inProgress = await checkSyncElsewhere();
      if (!cancelled) setBusy(inProgress);
    };
    // From when the page the student opened shows what it came for (first-page-ready.ts).
    const stopPolling = afterFirstPage(() => {
      void poll();
      const timer = setInterval(() => void poll(), SYNC_AVAILABILITY_POLL_MS);
      return () => clearInterval(timer);
    });
    return () => {
      cancelled = true;
      stopPolling();
    };
  }, [online, visible]);
  return busy;
}

/** The sync button (spec): idle, syncing, synced (disabled 5 s), failed (disabled, 10 s countdown). */
export function SyncButton({ db, showLastSync = true }: { db: UserDb; showLastSync?: boolean }) {
  const [state, setState] = useState<SyncState>({ kind: "idle" });
  const [problem, setProblem] = useState(false);
  const { notify } = useSnackbar();
  const snapshot = useSyncSnapshot(db);
  const busyElsewhere = useSyncElsewhere();

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

  const online = useOnline();
  const pending = snapshot?.pending ?? 0;

  /** Offline is no failure: the changes wait on this device, and the student is told so. */
  const sayOffline = () => {
    setState({ kind: "idle" });
    notify({
      type: "info",
      title: SYNC_MESSAGES.offlineTitle,
      text: pending > 0 ? SYNC_MESSAGES.offlineWaiting : SYNC_MESSAGES.offlineNothing,
    });
  };

  const run = async () => {
    if (!navigator.onLine) return sayOffline();
    setState({ kind: "syncing" });
    // Looked at afresh on press (the last poll may be up to 2 s old): no second sync beside one under way.
    if (navigator.onLine && (await checkSyncElsewhere())) {
      setState({ kind: "idle" });
      notify({ type: "warning", title: "Sync in progress", text: SYNC_MESSAGES.busy });
      return;
    }
    // Loaded on the press (the page fetches it once it has loaded: scripts/first-pages.ts AFTER_LOAD).
    const result = await import("../../local/outbox/sync-now.ts").then(({ syncNow }) => syncNow(db));
    if (result.ok) {
      setState({ kind: "synced" });
      return;
    }
    // The network went while the sync ran: the same as pressing it offline.
    if (!navigator.onLine) return sayOffline();
    console.warn("sync failed", result.reason);
    setState({ kind: "failed", secondsLeft: SYNC_RETRY_WAIT_S });
    notify({ type: "warning", title: "Sync failed", text: SYNC_MESSAGES.retry });
    setProblem(true);
  };

  const { label, disabled } = syncButtonView(state, busyElsewhere, online);
  const lastSyncAt = snapshot?.lastSyncAt ?? null;
  return (
    <div className="space-y-2" data-testid="sync-panel">
      {/* On a phone the sync time goes under the button whatever its length, so the room the
          dashboard keeps for this panel while it loads is exact. */}
      <div className="flex flex-wrap items-center gap-3 max-[480px]:flex-col max-[480px]:items-start">
        <Button onPress={() => void run()} disabled={disabled} testId="sync-button">
          {label}
        </Button>
        {showLastSync ? (
          <span className="text-sm text-slate-600" data-testid="sync-last">
            {lastSyncAt ? `Last sync ${formatSyncStamp(new Date(lastSyncAt))}` : "Not synced yet"}
          </span>
        ) : null}
      </div>
      {online ? null : (
        <p className="text-sm text-slate-700" role="status" data-testid="sync-offline">
          <span className="font-medium">{DEVICE_OFFLINE}.</span>{" "}
          {pending > 0 ? `${SAVED_ON_DEVICE}.` : "Your work is kept here and syncs when you are online."}
        </p>
      )}
      {isSyncStale(lastSyncAt, currentDate()) && lastSyncAt ? (
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
