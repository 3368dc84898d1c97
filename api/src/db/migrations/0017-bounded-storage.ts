import { type Kysely, sql } from "kysely";

/**
 * Storage that stays bounded (issue 18).
 *
 * Replay bookkeeping is pruned behind each client's acknowledged cursor: `client_cursors`
 * keeps the client's high-water marks of what was pruned, `pruned_seq` (every applied
 * `mutations` row of the client with `seq <= pruned_seq` is gone) and `pruned_max_id` (the
 * greatest of those rows' ids, lower-case), so a pruned mutation sent again is still answered
 * as a duplicate (SR23).
 *
 * `question_stats` is the summary the question statistics are read from instead of a scan of
 * every student's answers: per question, the test questions answered (the latest applied
 * answer of each test question counts once), how many of those are correct, and when the
 * latest of them arrived. It is kept in the transaction that writes the answers, and filled
 * here from the answers already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("client_cursors")
    .addColumn("pruned_seq", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("client_cursors").addColumn("pruned_max_id", "text").execute();

  await db.schema
    .createTable("question_stats")
    .addColumn("question_id", "integer", (c) => c.primaryKey())
    .addColumn("answered", "integer", (c) => c.notNull())
    .addColumn("sum_correct", "integer", (c) => c.notNull())
    .addColumn("updated", "text")
    .execute();
  await sql`
    insert into question_stats (question_id, answered, sum_correct, updated)
    select question_id, count(*), coalesce(sum(correct), 0), max(received_at)
    from (
      select question_id, correct, received_at,
        row_number() over (
          partition by user_test_id, question_id order by created_at desc, received_at desc, id desc
        ) as rn
      from answers
      where applied = 1
    ) latest
    where rn = 1
    group by question_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("question_stats").execute();
  await db.schema.alterTable("client_cursors").dropColumn("pruned_max_id").execute();
  await db.schema.alterTable("client_cursors").dropColumn("pruned_seq").execute();
}
