import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Bug reports (spec accounts §7; issue 16): what the user wrote, who sent it from which app
 * version and browser, the device's data export (kept gzip-compressed, as it arrived or packed
 * by the server) and the device's recent log lines (JSON text). Kept in the database like
 * feedback's screenshots, so one insert writes a report whole and a backup holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("bug_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("page", "text")
    .addColumn("app_version", "text")
    .addColumn("user_agent", "text")
    .addColumn("export_gz", binary, (c) => c.notNull())
    .addColumn("export_bytes", "integer", (c) => c.notNull())
    .addColumn("export_unpacked_bytes", "integer", (c) => c.notNull())
    .addColumn("log", "text", (c) => c.notNull())
    .addColumn("log_lines", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bug_reports_created").on("bug_reports").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bug_reports").execute();
}
