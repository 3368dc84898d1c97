/** Fixed tests, the password check, previous tests and the fixed-test summary (study-and-progress spec). */
import { z } from "zod";
import { TEST_TYPES } from "../rules/constants.ts";
import { FIXED_TEST_MESSAGES } from "../rules/fixed-tests.ts";
import { FIXED_TEST_TYPE } from "../rules/hidden-results.ts";
import { shownQuestionVersionSchema } from "../rules/withheld-answers.ts";
import { rowId, rowIdParam } from "./ids.ts";

const fixedTestId = rowId("test_id");

/** Spec 3, Fixed test (id, title, time_limit, password_access, disabled_reason) plus what the device needs offline. */
export const fixedTestSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  /** Minutes; null for an untimed test. */
  time_limit: z.number().int().positive().nullable(),
  password_access: z.boolean(),
  disabled_reason: z.string().nullable(),
  /** Attempts allowed; 0 means no limit. */
  attempts: z.number().int().nonnegative(),
  /** Tests the student has started from it (on the server). */
  user_tests_count: z.number().int().nonnegative(),
  pass_percentage: z.number().int().min(1).max(100).nullable(),
  hide_results: z.boolean(),
  hide_answers: z.boolean(),
  /** When the school lets it be started (ISO times); null for no bound. */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  /** The school's questions, in order, each at the version the test is taken with. */
  question_ids: z.array(z.number().int().positive()),
  question_versions: z.array(z.number().int().positive()),
});
export type FixedTest = z.infer<typeof fixedTestSchema>;

/**
 * GET /api/user/fixed_tests: the tests, with their questions so they open offline. A school's own
 * question that reaches the student only through tests hiding their answers comes withheld.
 */
export const fixedTestsReplySchema = z.object({
  tests: z.array(fixedTestSchema),
  questions: z.array(shownQuestionVersionSchema),
  hide_fixed_results: z.boolean(),
});
export type FixedTestsReply = z.infer<typeof fixedTestsReplySchema>;

/** POST /test/verify-password. */
export const verifyPasswordSchema = z.object({
  test_id: fixedTestId,
  test_type: z.literal(FIXED_TEST_TYPE, `test_type must be "${FIXED_TEST_TYPE}" (a fixed test)`),
  password: z
    .string(FIXED_TEST_MESSAGES.passwordRequired)
    .min(1, FIXED_TEST_MESSAGES.passwordRequired)
    .max(200, "password is too long"),
});
export type VerifyPassword = z.infer<typeof verifyPasswordSchema>;

export const verifyPasswordReplySchema = z.object({ success: z.boolean(), message: z.string() });
export type VerifyPasswordReply = z.infer<typeof verifyPasswordReplySchema>;

/** Spec 3, Previous test. Score and pass are null while unmarked or when results are hidden. */
export const previousTestSchema = z.object({
  id: z.string(),
  title: z.string(),
  marked: z.boolean(),
  started: z.string(),
  score: z.number().int().nullable(),
  total_score: z.number().int(),
  pass: z.boolean().nullable(),
  test_type: z.enum(TEST_TYPES),
  hide_results: z.boolean(),
  /** How many questions the test has. */
  questions: z.number().int().nonnegative(),
});
export type PreviousTest = z.infer<typeof previousTestSchema>;

/** GET /api/user/previous_tests. */
export const previousTestsReplySchema = z.object({
  tests: z.array(previousTestSchema),
  hide_fixed_results: z.boolean(),
});
export type PreviousTestsReply = z.infer<typeof previousTestsReplySchema>;

/** POST /test/summary/{test_type}/{test_id}: path parameters of the fixed-test form. */
export const fixedSummaryParamsSchema = z.object({
  test_type: z.literal(FIXED_TEST_TYPE, `test_type must be "${FIXED_TEST_TYPE}" (a fixed test)`),
  test_id: rowIdParam("test_id"),
});

/** Spec 3, Test summary. `score` is the best earlier score, null when none or hidden. */
export const testSummaryReplySchema = z.object({
  total: z.number().int(),
  attempts: z.number().int(),
  user_tests_count: z.number().int(),
  time_limit: z.number().int().nullable(),
  pass_percentage: z.number().int(),
  score: z.number().int().nullable(),
});
export type TestSummaryReply = z.infer<typeof testSummaryReplySchema>;
