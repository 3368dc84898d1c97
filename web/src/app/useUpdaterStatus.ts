import { useEffect, useState } from "react";
import { readUpdaterStatus, subscribeUpdater } from "../local/content/service.ts";
import { IDLE_STATUS, type UpdaterStatus } from "../local/content/status.ts";
import type { UserDb } from "../local/store/db.ts";

/**
 * The updater's status, polled every `pollMs` (spec: 1 s in the updater, 2 s on the dashboard)
 * and pushed at once when this tab runs the update.
 */
export function useUpdaterStatus(db: UserDb, pollMs: number): UpdaterStatus {
  const [status, setStatus] = useState<UpdaterStatus>(IDLE_STATUS);
  useEffect(() => {
    let live = true;
    const poll = () =>
      void readUpdaterStatus(db).then((s) => {
        if (live) setStatus(s);
      });
    poll();
    const timer = setInterval(poll, pollMs);
    const unsubscribe = subscribeUpdater((s) => {
      if (live) setStatus(s);
    });
    return () => {
      live = false;
      clearInterval(timer);
      unsubscribe();
    };
  }, [db, pollMs]);
  return status;
}
