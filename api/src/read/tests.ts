/**
 * The one read of a student's test result: the test's row with the number of questions answered
 * (distinct questions with an applied answer). The results routes answer with it, and the user
 * sync step sends the same result with each finished test.
 */
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import type { TestResult } from "@preflight/sync-protocol/schemas/test";
import type { Selectable } from "kysely";
import type { Db, UserTestsTable } from "../db/schema.ts";

/** Ids per query, under SQLite's and PostgreSQL's parameter limits. */
const IN_CHUNK = 500;

/** Per test: the questions with an applied answer, and those answered only after its time was up. */
export interface AnswerCounts {
  answered: number;
  late: number;
}

const NO_ANSWERS: AnswerCounts = { answered: 0, late: 0 };

/** Per test, its answer counts; a test with no answer record is absent. */
export async function answerCounts(db: Db, testIds: string[]): Promise<Map<string, AnswerCounts>> {
  const counts = new Map<string, AnswerCounts>();
  for (let i = 0; i < testIds.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom("answers")
      .select((eb) => [
        "user_test_id",
        eb.fn
          .count<number>(eb.case().when("applied", "=", 1).then(eb.ref("question_id")).end())
          .distinct()
          .as("answered"),
        eb.fn
          .count<number>(eb.case().when("reason", "=", LATE_REASON).then(eb.ref("question_id")).end())
          .distinct()
          .as("late"),
      ])
      .where("user_test_id", "in", testIds.slice(i, i + IN_CHUNK))
      .groupBy("user_test_id")
      .execute();
    for (const r of rows) counts.set(r.user_test_id, { answered: Number(r.answered), late: Number(r.late) });
  }
  return counts;
}

/** The `answers.reason` of an answer kept on record because its timed test's time was up. */
export const LATE_REASON = "time_expired";

/** One test's result, its answers counted now. */
export async function resultOf(db: Db, test: Selectable<UserTestsTable>): Promise<TestResult> {
  return testResultOf(test, (await answerCounts(db, [test.id])).get(test.id));
}

/** The test's result from its row; marked once the test is finished. */
export function testResultOf(test: Selectable<UserTestsTable>, counts: AnswerCounts = NO_ANSWERS): TestResult {
  return {
    id: test.id,
    title: test.title,
    test_type: test.test_type as TestType,
    score: test.score ?? 0,
    total_score: test.total_score,
    percentage: test.percentage ?? 0,
    pass: test.pass === 1,
    marked: test.finished_at !== null,
    answered: counts.answered,
    late_answers: counts.late,
  };
}
