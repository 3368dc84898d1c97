import { type Kysely, sql } from "kysely";
import { isPostgres } from "../change-seq.ts";

/**
 * `pushes_running` (issue 18): the pushes being applied just now, one row each while it runs, so
 * GET /sync/check says is_syncing on every API instance over one PostgreSQL, whichever instance
 * applies the push. UNLOGGED on PostgreSQL: the rows live for a request, need no WAL, and are
 * rightly empty after a crash. A row older than a minute is a crashed instance's and is ignored
 * (a push is cut after 25 s at shutdown). SQLite is one process: its server counts in memory, but
 * the table is made there too so both databases have the same schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = "id text primary key, user_id text not null, started_at text not null";
  await sql
    .raw(
      isPostgres(db) ? `create unlogged table pushes_running (${columns})` : `create table pushes_running (${columns})`,
    )
    .execute(db);
  await db.schema.createIndex("pushes_running_user").on("pushes_running").columns(["user_id", "started_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pushes_running").execute();
}
