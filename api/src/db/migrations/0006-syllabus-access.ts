import type { Kysely } from "kysely";
import { dropChangeSeqStamp, stampChangeSeq } from "../change-seq.ts";

/**
 * The syllabus page's access rules (spec study 4 and 6) and what they read:
 *   - per progress test: whether an initial attempt is allowed, and the retry interval after a fail;
 *   - per module: the lessons each progress test requires (spec: restrictions keyed by
 *     progress-test id); a part's target is derived from the course dates (rules/access.ts);
 *   - per student: how far each lesson was read (complete once its last page was opened),
 *     numbered like every row a student owns (change_seq, migration 0004) for the user step;
 *   - which progress test a student's test was taken of.
 * Server-wide restrict_target_dates and initial_attempt_override are server_settings rows.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("progress_tests")
    .addColumn("allow_initial_attempt", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("progress_tests").addColumn("retry_interval_minutes", "integer").execute();

  await db.schema
    .createTable("module_restrictions")
    .addColumn("module_id", "integer", (c) => c.notNull().references("modules.id"))
    .addColumn("progress_test_id", "integer", (c) => c.notNull().references("progress_tests.id"))
    .addColumn("lesson_id", "integer", (c) => c.notNull().references("lessons.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("module_restrictions_pk", ["module_id", "progress_test_id", "lesson_id"])
    .execute();

  await db.schema
    .createTable("lesson_progress")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("lesson_id", "integer", (c) => c.notNull().references("lessons.id"))
    /** The highest page (1-based) the student opened. */
    .addColumn("page", "integer", (c) => c.notNull())
    .addColumn("completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("lesson_progress_pk", ["user_id", "lesson_id"])
    .execute();
  await db.schema
    .createIndex("lesson_progress_change_seq")
    .on("lesson_progress")
    .columns(["user_id", "change_seq"])
    .execute();
  await stampChangeSeq(db, { table: "lesson_progress", owner: "user_id", columns: ["page", "completed"] });

  await db.schema
    .alterTable("user_tests")
    .addColumn("progress_test_id", "integer", (c) => c.references("progress_tests.id"))
    .execute();
  // Attempts and the last result are read per student and progress test.
  await db.schema
    .createIndex("user_tests_user_progress_test")
    .on("user_tests")
    .columns(["user_id", "progress_test_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_tests_user_progress_test").execute();
  await db.schema.alterTable("user_tests").dropColumn("progress_test_id").execute();
  await dropChangeSeqStamp(db, "lesson_progress");
  await db.schema.dropTable("lesson_progress").execute();
  await db.schema.dropTable("module_restrictions").execute();
  for (const column of ["retry_interval_minutes", "allow_initial_attempt"])
    await db.schema.alterTable("progress_tests").dropColumn(column).execute();
}
