/**
 * Meta keys the pulls write and the signed-in frame reads, without loading the pulls: the time a
 * pull chain left rows aside for changes still in the outbox (steps/runner.ts), and whether
 * fixed tests' results are hidden (fixed-tests.ts).
 */
export const PULL_DEFERRED_KEY = "pullDeferred";
export const HIDE_FIXED_RESULTS_META = "hideFixedResults";
/** The ETag of the fixed tests' reply the device stored (fixed-tests.ts). */
export const FIXED_TESTS_ETAG_META = "fixedTestsEtag";
