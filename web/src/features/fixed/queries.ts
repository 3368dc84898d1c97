/** Live reads for fixed tests and hidden results, from the device. */
import { attemptsRow } from "@preflight/sync-protocol";
import { useLiveQuery } from "dexie-react-hooks";
import type { LocalFixedTest, LocalUserTest, UserDb } from "../../local/db.ts";
import { HIDE_FIXED_RESULTS_META } from "../../local/pull-fixed-tests.ts";
import { attemptsUsed } from "./attempts.ts";

/** The server-wide hide_fixed_results as last downloaded; false until known. */
export function useHideFixedResults(db: UserDb): boolean {
  return useLiveQuery(async () => (await db.meta.get(HIDE_FIXED_RESULTS_META))?.value === true, [db], false) ?? false;
}

export interface FixedTestsView {
  tests: LocalFixedTest[];
  /** This device's tests taken from fixed tests (for the attempts count). */
  taken: LocalUserTest[];
}

export function useFixedTests(db: UserDb): FixedTestsView | undefined {
  return useLiveQuery(async () => {
    const [tests, all] = await Promise.all([db.fixedTests.orderBy("position").toArray(), db.userTests.toArray()]);
    return { tests, taken: all.filter((t) => t.fixed_test_id != null) };
  }, [db]);
}

/** The attempts row of a fixed test's summary strip (spec: only with a non-zero limit); null otherwise. */
export function useFixedAttempts(
  db: UserDb,
  fixedTestId: number | null | undefined,
): { used: number; limit: number } | null {
  return (
    useLiveQuery(async () => {
      if (fixedTestId == null) return null;
      const [fixed, all] = await Promise.all([db.fixedTests.get(fixedTestId), db.userTests.toArray()]);
      return fixed ? attemptsRow(fixed.attempts, attemptsUsed(fixed, all)) : null;
    }, [db, fixedTestId]) ?? null
  );
}
