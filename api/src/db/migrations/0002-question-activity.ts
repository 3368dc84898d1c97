import { type Kysely, sql } from "kysely";

/**
 * What a student does around questions (flags, seen-in-exam reports, results review), their
 * settings and activity, and how a test ended. Portable like 0001: 0/1 integers for booleans,
 * ISO-8601 text for times. SQLite adds one column per ALTER TABLE, so each is its own statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("flags")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    .addColumn("flagged", "integer", (c) => c.notNull())
    /** The time of the intent that set this state (the device's, never later than the server's). */
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("flags_pk", ["user_id", "question_id"])
    .execute();

  await db.schema
    .createTable("seen_in_exam")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    .addColumn("date_seen", "text", (c) => c.notNull())
    .addColumn("authority_id", "text", (c) => c.notNull().references("authorities.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("seen_in_exam_user_question")
    .on("seen_in_exam")
    .columns(["user_id", "question_id"])
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("user_test_id", "text", (c) => c.notNull().references("user_tests.id"))
    .addColumn("question_id", "integer", (c) => c.notNull())
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reviews_pk", ["user_id", "user_test_id", "question_id"])
    .execute();

  await db.schema
    .createTable("user_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id"))
    /** Zoom in tenths (10 to 18): an integer means the same on both databases. Null: never set. */
    .addColumn("zoom_tenths", "integer")
    .addColumn("zoom_updated_at", "text")
    /** The time of the last "unflag all": a flag intent older than this never applies. */
    .addColumn("flags_cleared_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_activity")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id"))
    .addColumn("last_active_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("user_tests").addColumn("ended", "text").execute();
  await db.schema
    .alterTable("user_tests")
    .addColumn("can_retake", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("user_tests")
    .addColumn("hide_results", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("user_tests").addColumn("retake_of", "text").execute();
  /** The position the student was last shown (the reload form of POST /test/current/question). */
  await db.schema
    .alterTable("user_tests")
    .addColumn("last_position", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update user_tests set ended = 'finished' where finished_at is not null`.execute(db);

  /** 1 once the question was shown during the test (spec: questions … accessed). */
  await db.schema
    .alterTable("user_test_questions")
    .addColumn("accessed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // Question statistics read every student's answers to one question.
  await db.schema.createIndex("answers_question").on("answers").column("question_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("answers_question").execute();
  await db.schema.alterTable("user_test_questions").dropColumn("accessed").execute();
  for (const column of ["last_position", "retake_of", "hide_results", "can_retake", "ended"])
    await db.schema.alterTable("user_tests").dropColumn(column).execute();
  for (const table of ["user_activity", "user_settings", "reviews", "seen_in_exam", "flags"])
    await db.schema.dropTable(table).execute();
}
