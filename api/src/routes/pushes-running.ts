/**
 * Which students have a push being applied just now, for GET /sync/check's is_syncing. Several API
 * instances over one PostgreSQL apply pushes side by side, so there a push that is still running
 * after PUBLISH_AFTER_MS becomes a row of `pushes_running` (migration 0018, unlogged), deleted when
 * it ends; every instance also knows its own pushes from memory at once. Most pushes take a few
 * milliseconds: writing and deleting a row for each cost PostgreSQL a fifth of its CPU per answer
 * in the load bench, and a device polling every 2 s would hardly ever see one. So another instance
 * sees a push from its PUBLISH_AFTER_MS on. On SQLite one process serves the database, and memory
 * is all there is.
 */
import { randomUUID } from "node:crypto";
import DataLoader from "dataloader";
import type { AppDeps } from "../deps.ts";

/** A row older than this is a crashed instance's push (shutdown cuts a push after 25 s). */
const STALE_MS = 60_000;
/** How long a push runs before other instances are told of it. */
export const PUBLISH_AFTER_MS = 250;

export interface PushesRunning {
  /** Marks a push of the user's as running; the returned function marks it done. */
  start(userId: string): Promise<() => Promise<void>>;
  any(userId: string): Promise<boolean>;
}

export function pushesRunning(deps: AppDeps, publishAfterMs = PUBLISH_AFTER_MS): PushesRunning {
  return deps.dialect === "postgres" ? inDatabase(deps, publishAfterMs) : inMemory();
}

function inMemory(): PushesRunning {
  const running = new Map<string, number>();
  return {
    start: async (userId) => {
      running.set(userId, (running.get(userId) ?? 0) + 1);
      return async () => {
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      };
    },
    any: async (userId) => (running.get(userId) ?? 0) > 0,
  };
}

/**
 * This instance's pushes from memory; the long ones as rows too. The rows of the pushes published
 * (or ended) in the same turn of the event loop are written in one statement (DataLoader's
 * batching, nothing cached).
 */
function inDatabase({ db, clock }: AppDeps, publishAfterMs: number): PushesRunning {
  const staleBefore = () => new Date(clock.now().getTime() - STALE_MS).toISOString();
  const starts = new DataLoader<{ id: string; user_id: string }, true>(
    async (rows) => {
      const started_at = clock.now().toISOString();
      await db
        .insertInto("pushes_running")
        .values(rows.map((row) => ({ ...row, started_at })))
        .execute();
      return rows.map(() => true as const);
    },
    // The requests read in one turn of the event loop, not only those of one callback.
    { cache: false, batchScheduleFn: (run) => setImmediate(run) },
  );
  const ends = new DataLoader<{ id: string; user_id: string }, true>(
    async (rows) => {
      // The users' stale rows (a crashed instance's) go too.
      await db
        .deleteFrom("pushes_running")
        .where((eb) =>
          eb.or([
            eb(
              "id",
              "in",
              rows.map((row) => row.id),
            ),
            eb.and([
              eb("user_id", "in", [...new Set(rows.map((row) => row.user_id))]),
              eb("started_at", "<", staleBefore()),
            ]),
          ]),
        )
        .execute();
      return rows.map(() => true as const);
    },
    { cache: false, batchScheduleFn: (run) => setImmediate(run) },
  );
  const local = inMemory();
  return {
    start: async (userId) => {
      const doneLocally = await local.start(userId);
      const row = { id: randomUUID(), user_id: userId };
      // Bookkeeping only: a failed insert leaves the push unseen by other instances, nothing more.
      let published: Promise<unknown> | undefined;
      const timer = setTimeout(() => {
        published = starts.load(row).catch(() => undefined);
      }, publishAfterMs);
      return async () => {
        clearTimeout(timer);
        await doneLocally();
        if (published) {
          await published;
          await ends.load(row);
        }
      };
    },
    any: async (userId) =>
      (await local.any(userId)) ||
      (await db
        .selectFrom("pushes_running")
        .select("id")
        .where("user_id", "=", userId)
        .where("started_at", ">=", staleBefore())
        .limit(1)
        .executeTakeFirst()) !== undefined,
  };
}
