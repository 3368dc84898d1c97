import type { Kysely } from "kysely";
import { isPostgres } from "../change-seq.ts";

/**
 * `question_stats_pending` (issue 18): on PostgreSQL a push appends its statistics deltas here
 * instead of updating `question_stats` rows, which every student answering the same questions
 * would queue on (a row stays locked until its push commits). The rows are folded into
 * `question_stats` in the background (routes/question/stats-fold.ts), and the statistics are
 * read as the sum of both, so they are exact whenever they are read. SQLite has one writer and
 * no row locks to queue on: it keeps updating `question_stats` directly, and this table stays
 * empty there (made anyway, so both databases have one schema).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("question_stats_pending")
    // Appended in order; SQLite's integer primary key numbers rows by itself.
    .addColumn("id", isPostgres(db) ? "bigint" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
    )
    .addColumn("question_id", "integer", (c) => c.notNull())
    .addColumn("answered", "integer", (c) => c.notNull())
    .addColumn("sum_correct", "integer", (c) => c.notNull())
    .addColumn("updated", "text")
    .execute();
  await db.schema
    .createIndex("question_stats_pending_question")
    .on("question_stats_pending")
    .column("question_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("question_stats_pending").execute();
}
