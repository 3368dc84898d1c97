/**
 * The device's job queue (the outbox) as the maintenance jobs panel works it: read the jobs,
 * run them now (all, or up to one entry), retry the parked ones, restart the queue, and tell
 * whether a drain is running and whether a service worker is there to run it in the background.
 *
 * Retrying a parked entry must get it applied exactly once. What the server already did with it
 * decides how:
 *   - refused and recorded (SR3), or skipped (DR8, SR21): its id is stored as failed and the
 *     server's cursor has moved past its seq, so sending it again under that id would only
 *     return the stored failure (SR1). It is queued again as a NEW mutation (new id, next seq,
 *     same call, body and intent time); the old one is dropped in the same transaction.
 *   - refused whole with its skip still owed (`needsSkip`): the server holds nothing under its
 *     id and its cursor waits at the seq before it, so it goes back to pending as it is (same
 *     id, same seq) instead of the skip.
 * Each retry runs under the "outbox" Web Lock, so it never changes an entry a drain has on the
 * wire.
 */
import { v7 as uuidv7 } from "uuid";
import { lockHeld, withLock } from "../../platform.ts";
import { type CallReply, call, type Routes } from "../api.ts";
import { getMeta, type OutboxEntry, type UserDb } from "../store/db.ts";
import type { DrainDeps, DrainOutcome } from "./drain.ts";
import { restartDrainTriggers, wakeDrain } from "./drain-scheduler.ts";

const LOCK_NAME = "outbox";

export interface JobsSnapshot {
  /** This user's outbox entries, in seq order. */
  entries: OutboxEntry[];
  /** When each parked entry was refused, by mutation id (the notice written with it). */
  failedAt: Map<string, string>;
  nextAttemptAt: string | null;
  paused: string | null;
}

/** Everything the jobs panels show, read in one go (live with useLiveQuery). */
export async function readJobs(db: UserDb, userId: string): Promise<JobsSnapshot> {
  return db.transaction("r", [db.outbox, db.notices, db.meta], async () => {
    const entries = await db.outbox
      .orderBy("seq")
      .filter((e) => e.userId === userId)
      .toArray();
    const failed = entries.filter((e) => e.status === "failed");
    const notices = await db.notices.bulkGet(failed.map((e) => e.id));
    const failedAt = new Map<string, string>();
    for (const notice of notices) if (notice) failedAt.set(notice.id, notice.createdAt);
    const backoff = await getMeta<{ nextAttemptAt: string }>(db, "drainBackoff");
    return {
      entries,
      failedAt,
      nextAttemptAt: backoff?.nextAttemptAt ?? null,
      paused: (await getMeta<string>(db, "paused")) ?? null,
    };
  });
}

/** Is a drain running just now, in this page, another tab or the service worker? */
export async function isDrainRunning(): Promise<boolean> {
  return lockHeld(LOCK_NAME);
}

/** Is a service worker controlling this page (the background replay)? */
export function serviceWorkerActive(): boolean {
  const container = (globalThis as { navigator?: { serviceWorker?: ServiceWorkerContainer } }).navigator?.serviceWorker;
  return Boolean(container?.controller);
}

export interface RunReport {
  outcome: DrainOutcome;
  /** Entries still pending after the run. */
  pending: number;
  /** Calls of the entries parked as failed after the run, in seq order. */
  failedCalls: string[];
}

/**
 * Runs the queue now, ignoring the back-off: everything, or (with `throughSeq`) every entry up
 * to and including that one, since entries go in seq order. Waits a little while another
 * drainer holds the lock, then runs itself.
 */
export async function runJobs(
  db: UserDb,
  userId: string,
  deps: DrainDeps,
  options: { throughSeq?: number } = {},
): Promise<RunReport> {
  // The drain loads with its first run (the dashboard's sync button does not need it to paint).
  const { drainWhenFree } = await import("./drain.ts");
  const outcome = await drainWhenFree(deps, { force: true, throughSeq: options.throughSeq });
  const entries = await db.outbox
    .orderBy("seq")
    .filter((e) => e.userId === userId)
    .toArray();
  return {
    outcome,
    pending: entries.filter((e) => e.status === "pending").length,
    failedCalls: entries.filter((e) => e.status === "failed").map((e) => e.call),
  };
}

/** Runs `work` while holding the outbox lock, waiting for a running drain to finish first. */
async function underOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  return withLock(LOCK_NAME, work);
}

/**
 * Queues the parked entries again, oldest first (all, or those `which` picks), so each is sent
 * once more in order. Returns how many were queued again.
 */
export async function retryFailed(
  db: UserDb,
  userId: string,
  which: (entry: OutboxEntry) => boolean = () => true,
): Promise<number> {
  return underOutboxLock(() =>
    db.transaction("rw", [db.outbox, db.meta, db.notices], async () => {
      const parked = await db.outbox
        .where("status")
        .equals("failed")
        .filter((e) => e.userId === userId && which(e))
        .sortBy("seq");
      for (const entry of parked) {
        await db.notices.update(entry.id, { seen: 1 });
        if (entry.needsSkip) {
          await db.outbox.update(entry.seq, { status: "pending", needsSkip: false, lastError: null });
          continue;
        }
        const seq = (await getMeta<number>(db, "nextSeq")) ?? 1;
        await db.meta.put({ key: "nextSeq", value: seq + 1 });
        await db.outbox.delete(entry.seq);
        await db.outbox.add({
          ...entry,
          seq,
          id: uuidv7(),
          status: "pending",
          lastError: null,
          needsSkip: false,
        });
      }
      return parked.length;
    }),
  );
}

export interface RestartReport {
  /** What was cleared: a back-off, a pause (with its reason), a one-at-a-time push size. */
  clearedBackoff: boolean;
  clearedPause: string | null;
  /** The page's drain triggers were installed again (timer, online, visibility). */
  triggersRestarted: boolean;
  serviceWorker: boolean;
}

/**
 * Restarts the queue: forgets the back-off and any pause, reinstalls the page's triggers and
 * wakes the drain at once (the worker where one controls the page, else the page itself).
 */
export async function restartQueue(db: UserDb): Promise<RestartReport> {
  const cleared = await db.transaction("rw", db.meta, async () => {
    const backoff = await db.meta.get("drainBackoff");
    const paused = await getMeta<string>(db, "paused");
    await db.meta.bulkDelete(["drainBackoff", "paused", "pushBatchSize"]);
    return { clearedBackoff: Boolean(backoff), clearedPause: paused ?? null };
  });
  const triggersRestarted = restartDrainTriggers();
  await wakeDrain({ force: true });
  return { ...cleared, triggersRestarted, serviceWorker: serviceWorkerActive() };
}

/** Spec: sync availability — available, is_syncing, sync_date. */
export type SyncAvailability = CallReply<Routes["syncCheck"]>;

/** GET /sync/check; throws ApiCallError or NetworkError like every online call. */
export function checkSyncAvailability(): Promise<SyncAvailability> {
  return call("syncCheck", { globalPolicy: false });
}
