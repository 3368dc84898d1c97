/**
 * Hidden results (spec: "Hidden results (per test, or hide_fixed_results) hide score, pass and
 * filters"; "Schools receive results when answers are hidden"). One rule for both sides: the
 * server leaves out what is hidden, the page shows only what is visible.
 */
import type { TestType } from "./constants.ts";

/** Fixed tests are the test type `exam` (spec: "exam (fixed)"). */
export const FIXED_TEST_TYPE = "exam" satisfies TestType;

export function isFixedTestType(testType: string): boolean {
  return testType === FIXED_TEST_TYPE;
}

export interface ResultPrivacy {
  test_type: string;
  /** The school hides this test's results (score and pass). */
  hide_results: boolean;
  /** The school hides this test's answers (no review); its results go to the school. */
  hide_answers?: boolean | undefined;
}

export interface ResultVisibility {
  /** Score and percentage. */
  score: boolean;
  /** Passed or failed. */
  pass: boolean;
  /** Which questions were right or wrong, and the review of each. */
  review: boolean;
  /** Say 'Test completed. The results have been sent to your school.' instead. */
  sentToSchool: boolean;
}

/** What a student may see of one finished test. */
export function resultVisibility(test: ResultPrivacy, hideFixedResults: boolean): ResultVisibility {
  const resultsHidden = test.hide_results || (hideFixedResults && isFixedTestType(test.test_type));
  const answersHidden = resultsHidden || test.hide_answers === true;
  return { score: !resultsHidden, pass: !resultsHidden, review: !answersHidden, sentToSchool: answersHidden };
}

/** The previous-tests result filter (All, Passed, Failed) is hidden with hide_fixed_results. */
export function resultFilterVisible(hideFixedResults: boolean): boolean {
  return !hideFixedResults;
}
