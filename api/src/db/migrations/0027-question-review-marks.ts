import type { Kysely } from "kysely";
import { dropChangeSeqStamp, stampChangeSeq } from "../change-seq.ts";

/**
 * A student's marks for review on questions (issue 19): one row per (student, question), whether
 * it is marked and the time of the write that set it (the latest write wins,
 * sync-protocol rules/latest-write.ts, SR26). A mark taken off keeps its row with marked = 0, so
 * an older mark from another device cannot come back. Numbered like every row a student owns
 * (change_seq, migration 0004) so the user step brings a mark set on another device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("question_review_marks")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    /** 1 marked, 0 taken off. */
    .addColumn("marked", "integer", (c) => c.notNull())
    /** The time of the write that set it (the device's, never later than the server's). */
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("question_review_marks_pk", ["user_id", "question_id"])
    .execute();
  await db.schema
    .createIndex("question_review_marks_change_seq")
    .on("question_review_marks")
    .columns(["user_id", "change_seq"])
    .execute();
  await stampChangeSeq(db, { table: "question_review_marks", owner: "user_id", columns: ["marked", "updated_at"] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeSeqStamp(db, "question_review_marks");
  await db.schema.dropIndex("question_review_marks_change_seq").execute();
  await db.schema.dropTable("question_review_marks").execute();
}
