/**
 * The syllabus page's calls (study-and-progress spec 7): syllabi and the active one, the
 * student's modules with their parts, the last progress-test result, lesson progress (queued),
 * and the content check before a progress or fixed test (verify questions, download update).
 */
import { z } from "zod";
import { rowId } from "./ids.ts";

/** POST /api/lesson/progress (queued): the student opened `page` (1-based) of a lesson. */
export const lessonProgressSchema = z.object({
  lesson_id: rowId("lesson_id"),
  page: rowId("page").max(10_000, "page is too large"),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;
export const lessonProgressReplySchema = z.object({
  success: z.literal(true),
  lesson_id: z.number().int(),
  page: z.number().int(),
  completed: z.boolean(),
});
export type LessonProgressReply = z.infer<typeof lessonProgressReplySchema>;

/** GET /api/syllabi: the syllabi the student may study, and the active one. */
export const syllabiReplySchema = z.object({
  syllabi: z.array(z.object({ id: z.number().int(), title: z.string() })),
  active_syllabus: z.object({ id: z.number().int() }).nullable(),
});
export type SyllabiReply = z.infer<typeof syllabiReplySchema>;

/** POST /update/update-syllabus: the student's syllabus (null without one), asked before updates are listed. */
export const updateSyllabusReplySchema = z.object({
  syllabus_sync_response: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});

/** POST /api/user/active-syllabus: a syllabus (and module) to switch to, or empty for the current one. */
export const activeSyllabusSchema = z.strictObject({
  syllabus: rowId("syllabus").optional(),
  module: rowId("module").optional(),
});
export type ActiveSyllabus = z.infer<typeof activeSyllabusSchema>;

export const partViewSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  type: z.enum(["lesson", "progress_test"]),
  content: z.object({
    id: z.number().int(),
    title: z.string(),
    code: z.string().nullable(),
    subject_id: z.string(),
    pass_percentage: z.number().int().nullable(),
  }),
  pass: z.boolean().nullable(),
  completed: z.boolean(),
  url: z.string(),
  target: z.string().nullable(),
  target_timestamp: z.number().nullable(),
  question_count: z.number().int().nullable(),
  attempts: z.number().int(),
  attempted: z.boolean(),
  allow_initial_attempt: z.boolean(),
  retry_interval_minutes: z.number().int().nullable(),
  last_result: z.object({ finished_at: z.string(), pass: z.boolean() }).nullable(),
});
export const moduleViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  subjects: z.array(z.string()),
  parts: z.array(partViewSchema),
  completed: z.boolean(),
  prerequisite: z.object({ id: z.number().int(), title: z.string(), remaining: z.number().int() }).nullable(),
  restrictions: z.record(
    z.string(),
    z.array(z.object({ lesson_id: z.number().int(), title: z.string(), completed: z.boolean() })),
  ),
  start: z.string().nullable(),
  end: z.string().nullable(),
});

/** POST /api/user/modules and POST /api/user/active-syllabus: the modules with the student's progress. */
export const userModulesReplySchema = z.object({
  syllabus: z.object({ id: z.number().int(), title: z.string() }),
  modules: z.array(moduleViewSchema),
});
export type UserModulesReply = z.infer<typeof userModulesReplySchema>;

export const progressTestParamsSchema = z.object({
  id: z.coerce.number("id must be a number").int("id must be a whole number").positive("id must be a progress test id"),
});

/** GET /api/user/last-pt-result/{id}. `remaining_time` in seconds. */
export const lastPtResultReplySchema = z.object({
  can_access: z.boolean(),
  remaining_time: z.number().int().nonnegative(),
});
export type LastPtResultReply = z.infer<typeof lastPtResultReplySchema>;

/** What needs downloading before a test opens: its questions (a content pack of their subject). */
export const UPDATE_TYPES = ["questions"] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];
export const VERIFY_TEST_TYPES = ["progress_test", "progress_test_attempt", "exam"] as const;

/**
 * POST /test/verify-questions. `installed` (the device's pack version per subject) says which
 * content the device holds; without it the server answers for an online-only client, which
 * always takes the newest content. `attempt` counts the device's update attempts so far.
 */
export const verifyQuestionsSchema = z.strictObject({
  test_id: rowId("test_id"),
  test_type: z.enum(VERIFY_TEST_TYPES, `test_type must be one of ${VERIFY_TEST_TYPES.join(", ")}`),
  attempt: z
    .number("attempt must be a number")
    .int("attempt must be a whole number")
    .min(0, "attempt must not be negative")
    .max(100, "attempt is too large")
    .optional(),
  installed: z
    .record(
      z.string(),
      z.number().int("a pack version is a whole number").nonnegative("a pack version is not negative"),
    )
    .refine(
      (packs) => Object.keys(packs).every((code) => /^\d{3}$/.test(code)),
      "installed is keyed by three-digit subject codes",
    )
    .optional(),
});
export type VerifyQuestions = z.infer<typeof verifyQuestionsSchema>;
export const verifyQuestionsReplySchema = z.object({
  update: z.boolean(),
  update_type: z.enum(UPDATE_TYPES).nullable(),
  /** The subjects whose packs are needed, with the version each needs. */
  subjects: z.record(z.string(), z.number().int()),
  /** Set once the device has tried MAX_UPDATE_ATTEMPTS (rules/constants) times and still lacks the content. */
  message: z.string().nullable(),
});
export type VerifyQuestionsReply = z.infer<typeof verifyQuestionsReplySchema>;

/** GET /test/download-update?type={t}. */
export const downloadUpdateQuerySchema = z.object({
  type: z.enum(UPDATE_TYPES, `type must be one of ${UPDATE_TYPES.join(", ")}`),
});
export const downloadUpdateReplySchema = z.object({ success: z.boolean(), message: z.string() });
export type DownloadUpdateReply = z.infer<typeof downloadUpdateReplySchema>;

/**
 * GET check-lessons and GET check-lessons-status (spec study 7: status, percentage): whether the
 * lessons of the student's syllabus are on the server ready to download, as a share of them. The
 * first asks for the check, the second polls it; the server answers both at once, so they agree.
 */
export const LESSONS_CHECK_STATUSES = ["complete", "incomplete"] as const;
export const lessonsCheckReplySchema = z.object({
  status: z.enum(LESSONS_CHECK_STATUSES),
  /** Whole percent of the syllabus's lessons that have content, 0–100 (100 with no lessons). */
  percentage: z.number().int().min(0).max(100),
  lessons: z.object({ available: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
});
export type LessonsCheckReply = z.infer<typeof lessonsCheckReplySchema>;
