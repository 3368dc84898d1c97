/** Live reads for the jobs panels: the outbox from Dexie, refreshed every 20 s (spec). */
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { callLabel, callTestId } from "../../local/outbox/call-labels.ts";
import { isDrainRunning, readJobs, serviceWorkerActive } from "../../local/outbox/jobs.ts";
import type { LocalUserTest, OutboxEntry, UserDb } from "../../local/store/db.ts";
import { currentDate } from "../../platform.ts";
import { JOBS_REFRESH_MS, type JobLabeller, type JobPanels, jobPanels } from "./jobs-model.ts";

/** What the jobs panels show: both panels, the drain's pause and back-off, and the time they were read. */
export interface JobsState {
  panels: JobPanels;
  paused: string | null;
  nextAttemptAt: string | null;
  /** The browser says it is offline: the pending jobs wait for the network. */
  offline: boolean;
  now: Date;
}

/** Each change in words, with the tests they belong to as this device holds them. */
async function labellerFor(db: UserDb, entries: OutboxEntry[]): Promise<JobLabeller> {
  const ids = [...new Set(entries.map((e) => callTestId(e.call, e.body)).filter((id): id is string => id !== null))];
  const tests = new Map<string, LocalUserTest>();
  (await db.userTests.bulkGet(ids)).forEach((test, i) => {
    if (test) tests.set(ids[i] as string, test);
  });
  return (entry) => {
    const id = callTestId(entry.call, entry.body);
    return callLabel(entry.call, entry.body, id ? tests.get(id) : undefined);
  };
}

/**
 * Both panels, live from Dexie between refreshes; each refresh (every JOBS_REFRESH_MS, or when
 * `refresh()` is called after an action) reads the time and whether a drain holds the lock.
 */
export function useJobs(db: UserDb, userId: string): { view: JobsState | undefined; refresh: () => void } {
  const [tick, setTick] = useState(0);
  const [running, setRunning] = useState(false);
  const refresh = useCallback(() => {
    setTick((t) => t + 1);
    void isDrainRunning().then(setRunning);
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, JOBS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const offline = !useOnline();
  const snapshot = useLiveQuery(async () => {
    const jobs = await readJobs(db, userId);
    return { ...jobs, labelOf: await labellerFor(db, jobs.entries), now: currentDate(), tick };
  }, [db, userId, tick]);
  const view = snapshot && {
    panels: jobPanels(
      snapshot.entries,
      snapshot.failedAt,
      { nextAttemptAt: snapshot.nextAttemptAt, paused: snapshot.paused, running, offline },
      snapshot.now,
      snapshot.labelOf,
    ),
    paused: snapshot.paused,
    nextAttemptAt: snapshot.nextAttemptAt,
    offline,
    now: snapshot.now,
  };
  return { view, refresh };
}

function subscribeController(onChange: () => void): () => void {
  const container = navigator.serviceWorker;
  container?.addEventListener("controllerchange", onChange);
  return () => container?.removeEventListener("controllerchange", onChange);
}

/** Whether a service worker controls the page, kept current when one takes over. */
export function useServiceWorkerActive(): boolean {
  return useSyncExternalStore(subscribeController, serviceWorkerActive, () => false);
}
