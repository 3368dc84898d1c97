/**
 * When a pull left rows aside for changes still in the outbox, pull again as soon as the outbox
 * is empty, so the server's version of those rows arrives without waiting for the next sign-in.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { PULL_DEFERRED_KEY } from "../local/pull/keys.ts";
import type { UserDb } from "../local/store/db.ts";

export function usePullWhenSettled(db: UserDb): void {
  const deferredAt = useLiveQuery(async () => {
    const [deferred, pending] = await Promise.all([
      db.meta.get(PULL_DEFERRED_KEY),
      db.outbox.where("status").equals("pending").count(),
    ]);
    // The time of the chain that left rows aside: a new one lets the effect below run again.
    return typeof deferred?.value === "string" && pending === 0 ? deferred.value : null;
  }, [db]);

  useEffect(() => {
    if (!deferredAt || !navigator.onLine) return;
    void import("../local/pull/steps/runner.ts")
      .then(({ runPullChain }) => runPullChain(db))
      .then((result) => {
        if (!result.ok) console.warn("pull after the outbox emptied failed", result);
      });
  }, [deferredAt, db]);
}
