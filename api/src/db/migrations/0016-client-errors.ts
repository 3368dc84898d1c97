import type { Kysely } from "kysely";

/**
 * Client error reports (spec accounts §9; issue 16): a page's uncaught error, unhandled
 * rejection or render error, with the device's id for it (a resend is stored once), how many
 * times it happened before it was sent, when (the device's clock) and when it arrived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("client_errors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("stack", "text")
    .addColumn("page", "text")
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("occurred_at", "text", (c) => c.notNull())
    .addColumn("app_version", "text")
    .addColumn("user_agent", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("client_errors_received").on("client_errors").column("received_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("client_errors").execute();
}
