import { type Kysely, sql } from "kysely";

/**
 * Each test question keeps its latest applied answer (issue 18): id, correctness, the device's
 * time and the arrival, in the order the statistics take answers (created_at, received_at, id,
 * latest last). `question_stats` (migration 0017) is kept from it, so a push reads the test
 * questions it answers (which it reads anyway) instead of every earlier answer to them. Filled
 * here from the answers already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["latest_answer_id", "latest_created_at", "latest_received_at"])
    await db.schema.alterTable("user_test_questions").addColumn(column, "text").execute();
  await db.schema.alterTable("user_test_questions").addColumn("latest_correct", "integer").execute();
  await sql`
    update user_test_questions set latest_answer_id = (
      select a.id from answers a
      where a.user_test_id = user_test_questions.user_test_id
        and a.question_id = user_test_questions.question_id
        and a.applied = 1
      order by a.created_at desc, a.received_at desc, a.id desc
      limit 1
    )`.execute(db);
  await sql`
    update user_test_questions set
      latest_correct = (select a.correct from answers a where a.id = user_test_questions.latest_answer_id),
      latest_created_at = (select a.created_at from answers a where a.id = user_test_questions.latest_answer_id),
      latest_received_at = (select a.received_at from answers a where a.id = user_test_questions.latest_answer_id)
    where latest_answer_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["latest_answer_id", "latest_correct", "latest_created_at", "latest_received_at"])
    await db.schema.alterTable("user_test_questions").dropColumn(column).execute();
}
