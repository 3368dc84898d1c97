import { type Kysely, sql } from "kysely";

/**
 * Comments and error reports on questions (issue 19).
 *
 * - `user_test_questions.comment`: the student's comment on a question of an exam-type test, kept
 *   with the test question it is about (and so with its answers), with the time of the intent
 *   that wrote it (`comment_updated_at`; the latest intent wins across devices). The content
 *   team's list reads the commented rows by a partial index.
 * - `question_reports`: one row per report of an error in a question (the device's `report_id`),
 *   with the version the student saw, the category and text, and what the content team did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user_test_questions").addColumn("comment", "text").execute();
  await db.schema.alterTable("user_test_questions").addColumn("comment_updated_at", "text").execute();
  await db.schema
    .createIndex("user_test_questions_commented")
    .on("user_test_questions")
    .column("comment_updated_at")
    .where(sql.ref("comment"), "is not", null)
    .execute();

  await db.schema
    .createTable("question_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    .addColumn("question_version", "integer", (c) => c.notNull())
    .addColumn("user_test_id", "text")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("resolved_by", "text", (c) => c.references("users.id"))
    .execute();
  await db.schema.createIndex("question_reports_received").on("question_reports").column("received_at").execute();
  await db.schema
    .createIndex("question_reports_status")
    .on("question_reports")
    .columns(["status", "received_at"])
    .execute();
  await db.schema.createIndex("question_reports_question").on("question_reports").column("question_id").execute();
  await db.schema.createIndex("question_reports_user").on("question_reports").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("question_reports").execute();
  await db.schema.dropIndex("user_test_questions_commented").execute();
  await db.schema.alterTable("user_test_questions").dropColumn("comment_updated_at").execute();
  await db.schema.alterTable("user_test_questions").dropColumn("comment").execute();
}
