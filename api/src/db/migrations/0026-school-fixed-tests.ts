import type { Kysely } from "kysely";

/**
 * Fixed tests a school sets (issue 20). A test of a school (school_id set) reaches the students of
 * the classes it is assigned to (fixed_test_classes), whatever their syllabus; a test without a
 * school stays a syllabus-wide one as before. opens_at and closes_at bound when it may be started
 * (ISO-8601 text, null for no bound); created_by and updated_at say who set it and when it last
 * changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("fixed_tests")
    .addColumn("school_id", "integer", (c) => c.references("schools.id"))
    .execute();
  for (const column of ["opens_at", "closes_at", "updated_at"])
    await db.schema.alterTable("fixed_tests").addColumn(column, "text").execute();
  await db.schema
    .alterTable("fixed_tests")
    .addColumn("created_by", "text", (c) => c.references("users.id"))
    .execute();
  await db.schema.createIndex("fixed_tests_school").on("fixed_tests").column("school_id").execute();

  await db.schema
    .createTable("fixed_test_classes")
    .addColumn("fixed_test_id", "integer", (c) => c.notNull().references("fixed_tests.id"))
    .addColumn("class_id", "text", (c) => c.notNull().references("classes.id"))
    .addPrimaryKeyConstraint("fixed_test_classes_pk", ["fixed_test_id", "class_id"])
    .execute();
  // A student's tests are found from their class.
  await db.schema.createIndex("fixed_test_classes_class").on("fixed_test_classes").column("class_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("fixed_test_classes").execute();
  await db.schema.dropIndex("fixed_tests_school").execute();
  for (const column of ["created_by", "updated_at", "closes_at", "opens_at", "school_id"])
    await db.schema.alterTable("fixed_tests").dropColumn(column).execute();
}
