import type { Kysely } from "kysely";

/**
 * Exam integrity (issue 14).
 * - `user_tests.server_started_at`: when the test began on the server's clock (its start's
 *   arrival less the time it waited in the device's outbox); timed answers are judged from it.
 *   Null for tests from before this migration: their created_at stands in.
 * - `questions.school_id`: a school's own question. It is in no bank a student downloads; it
 *   reaches a student only through that school's fixed tests, without its answers when the
 *   test hides them. Null for the bank's questions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user_tests").addColumn("server_started_at", "text").execute();
  await db.schema
    .alterTable("questions")
    .addColumn("school_id", "integer", (c) => c.references("schools.id"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("questions").dropColumn("school_id").execute();
  await db.schema.alterTable("user_tests").dropColumn("server_started_at").execute();
}
