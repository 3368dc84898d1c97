import type { TestResult, TestType } from "@preflight/sync-protocol";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";

export async function loadTestResult(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  testId: string,
): Promise<TestResult> {
  const test = await db
    .selectFrom("user_tests")
    .selectAll()
    .where("id", "=", testId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!test) throw new ApiError("not_found", "This test can no longer be accessed.");
  const answered = await db
    .selectFrom("answers")
    .select((eb) => eb.fn.count<number>("question_id").distinct().as("n"))
    .where("user_test_id", "=", testId)
    .where("applied", "=", 1)
    .executeTakeFirstOrThrow();
  return {
    id: test.id,
    title: test.title,
    test_type: test.test_type as TestType,
    score: test.score ?? 0,
    total_score: test.total_score,
    percentage: test.percentage ?? 0,
    pass: test.pass === 1,
    marked: test.finished_at !== null,
    answered: Number(answered.n),
  };
}

/** The user's own test, or 404 with the spec's wording. */
export async function loadOwnTest(db: Kysely<Database> | Transaction<Database>, userId: string, testId: string) {
  const test = await db
    .selectFrom("user_tests")
    .selectAll()
    .where("id", "=", testId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!test) throw new ApiError("not_found", "This test can no longer be accessed.");
  return test;
}

/** The latest applied answer per question of a test: question id -> correct (0/1). */
export async function latestCorrectness(
  db: Kysely<Database> | Transaction<Database>,
  testId: string,
): Promise<Map<number, number | null>> {
  const answers = await db
    .selectFrom("answers")
    .select(["question_id", "correct"])
    .where("user_test_id", "=", testId)
    .where("applied", "=", 1)
    .orderBy("created_at")
    .orderBy("received_at")
    .execute();
  return new Map(answers.map((a) => [a.question_id, a.correct]));
}
