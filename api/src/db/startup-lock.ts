/**
 * One instance at a time through the start-up steps (migrations, the first-start demo seed,
 * settings from the environment). Kysely's migrator already locks itself on PostgreSQL, but the
 * seed checks "is anything there?" and then inserts: two instances started together over an
 * empty PostgreSQL would both find it empty and the second would fail on the first's rows. On
 * PostgreSQL a session advisory lock, held on one connection of the pool while the steps run on
 * others, makes the second instance wait and then find the database seeded. SQLite is one
 * process's database: nothing to share, nothing to lock.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "./connect.ts";
import type { Database } from "./schema.ts";

/** Any fixed number of ours (advisory locks are keyed by a bigint); Kysely's migrator uses another. */
const STARTUP_LOCK = 0x70726566; // "pref"

export async function underStartupLock<T>(db: Kysely<Database>, dialect: Dialect, steps: () => Promise<T>): Promise<T> {
  if (dialect !== "postgres") return steps();
  return db.connection().execute(async (held) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK)})`.execute(held);
    try {
      return await steps();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK)})`.execute(held);
    }
  });
}
