import { resultVisibility } from "@preflight/sync-protocol";
import { useLiveQuery } from "dexie-react-hooks";
import type { LocalUserTest, UserDb } from "../../local/store/db.ts";

export function useRecentTests(db: UserDb, limit = 8): LocalUserTest[] | undefined {
  return useLiveQuery(() => db.userTests.orderBy("started").reverse().limit(limit).toArray(), [db, limit]);
}

/** Right answers over every finished test whose result the student may see (any test type). */
export interface AnswerRate {
  tests: number;
  right: number;
  total: number;
}

export function answerRateOf(tests: readonly LocalUserTest[], hideFixedResults: boolean): AnswerRate {
  const rate: AnswerRate = { tests: 0, right: 0, total: 0 };
  for (const test of tests) {
    // The server's marking when it has arrived, else the device's prediction.
    const result = test.marked ?? test.predicted;
    if (!test.finished || !result || !resultVisibility(test, hideFixedResults).score) continue;
    rate.tests += 1;
    rate.right += result.score;
    rate.total += result.total_score;
  }
  return rate;
}

export function useAnswerRate(db: UserDb, hideFixedResults: boolean): AnswerRate | undefined {
  return useLiveQuery(async () => answerRateOf(await db.userTests.toArray(), hideFixedResults), [db, hideFixedResults]);
}
