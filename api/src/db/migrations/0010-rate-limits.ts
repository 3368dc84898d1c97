import type { Kysely } from "kysely";

/**
 * `rate_limits` (issue 14): the brute-force counters of api/src/auth/limits.ts. One row per
 * bucket ("login:account:<e-mail>", "login:address:<ip>", ...): the failures counted in the
 * current window, when that window started and when the last failure came. Kept in the database
 * so every API instance on it shares the same counts. Times are ISO 8601 like elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("bucket", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "text", (c) => c.notNull())
    .addColumn("last_failure_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
