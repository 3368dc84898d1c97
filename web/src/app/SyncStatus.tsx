import { formatSyncStamp } from "@preflight/sync-protocol";
import { Link } from "@tanstack/react-router";
import type { UserDb } from "../local/store/db.ts";
import { useSyncSnapshot } from "./live-queries.ts";
import { useOnline } from "./useOnline.ts";

/** Always visible: online or not, how many changes wait to be sent (a link to This device), and the last sync. */
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
        className="whitespace-nowrap rounded-full bg-white/15 px-2 py-0.5 text-xs hover:bg-white/25"
        data-testid="pending-count"
        title="Changes not sent yet: see This device"
      >
        {pending} pending
      </Link>
      {snapshot?.lastSyncAt ? (
        <span className="hidden text-xs text-header-muted md:inline" data-testid="last-sync">
          Last sync {formatSyncStamp(new Date(snapshot.lastSyncAt))}
        </span>
      ) : null}
    </div>
  );
}
