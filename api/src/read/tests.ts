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

/** Per test, the questions with an applied answer; a test with none is absent. */
export async function answeredCounts(db: Db, testIds: string[]): Promise<Map<string, number>> {
  const answered = new Map<string, number>();
  for (let i = 0; i < testIds.length; i += IN_CHUNK) {
    const counts = await db
      .selectFrom("answers")
      .select(["user_test_id", (eb) => eb.fn.count<number>("question_id").distinct().as("n")])
      .where("user_test_id", "in", testIds.slice(i, i + IN_CHUNK))
      .where("applied", "=", 1)
      .groupBy("user_test_id")
      .execute();
    for (const c of counts) answered.set(c.user_test_id, Number(c.n));
  }
  return answered;
}

/** One test's result, its answers counted now. */
export async function resultOf(db: Db, test: Selectable<UserTestsTable>): Promise<TestResult> {
  return testResultOf(test, (await answeredCounts(db, [test.id])).get(test.id) ?? 0);
}

/** The test's result from its row; marked once the test is finished. */
export function testResultOf(test: Selectable<UserTestsTable>, answered: number): TestResult {
  return {
    id: test.id,
    title: test.title,
    test_type: test.test_type as TestType,
    score: test.score ?? 0,
    total_score: test.total_score,
    percentage: test.percentage ?? 0,
    pass: test.pass === 1,
    marked: test.finished_at !== null,
    answered,
  };
}
