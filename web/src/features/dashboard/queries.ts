import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import { liveQuery, type Subscription } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { getMeta, type LocalUserTest, type UserDb } from "../../local/store/db.ts";

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

/**
 * The dashboard's small summary row (meta "dashboardSummary"): what the dashboard paints from, so
 * the paint reads one row instead of every test. Both answer rates are kept, with and without
 * the fixed tests whose results the school hides (the switch may change between paints).
 */
export const DASHBOARD_SUMMARY_KEY = "dashboardSummary";
const SUMMARY_FORMAT = 1;

export interface DashboardSummary {
  format: number;
  rate: { shown: AnswerRate; hidden: AnswerRate };
}

export function summariseTests(tests: readonly LocalUserTest[]): DashboardSummary {
  return { format: SUMMARY_FORMAT, rate: { shown: answerRateOf(tests, false), hidden: answerRateOf(tests, true) } };
}

const kept = new Map<UserDb, Subscription>();

/**
 * Keeps the summary row in step with the student's tests for the rest of the session: every
 * change to the tests (one finished here, the marking a pull brings, another tab, a device file
 * imported) rewrites it. The first run also writes it where it is missing (an older device).
 */
export function keepDashboardSummary(db: UserDb): void {
  if (kept.has(db)) return;
  let last = "";
  const subscription = liveQuery(() => db.userTests.toArray()).subscribe({
    next: (tests) => {
      const summary = summariseTests(tests);
      const json = JSON.stringify(summary);
      if (json === last) return;
      last = json;
      void db.meta.put({ key: DASHBOARD_SUMMARY_KEY, value: summary });
    },
    // A database closed under it (signed out, deleted): the next dashboard starts it again.
    error: () => kept.delete(db),
  });
  kept.set(db, subscription);
}

/** Stops keeping every summary row (tests; a signed-out device). */
export function stopKeepingDashboardSummaries(): void {
  for (const subscription of kept.values()) subscription.unsubscribe();
  kept.clear();
}

/**
 * The answer rate as the summary row has it: painted from one row; the tests are read only
 * after the paint, to keep the row in step (and to write it where it is missing).
 */
export function useAnswerRate(db: UserDb, hideFixedResults: boolean): AnswerRate | null | undefined {
  const summary = useLiveQuery(async () => (await getMeta<DashboardSummary>(db, DASHBOARD_SUMMARY_KEY)) ?? null, [db]);
  useEffect(() => {
    const timer = setTimeout(() => keepDashboardSummary(db), 0);
    return () => clearTimeout(timer);
  }, [db]);
  // Undefined while the row is read (the dashboard waits for it: the line arriving later moved
  // the card's tabs down); null when none is kept yet, until it is.
  if (summary === undefined) return undefined;
  if (summary?.format !== SUMMARY_FORMAT) return null;
  return hideFixedResults ? summary.rate.hidden : summary.rate.shown;
}
