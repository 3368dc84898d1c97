import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import { Link } from "@tanstack/react-router";
import type { UserDb } from "../local/store/db.ts";
import { DEVICE_OFFLINE } from "../ui/offline-words.ts";
import { useSyncSnapshot } from "./live-queries.ts";
import { useOnline } from "./useOnline.ts";

/**
 * The app's one sync status, always visible in the header: online or not ("Offline": the changes
 * wait on the device, nothing failed) and how many changes wait to be sent (a link to This
 * device). The last sync's time sits beside the Sync now button (dashboard, This device).
 */
export function SyncStatus({ db }: { db: UserDb }) {
  const online = useOnline();
  const snapshot = useSyncSnapshot(db);
  const pending = snapshot?.pending ?? 0;
  const label = !online ? "Offline" : snapshot?.paused ? "Sign in to sync" : pending > 0 ? "Syncing" : "Synced";
  const tone =
    !online || snapshot?.paused ? "bg-amber-400" : pending > 0 ? "bg-sky-300 animate-pulse" : "bg-emerald-400";
  return (
    <div className="flex items-center gap-2" data-testid="sync-status" aria-live="polite">
      <span className={`inline-block h-2.5 w-2.5 rounded-full ${tone}`} aria-hidden />
      <span>{label}</span>
      <Link
        to="/device"
        // The pill stays small; its hit area reaches 44 px high (the touch target) without growing the header.
        className="relative whitespace-nowrap rounded-full bg-white/15 px-2.5 py-0.5 text-xs after:absolute after:inset-x-0 after:-inset-y-3 after:content-[''] hover:bg-white/25"
        data-testid="pending-count"
        title={[
          online
            ? "Changes not sent yet: see This device"
            : `${DEVICE_OFFLINE}: changes wait here until you are online`,
          snapshot?.lastSyncAt ? `Last sync ${formatSyncStamp(new Date(snapshot.lastSyncAt))}` : "Not synced yet",
        ].join(". ")}
      >
        {pending} pending
      </Link>
    </div>
  );
}
