/** Live reads for fixed tests and hidden results, from the device. */
import { useLiveQuery } from "dexie-react-hooks";
import type { LocalFixedTest, LocalUserTest, UserDb } from "../../local/db.ts";
import { HIDE_FIXED_RESULTS_META } from "../../local/pull-fixed-tests.ts";

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
