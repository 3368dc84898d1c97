import type { Kysely } from "kysely";
import { dropChangeSeqStamp, stampChangeSeq } from "../change-seq.ts";

/**
 * A student's personal notes on questions (issue 19): one row per (student, question), plain
 * text, the time of the write that set it (the latest write wins, sync-protocol rules/notes.ts,
 * SR24). A cleared note keeps its row with empty text, so an older write from another device
 * cannot bring the old text back. Numbered like every row a student owns (change_seq, migration
 * 0004) so the user step brings a note written on another device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("question_notes")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    /** The note as the student left it (at most NOTE_MAX_CHARS); "" once cleared. */
    .addColumn("text", "text", (c) => c.notNull())
    /** The time of the write that set it (the device's, never later than the server's). */
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("question_notes_pk", ["user_id", "question_id"])
    .execute();
  await db.schema
    .createIndex("question_notes_change_seq")
    .on("question_notes")
    .columns(["user_id", "change_seq"])
    .execute();
  await stampChangeSeq(db, { table: "question_notes", owner: "user_id", columns: ["text", "updated_at"] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeSeqStamp(db, "question_notes");
  await db.schema.dropIndex("question_notes_change_seq").execute();
  await db.schema.dropTable("question_notes").execute();
}
