import type { Kysely } from "kysely";
import { dropChangeSeqStamp, stampChangeSeq } from "../change-seq.ts";

/**
 * Resets of a subject's progress (spec study 4 "Reset progress"): one row per reset, named by
 * the id of the mutation that made it, so a resent reset is the same row. The analysis graphs of
 * that subject count only answers given at or after the latest reset (rules/analysis.ts); tests
 * and results stay. Numbered like every row a student owns (change_seq, migration 0004) so the
 * user step brings a reset made on another device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("progress_resets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    /** The subject's code, e.g. 010. */
    .addColumn("subject_id", "text", (c) => c.notNull())
    /** The reset intent's time (ISO 8601). */
    .addColumn("reset_at", "text", (c) => c.notNull())
    .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("progress_resets_change_seq")
    .on("progress_resets")
    .columns(["user_id", "change_seq"])
    .execute();
  await stampChangeSeq(db, { table: "progress_resets", owner: "user_id", columns: ["subject_id", "reset_at"] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeSeqStamp(db, "progress_resets");
  await db.schema.dropIndex("progress_resets_change_seq").execute();
  await db.schema.dropTable("progress_resets").execute();
}
