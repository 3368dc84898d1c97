import type { Kysely } from "kysely";

/**
 * Fixed tests: tests a school sets (questions, time limit, pass mark, attempts, password and
 * whether results or answers are shown), the password grants a student has earned, server-wide
 * settings, and the link from a student's test to the fixed test it was taken from. Portable
 * like 0001: 0/1 integers for booleans, ISO-8601 text for times, JSON text for lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("fixed_tests")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("syllabus_id", "integer", (c) => c.notNull().references("syllabi.id"))
    .addColumn("title", "text", (c) => c.notNull())
    /** JSON list of question ids, in the order the school set them. */
    .addColumn("question_ids", "text", (c) => c.notNull())
    .addColumn("time_limit", "integer")
    .addColumn("pass_percentage", "integer")
    /** Attempts allowed per student; 0 means no limit. */
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** scrypt hash (as user passwords); null when the test needs no password. */
    .addColumn("password_hash", "text")
    .addColumn("hide_results", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hide_answers", "integer", (c) => c.notNull().defaultTo(0))
    /** Why the test cannot be started now; null when it can. */
    .addColumn("disabled_reason", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fixed_tests_syllabus").on("fixed_tests").column("syllabus_id").execute();

  await db.schema
    .createTable("fixed_test_access")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("fixed_test_id", "integer", (c) => c.notNull().references("fixed_tests.id"))
    /** The password hash the student's password was checked against: a new password needs a new check. */
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("granted_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("fixed_test_access_pk", ["user_id", "fixed_test_id"])
    .execute();

  await db.schema
    .createTable("server_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("user_tests")
    .addColumn("fixed_test_id", "integer", (c) => c.references("fixed_tests.id"))
    .execute();
  await db.schema
    .alterTable("user_tests")
    .addColumn("hide_answers", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Attempts are counted per student and fixed test.
  await db.schema.createIndex("user_tests_user_fixed").on("user_tests").columns(["user_id", "fixed_test_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_tests_user_fixed").execute();
  for (const column of ["hide_answers", "fixed_test_id"])
    await db.schema.alterTable("user_tests").dropColumn(column).execute();
  for (const table of ["server_settings", "fixed_test_access", "fixed_tests"])
    await db.schema.dropTable(table).execute();
}
