/**
 * Which students have a push being applied just now, for GET /sync/check's is_syncing. Several API
 * instances over one PostgreSQL apply pushes side by side, so there the pushes are rows of
 * `pushes_running` (migration 0018, unlogged): a row while a push runs, deleted when it ends. On
 * SQLite one process serves the database, and a push holds the one connection until it commits,
 * so the count stays in this process's memory.
 */
import { randomUUID } from "node:crypto";
import type { AppDeps } from "../deps.ts";

/** A row older than this is a crashed instance's push (shutdown cuts a push after 25 s). */
const STALE_MS = 60_000;

export interface PushesRunning {
  /** Marks a push of the user's as running; the returned function marks it done. */
  start(userId: string): Promise<() => Promise<void>>;
  any(userId: string): Promise<boolean>;
}

export function pushesRunning(deps: AppDeps): PushesRunning {
  return deps.dialect === "postgres" ? inDatabase(deps) : inMemory();
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

function inDatabase({ db, clock }: AppDeps): PushesRunning {
  const staleBefore = () => new Date(clock.now().getTime() - STALE_MS).toISOString();
  return {
    start: async (userId) => {
      const id = randomUUID();
      await db
        .insertInto("pushes_running")
        .values({ id, user_id: userId, started_at: clock.now().toISOString() })
        .execute();
      return async () => {
        // The user's stale rows (a crashed instance's) go too.
        await db
          .deleteFrom("pushes_running")
          .where((eb) =>
            eb.or([eb("id", "=", id), eb.and([eb("user_id", "=", userId), eb("started_at", "<", staleBefore())])]),
          )
          .execute();
      };
    },
    any: async (userId) =>
      (await db
        .selectFrom("pushes_running")
        .select("id")
        .where("user_id", "=", userId)
        .where("started_at", ">=", staleBefore())
        .limit(1)
        .executeTakeFirst()) !== undefined,
  };
}
