import { z } from "zod";
import { TEST_TYPES, type TestType } from "../rules/constants.ts";
import { rowId } from "./ids.ts";

/**
 * What a student writes about a question (issue 19):
 *
 * - A **comment** on a question of an exam-type test, as the real EASA exam software allows: a
 *   short text kept with the test question, editable until the test ends, sent with the test
 *   (`POST /test/current/comment`, queued behind the answers). An empty comment takes it away.
 * - A **report of an error in a question**, on any question: a category and a description,
 *   queued (`POST /questions/{id}/report-error`), stored once per `report_id` and read by the
 *   content team (maintenance users) with the question's text at the reported version.
 */

export const QUESTION_COMMENT_LIMITS = {
  /** A comment's bound, in characters (after trimming). */
  commentMaxChars: 500,
  /** A report's description: required, up to this many characters. */
  reportMinChars: 3,
  reportMaxChars: 2_000,
  /** The content team's list: rows per page (default and largest). */
  listPerPage: 20,
  listMaxPerPage: 100,
} as const;

/**
 * The test types a comment may be left on: the exams (mock exams are the timed tests, a school's
 * fixed exams, progress tests and their attempts). Practice tests, quizzes and untimed tests show
 * the answers or are not exams, so their questions are reported, not commented on.
 */
export const COMMENT_TEST_TYPES = [
  "timed",
  "exam",
  "progress_test",
  "progress_test_attempt",
] as const satisfies readonly TestType[];

export function allowsComments(testType: TestType): boolean {
  return (COMMENT_TEST_TYPES as readonly TestType[]).includes(testType);
}

export const QUESTION_REPORT_CATEGORIES = [
  "wrong_answer",
  "unclear_wording",
  "outdated",
  "typo",
  "image_problem",
  "other",
] as const;
export type QuestionReportCategory = (typeof QUESTION_REPORT_CATEGORIES)[number];

/** The words the pages show for each category. */
export const QUESTION_REPORT_CATEGORY_LABELS: Record<QuestionReportCategory, string> = {
  wrong_answer: "Wrong answer marked correct",
  unclear_wording: "Unclear wording",
  outdated: "Outdated content",
  typo: "Typo",
  image_problem: "Image problem",
  other: "Other",
};

export const QUESTION_REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type QuestionReportStatus = (typeof QUESTION_REPORT_STATUSES)[number];

export const QUESTION_COMMENT_MESSAGES = {
  commentTooLong: `A comment can be at most ${QUESTION_COMMENT_LIMITS.commentMaxChars} characters.`,
  commentSaved: "Comment saved. It will be sent with your test.",
  commentRemoved: "Comment removed.",
  commentNotExam: "Comments can be left on the questions of an exam only.",
  commentTestEnded: "This test has ended: its comments can no longer be changed.",
  categoryRequired: "Please choose what is wrong with the question.",
  descriptionRequired: "Please describe the error.",
  descriptionTooShort: `Please describe the error in at least ${QUESTION_COMMENT_LIMITS.reportMinChars} characters.`,
  descriptionTooLong: `A description can be at most ${QUESTION_COMMENT_LIMITS.reportMaxChars.toLocaleString("en")} characters.`,
  reportThanks: "Thank you: your report has been sent to the content team.",
  reportQueued: "Saved on this device: your report will be sent when you are back online.",
  reportWaiting:
    "Saved on this device: the server has not answered yet, so your report will be sent as soon as it can.",
  tooManyReports: "You have sent many reports in a short time. Please wait a while before sending another.",
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters in text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = (s: string) => !CONTROL.test(s);

const uuid = (field: string) => z.string(`${field} must be a uuid`).uuid(`${field} must be a uuid`);

// ---------------------------------------------------------------------------------------------
// Queued writes (catalogue entries in mutations.ts)
// ---------------------------------------------------------------------------------------------

/**
 * POST /test/current/comment: the comment on one question of one of the student's tests, as it
 * is now (the latest intent wins across devices); an empty text removes it.
 */
export const testCommentSchema = z.object({
  user_test_id: uuid("user_test_id"),
  question_id: rowId("question_id"),
  comment: z
    .string("comment must be text")
    .trim()
    .max(QUESTION_COMMENT_LIMITS.commentMaxChars, QUESTION_COMMENT_MESSAGES.commentTooLong)
    .refine(noControl, "comment cannot hold control characters."),
});
export type TestComment = z.infer<typeof testCommentSchema>;
/** The comment the server holds after the write (null: none), and when it was written. */
export const testCommentReplySchema = z.object({
  success: z.literal(true),
  comment: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TestCommentReply = z.infer<typeof testCommentReplySchema>;

/** POST /questions/{id}/report-error. `report_id` is the device's uuid for the report. */
export const questionReportSchema = z.object({
  report_id: uuid("report_id"),
  /** The version of the question the student saw. */
  question_version: rowId("question_version"),
  category: z.enum(QUESTION_REPORT_CATEGORIES, QUESTION_COMMENT_MESSAGES.categoryRequired),
  description: z
    .string(QUESTION_COMMENT_MESSAGES.descriptionRequired)
    .trim()
    .min(1, QUESTION_COMMENT_MESSAGES.descriptionRequired)
    .min(QUESTION_COMMENT_LIMITS.reportMinChars, QUESTION_COMMENT_MESSAGES.descriptionTooShort)
    .max(QUESTION_COMMENT_LIMITS.reportMaxChars, QUESTION_COMMENT_MESSAGES.descriptionTooLong)
    .refine(noControl, "description cannot hold control characters."),
  /** The test the question was reported from, if any (the student's own). */
  user_test_id: uuid("user_test_id").nullable().optional(),
});
export type QuestionReport = z.infer<typeof questionReportSchema>;
export const questionReportReplySchema = z.object({ success: z.literal(true), message: z.string() });
export type QuestionReportReply = z.infer<typeof questionReportReplySchema>;

// ---------------------------------------------------------------------------------------------
// The content team's list (maintenance users)
// ---------------------------------------------------------------------------------------------

const page = z.coerce
  .number("page must be a number")
  .int("page must be a whole number")
  .min(1, "page starts at 1")
  .max(100_000, "page is too large")
  .default(1);
const perPage = z.coerce
  .number("per_page must be a number")
  .int("per_page must be a whole number")
  .min(1, "per_page must be at least 1")
  .max(QUESTION_COMMENT_LIMITS.listMaxPerPage, `per_page can be at most ${QUESTION_COMMENT_LIMITS.listMaxPerPage}`)
  .default(QUESTION_COMMENT_LIMITS.listPerPage);
const subject = z
  .string()
  .regex(/^[0-9]{3}$/, "subject must be a subject code such as 010")
  .optional();

/** GET /api/maintenance/question-reports?status=open&subject=010&page=1&per_page=20 */
export const questionReportListQuerySchema = z.object({
  status: z
    .enum(["all", ...QUESTION_REPORT_STATUSES], "status must be all, open, resolved or dismissed")
    .default("open"),
  subject,
  page,
  per_page: perPage,
});
export type QuestionReportListQuery = z.infer<typeof questionReportListQuerySchema>;

export const questionReportItemSchema = z.object({
  id: z.string(),
  question_id: z.number().int(),
  question_version: z.number().int(),
  /** The question's current version, so a report on an older one shows as such. */
  current_version: z.number().int(),
  subject: z.string(),
  reference: z.string().nullable(),
  /** The question's text at the reported version, without markup. */
  question_text: z.string(),
  category: z.enum(QUESTION_REPORT_CATEGORIES),
  description: z.string(),
  status: z.enum(QUESTION_REPORT_STATUSES),
  email: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  /** How many reports name this question (any status). */
  question_report_count: z.number().int(),
});
export type QuestionReportItem = z.infer<typeof questionReportItemSchema>;

const pageInfo = {
  page: z.number().int(),
  per_page: z.number().int(),
  /** How many rows the filters match, over every page. */
  total: z.number().int(),
  /** The subjects any row of the list names (whatever the filters), for the subject filter. */
  subjects: z.array(z.object({ code: z.string(), title: z.string() })),
};

export const questionReportListReplySchema = z.object({ reports: z.array(questionReportItemSchema), ...pageInfo });
export type QuestionReportListReply = z.infer<typeof questionReportListReplySchema>;

/** POST /api/maintenance/question-reports/{id}: resolve, dismiss or reopen a report. */
export const questionReportIdParamsSchema = z.object({ id: uuid("id") });
export const questionReportStatusSchema = z.object({
  status: z.enum(QUESTION_REPORT_STATUSES, "status must be open, resolved or dismissed"),
});
export const questionReportStatusReplySchema = z.object({ report: questionReportItemSchema });
export type QuestionReportStatusReply = z.infer<typeof questionReportStatusReplySchema>;

/** GET /api/maintenance/test-comments?subject=010&page=1&per_page=20: the newest first. */
export const testCommentListQuerySchema = z.object({ subject, page, per_page: perPage });
export type TestCommentListQuery = z.infer<typeof testCommentListQuerySchema>;

export const testCommentItemSchema = z.object({
  user_test_id: z.string(),
  question_id: z.number().int(),
  question_version: z.number().int(),
  position: z.number().int(),
  subject: z.string(),
  reference: z.string().nullable(),
  question_text: z.string(),
  test_title: z.string(),
  test_type: z.enum(TEST_TYPES),
  comment: z.string(),
  email: z.string(),
  updated_at: z.string(),
});
export type TestCommentItem = z.infer<typeof testCommentItemSchema>;
export const testCommentListReplySchema = z.object({ comments: z.array(testCommentItemSchema), ...pageInfo });
export type TestCommentListReply = z.infer<typeof testCommentListReplySchema>;
