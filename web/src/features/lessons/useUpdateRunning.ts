import { useEffect, useState } from "react";
import { readUpdaterStatus, subscribeUpdater } from "../../local/content/service.ts";
import { isRunning } from "../../local/content/status.ts";
import type { UserDb } from "../../local/store/db.ts";

/** Polled as the dashboard polls the updater (spec: 2 s). */
const POLL_MS = 2000;

/**
 * Whether the updater is bringing content onto the device now; undefined until first read, so
 * a lesson that is on its way is not called missing for the moment the status takes to load.
 */
export function useUpdateRunning(db: UserDb): boolean | undefined {
  const [running, setRunning] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const poll = () =>
      void readUpdaterStatus(db).then(
        (status) => live && setRunning(isRunning(status)),
        () => live && setRunning(false),
      );
    poll();
    const timer = setInterval(poll, POLL_MS);
    const unsubscribe = subscribeUpdater((status) => live && setRunning(isRunning(status)));
    return () => {
      live = false;
      clearInterval(timer);
      unsubscribe();
    };
  }, [db]);
  return running;
}
