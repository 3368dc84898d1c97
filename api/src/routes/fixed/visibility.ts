/**
 * Keeps hidden results off the wire: the finish reply and the results reads say nothing of
 * score, pass or correctness for a test whose results the school hides.
 */
import type { TestResult } from "@preflight/sync-protocol/schemas/test";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { visibilityOf } from "../../read/result-visibility.ts";
import { resultOf } from "../../read/tests.ts";
import { loadOwnTest } from "../test/queries.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A finished test whose results are hidden: that it is marked, and nothing of how it went. */
export interface HiddenTestResult {
  id: string;
  title: string;
  test_type: TestResult["test_type"];
  total_score: number;
  answered: number;
  marked: boolean;
  late_answers?: number | undefined;
  hide_results: true;
}

/** The test's result as the student may see it. */
export async function visibleTestResult(
  db: Db,
  userId: string,
  testId: string,
): Promise<TestResult | HiddenTestResult> {
  const row = await loadOwnTest(db, userId, testId);
  const result = await resultOf(db, row);
  const visible = await visibilityOf(db, row);
  if (visible.score && visible.pass) return result;
  const { id, title, test_type, total_score, answered, marked, late_answers } = result;
  return { id, title, test_type, total_score, answered, marked, late_answers, hide_results: true };
}

/** The per-question review data of a finished test is refused when its answers are hidden. */
export async function assertReviewVisible(db: Db, userId: string, testId: string): Promise<void> {
  const row = await loadOwnTest(db, userId, testId);
  if (row.finished_at === null) return;
  const visible = await visibilityOf(db, row);
  if (!visible.review)
    throw new ApiError("conflict", "The results of this test are not shown: they have been sent to your school.");
}
