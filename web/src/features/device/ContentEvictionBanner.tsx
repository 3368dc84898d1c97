import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import {
  contentMissing,
  EVICTED_META_KEY,
  type EvictionNote,
  noteContentInstalled,
  recoverEvictedContent,
} from "../../local/content/storage.ts";
import { getMeta } from "../../local/store/db.ts";
import { currentDate } from "../../platform.ts";
import { Button } from "../../ui/Button.tsx";
import { DEVICE_MESSAGES } from "./messages.ts";

/**
 * Watches the content for the browser's eviction: notes when the bank is on the device, checks
 * on app open that it still is, and if it went says so plainly while it downloads again.
 */
export function ContentEvictionBanner() {
  const { db, userId } = useSignedIn().scope;
  const online = useOnline();
  const missing = useLiveQuery(() => contentMissing(db), [db]);
  const note = useLiveQuery(() => getMeta<EvictionNote>(db, EVICTED_META_KEY), [db]);

  // Once per app open (and account): was the content taken while the app was away?
  useEffect(() => {
    void recoverEvictedContent(db, userId, { online: navigator.onLine, now: currentDate() }).catch((err: unknown) =>
      console.warn("eviction check failed", err),
    );
  }, [db, userId]);

  // The bank is on the device: remember it, so its disappearance can be noticed later.
  useEffect(() => {
    if (missing === false) noteContentInstalled(userId, currentDate());
  }, [missing, userId]);

  if (!note) return null;
  const next =
    missing === false
      ? DEVICE_MESSAGES.evictedDone
      : online
        ? DEVICE_MESSAGES.evictedDownloading
        : DEVICE_MESSAGES.evictedOffline;
  return (
    <div className="border-b border-sky-200 bg-sky-50" role="status" data-testid="content-evicted">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2 text-sm text-sky-950">
        <span className="flex-1">
          {DEVICE_MESSAGES.evicted} {next}
        </span>
        <Button
          variant="plain"
          className="text-sky-800 underline"
          onPress={() => void db.meta.delete(EVICTED_META_KEY)}
        >
          Dismiss
        </Button>
      </div>
    </div>
  );
}
