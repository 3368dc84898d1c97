/**
 * Folds the statistics deltas pushes append on PostgreSQL (`question_stats_pending`, migration
 * 0020) into `question_stats`, a bounded batch at a time: one statement deletes the oldest
 * pending rows and adds their sums to the summary, so a delta is counted in exactly one of the
 * two tables at every moment. Rows another instance's fold has taken are skipped (SKIP LOCKED),
 * so every instance may fold at once. Reads add what is still pending (queries.ts), so how
 * often this runs changes no figure, only how many rows a read sums.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Pending rows folded per statement. */
const BATCH = 5000;
/** How often an instance folds. */
export const FOLD_EVERY_MS = 2000;

/** Folds up to `batch` pending rows; the number folded (0: nothing was pending). */
export async function foldQuestionStats(db: Kysely<Database>, batch = BATCH): Promise<number> {
  const result = await sql<{ folded: string | number }>`
    with taken as (
      delete from question_stats_pending
      where id in (select id from question_stats_pending order by id limit ${batch} for update skip locked)
      returning question_id, answered, sum_correct, updated
    ), summed as (
      select question_id, sum(answered)::integer as answered, sum(sum_correct)::integer as sum_correct,
        max(updated) as updated, count(*) as rows
      from taken group by question_id
    ), folded as (
      insert into question_stats (question_id, answered, sum_correct, updated)
      select question_id, answered, sum_correct, updated from summed order by question_id
      on conflict (question_id) do update set
        answered = question_stats.answered + excluded.answered,
        sum_correct = question_stats.sum_correct + excluded.sum_correct,
        updated = greatest(question_stats.updated, excluded.updated)
    )
    select coalesce(sum(rows), 0) as folded from summed`.execute(db);
  return Number(result.rows[0]?.folded ?? 0);
}

/** Folds every FOLD_EVERY_MS (PostgreSQL only; SQLite writes the summary directly). */
export function startFoldingQuestionStats(
  db: Kysely<Database>,
  everyMs = FOLD_EVERY_MS,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        // A backlog (an instance was down) is folded batch after batch.
        while ((await foldQuestionStats(db)) === BATCH) {}
      })
      .catch((err) => console.error("folding question statistics failed", err));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
