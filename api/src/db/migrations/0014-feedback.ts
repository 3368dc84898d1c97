import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Feedback (spec accounts §7; issue 16): a student's text, the app's page and version it was
 * given on, and its screenshots. Screenshots are kept in the database (blob on SQLite, bytea on
 * PostgreSQL), so one transaction writes a feedback whole and a backup of the database holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("feedback")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("page", "text")
    .addColumn("app_version", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feedback_created").on("feedback").column("created_at").execute();
  await db.schema
    .createTable("feedback_screenshots")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("feedback_id", "text", (c) => c.notNull().references("feedback.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("bytes", binary, (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("feedback_screenshots_feedback")
    .on("feedback_screenshots")
    .column("feedback_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("feedback_screenshots").execute();
  await db.schema.dropTable("feedback").execute();
}
