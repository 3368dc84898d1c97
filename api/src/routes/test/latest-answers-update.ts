import { type RawBuilder, sql } from "kysely";

/** A test question's new latest applied answer, by the test question's primary key. */
export interface LatestAnswerChange {
  user_test_id: string;
  position: number;
  id: string;
  correct: number | null;
  created_at: string;
  received_at: string;
}

/**
 * One statement writing the test questions' latest applied answers (migration 0019), keyed by
 * the primary key (test, position): each row is then looked up by its index whatever the planner
 * knows of the table. Keyed by question id, on a table not analysed yet (a new database, or
 * PostgreSQL without autovacuum), the planner took a hash join over a scan of every student's
 * test questions, once per push: on the load bench with 2,000 students that doubled PostgreSQL's
 * CPU per answer and put p99 over 100 ms.
 */
export function latestAnswersUpdate(changes: LatestAnswerChange[]): RawBuilder<unknown> {
  const values = changes.map(
    (c) =>
      sql`(${c.user_test_id}, cast(${c.position} as integer), ${c.id}, cast(${c.correct} as integer), ${c.created_at}, ${c.received_at})`,
  );
  // VALUES names its columns column1 … column6 on both databases.
  return sql`
    update user_test_questions set
      latest_answer_id = v.column3, latest_correct = v.column4,
      latest_created_at = v.column5, latest_received_at = v.column6
    from (values ${sql.join(values)}) as v
    where user_test_questions.user_test_id = v.column1 and user_test_questions.position = v.column2`;
}
