import { z } from "zod";
import { DISPLAY_ANSWERS, TEST_TYPES } from "../rules/constants.ts";
import { givenAnswerSchema } from "./answer.ts";
import { rowId } from "./ids.ts";

const uuid = z.string().uuid("must be a uuid");
/** Up to a year: more is no device's elapsed time. */
const elapsedMs = z
  .number()
  .int("elapsed_ms must be whole milliseconds")
  .min(0, "elapsed_ms cannot be negative")
  .max(366 * 86_400_000, "elapsed_ms is more than a year")
  .optional();

/**
 * A test created on the device (offline too): the client picks the questions from its
 * local bank and names the test with its own uuid; the server checks the questions exist.
 */
export const generateTestSchema = z.object({
  user_test_id: uuid,
  test_type: z.enum(TEST_TYPES),
  title: z.string().min(1).max(200),
  display_answers: z.enum(DISPLAY_ANSWERS),
  time_limit: z.number().int().positive().nullable(),
  pass_percentage: z.number().int().min(1).max(100).nullable(),
  question_ids: z.array(z.number().int().positive()).min(1).max(30_000),
  /** The version of each question the device showed (same order); absent: the current ones. */
  question_versions: z.array(z.number().int().positive()).max(30_000).optional(),
  started: z.string().datetime(),
  /** The earlier test this one retakes (spec: /test/retake/{user_test_id}). */
  retake_of: uuid.nullable().optional(),
  /** The fixed test this one is taken from (test_type "exam"); the server applies its settings. */
  fixed_test_id: z.number().int().positive().nullable().optional(),
  /** The progress test this one is taken of (test_type progress_test or progress_test_attempt); the server checks its access rules. */
  progress_test_id: z.number().int().positive().nullable().optional(),
});
export type GenerateTest = z.infer<typeof generateTestSchema>;

/** Spec 3, save payload. */
export const saveAnswerSchema = z.object({
  user_test_id: uuid,
  question_id: rowId("question_id"),
  answers: givenAnswerSchema,
  /** The device's monotonic milliseconds since the test began (timed tests are judged by it; rules/timed-tests.ts). */
  elapsed_ms: elapsedMs,
});
export type SaveAnswer = z.infer<typeof saveAnswerSchema>;

export const saveAnswerReplySchema = z.object({
  success: z.boolean(),
  answered: z.boolean(),
  correct: z.boolean().nullable(),
});
export type SaveAnswerReply = z.infer<typeof saveAnswerReplySchema>;

/** How a test ended: finished by the student, abandoned (still marked, spec), or its time ran out. */
export const TEST_ENDS = ["finished", "abandoned", "time_expired"] as const;
export type TestEndReason = (typeof TEST_ENDS)[number];

export const finishTestSchema = z.object({
  flush_session: z.boolean().default(true),
  finished: z.string().datetime().optional(),
  /** Absent means "finished". */
  reason: z.enum(TEST_ENDS, `reason must be one of ${TEST_ENDS.join(", ")}`).optional(),
  /** The device's monotonic milliseconds since the test began, when it was finished. */
  elapsed_ms: elapsedMs,
});
export type FinishTest = z.infer<typeof finishTestSchema>;

export const testResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  test_type: z.enum(TEST_TYPES),
  score: z.number().int(),
  total_score: z.number().int(),
  percentage: z.number().int(),
  pass: z.boolean(),
  marked: z.boolean(),
  answered: z.number().int(),
  /** Answers of a timed test given after its limit and grace: kept on record, not counted. */
  late_answers: z.number().int().min(0).optional(),
});
export type TestResult = z.infer<typeof testResultSchema>;

/** A finished test whose results the school hides: that it is marked, nothing of how it went. */
export const hiddenTestResultSchema = testResultSchema
  .pick({ id: true, title: true, test_type: true, total_score: true, answered: true, marked: true, late_answers: true })
  .extend({ hide_results: z.literal(true) });

/** POST /test/generate/{test_type}: the id of the test now in progress. */
export const generateTestReplySchema = z.object({ success: z.literal(true), user_test_id: z.string() });

/** POST /test/current/finish/{id}: the result as the student may see it. */
export const finishTestReplySchema = z.object({
  success: z.literal(true),
  result: z.union([testResultSchema, hiddenTestResultSchema]),
});

/** GET /test/load/{test_type}/{test_id}: the student's own test, by its type and id. */
export const testLoadParamsSchema = z.object({
  test_type: z.enum(TEST_TYPES, { message: `test_type must be one of ${TEST_TYPES.join(", ")}` }),
  test_id: z.string().uuid("test_id must be a uuid"),
});
/** Where the app shows the test: the test itself while running, its results once finished. */
export const testLoadReplySchema = z.object({ url: z.string(), finished: z.boolean() });
export type TestLoadReply = z.infer<typeof testLoadReplySchema>;
