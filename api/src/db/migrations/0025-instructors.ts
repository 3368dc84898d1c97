import type { Kysely } from "kysely";

/**
 * Instructors (issue 20): a user of role "instructor" belongs to one school, named by
 * users.school_id (null for every other role). One column rather than a table of instructors:
 * "one school per instructor" is the column itself, and the session check reads it with the
 * role in the one query it already makes, so every school route compares it without a join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("school_id", "integer", (c) => c.references("schools.id"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("school_id").execute();
}
