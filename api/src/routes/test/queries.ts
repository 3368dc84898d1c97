import type { TestResult } from "@preflight/sync-protocol";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { resultOf } from "../../read/tests.ts";

/** The user's own test's result, or 404 with the spec's wording. */
export async function loadTestResult(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  testId: string,
): Promise<TestResult> {
  return resultOf(db, await loadOwnTest(db, userId, testId));
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
