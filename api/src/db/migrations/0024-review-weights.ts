import type { Kysely } from "kysely";
import { dropChangeSeqStamp, stampChangeSeq } from "../change-seq.ts";

/**
 * A student's own review weights (issue 19): FSRS's weights fitted to their history by the server
 * (review/fit-weights.ts), one row per student, replaced at each fit. Numbered like every row a
 * student owns (change_seq, migration 0004), so the profile step brings new weights to each device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("review_weights")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id"))
    /** The weights, a JSON array of REVIEW_WEIGHT_COUNT numbers. */
    .addColumn("weights", "text", (c) => c.notNull())
    /** How many reviews they were fitted to, and when (ISO 8601). */
    .addColumn("reviews", "integer", (c) => c.notNull())
    .addColumn("fitted_at", "text", (c) => c.notNull())
    .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await stampChangeSeq(db, { table: "review_weights", owner: "user_id", columns: ["weights"] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeSeqStamp(db, "review_weights");
  await db.schema.dropTable("review_weights").execute();
}
