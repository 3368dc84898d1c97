/** Live read of the fixed tests page, from the device. */
import { useLiveQuery } from "dexie-react-hooks";
import type { LocalFixedTest, LocalUserTest, UserDb } from "../../local/store/db.ts";

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
