/**
 * The four post-login sync steps (spec: POST user-sync/profile, user-sync/sync, user-sync/syllabus,
 * user-sync/school), run in that order; a false reply stops the chain. Each step takes the
 * client's cursor for that step (null on a first sync: everything) and replies with the changes
 * since it and the cursor to send next time. Cursors are opaque to the client.
 */

import { z } from "zod";
import { DISPLAY_ANSWERS, REVIEW_WEIGHT_COUNT, TEST_TYPES } from "../rules/constants.ts";
import { shownQuestionVersionSchema } from "../rules/withheld-answers.ts";
import { profileDataSchema } from "./accounts.ts";
import { givenAnswerSchema } from "./answer.ts";
import { featuresSchema } from "./auth.ts";
import { emailPreferenceSchema, manualUpdateSchema } from "./profile.ts";

/** What the profile page shows beyond the fields above (spec: subscription, course, school ...). */
export const profileAccountDetailsSchema = profileDataSchema.pick({
  pending_email: true,
  subscription: true,
  userSubscriptions: true,
  student_id: true,
  class: true,
  school: true,
  offline_account: true,
  account_number: true,
  syllabi: true,
});
export type ProfileAccountDetails = z.infer<typeof profileAccountDetailsSchema>;

import { testResultSchema } from "./test.ts";

export const PULL_STEPS = ["profile", "user", "syllabus", "school"] as const;
export type PullStep = (typeof PULL_STEPS)[number];

/** The spec's path of each step. */
export const PULL_STEP_PATHS: Record<PullStep, string> = {
  profile: "/user-sync/profile",
  user: "/user-sync/sync",
  syllabus: "/user-sync/syllabus",
  school: "/user-sync/school",
};

/** Profile and user steps count the student's own changes: the cursor is a change number. */
export const seqCursorSchema = z
  .string("cursor must be a string or null")
  .regex(/^\d{1,15}$/, "cursor must be a change number (digits) or null")
  .nullable();
/** Syllabus and school steps fingerprint shared data: the cursor is a 16-digit hex digest. */
export const digestCursorSchema = z
  .string("cursor must be a string or null")
  .regex(/^[0-9a-f]{16}$/, "cursor must be a 16-digit hex digest or null")
  .nullable();

export const seqPullRequestSchema = z.strictObject({ cursor: seqCursorSchema });
export const digestPullRequestSchema = z.strictObject({ cursor: digestCursorSchema });
export type PullRequest = { cursor: string | null };

/** A false reply: the step cannot be served, and the chain stops (spec). */
export const pullRefusalSchema = z.object({ success: z.literal(false), message: z.string() });
export type PullRefusal = z.infer<typeof pullRefusalSchema>;

const unchanged = z.object({ success: z.literal(true), cursor: z.string(), changed: z.literal(false) });

// --- profile ---------------------------------------------------------------------------------

/** A student's own review weights, fitted by the server to their history (rules/review-schedule.ts). */
export const reviewWeightsSchema = z.object({
  weights: z.array(z.number().finite()).length(REVIEW_WEIGHT_COUNT),
  /** How many reviews they were fitted to, and when. */
  reviews: z.number().int().nonnegative(),
  fitted_at: z.string(),
});
export type ReviewWeights = z.infer<typeof reviewWeightsSchema>;

export const pulledProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.enum(["student", "maintenance", "instructor"]),
  syllabus_id: z.number().int().nullable(),
  class_name: z.string().nullable(),
  subscription: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  features: featuresSchema,
  settings: z.object({ zoom: z.number().nullable() }),
  /** Update mode (spec: 0 automatic, 1 manual), the email preferences offered and those chosen. */
  manual_update: manualUpdateSchema.default(0),
  preferences: z.array(emailPreferenceSchema).default([]),
  user_preferences: z.array(z.number().int()).default([]),
  /** The profile page's cards (spec accounts 3: profile), so it reads offline too. */
  account: profileAccountDetailsSchema.optional(),
  /** The review schedule's weights for this student; null until fitted (FSRS's defaults). */
  review_weights: reviewWeightsSchema.nullable().default(null),
});
export type PulledProfile = z.infer<typeof pulledProfileSchema>;

export const profileStepReplySchema = z.union([
  unchanged,
  z.object({ success: z.literal(true), cursor: z.string(), changed: z.literal(true), profile: pulledProfileSchema }),
  pullRefusalSchema,
]);
export type ProfileStepReply = z.infer<typeof profileStepReplySchema>;

// --- user (tests, answers, flags, notes, review marks, seen-in-exam, reviews) ----------------

/** Every row of the user step carries the change number that last touched it. */
const changeSeq = z.number().int().nonnegative();

export const pulledTestSchema = z.object({
  id: z.string(),
  title: z.string(),
  test_type: z.enum(TEST_TYPES),
  display_answers: z.enum(DISPLAY_ANSWERS),
  time_limit: z.number().int().nullable(),
  pass_percentage: z.number().int().nullable(),
  started: z.string(),
  finished_at: z.string().nullable(),
  ended: z.enum(["finished", "abandoned", "time_expired"]).nullable(),
  can_retake: z.boolean(),
  hide_results: z.boolean(),
  retake_of: z.string().nullable(),
  /** The fixed test (type exam) it was taken from, and whether the school hides its answers. */
  fixed_test_id: z.number().int().nullable(),
  hide_answers: z.boolean(),
  /** The progress test it was taken of (types progress_test and progress_test_attempt), else null. */
  progress_test_id: z.number().int().nullable().optional(),
  /**
   * In position order: the question, the version the test was built with, and the student's
   * comment on it (exams only, issue 19; null or absent: none).
   */
  questions: z.array(
    z.object({ question_id: z.number().int(), version: z.number().int(), comment: z.string().nullable().optional() }),
  ),
  /** The server's marking once the test is finished. */
  result: testResultSchema.nullable(),
  change_seq: changeSeq,
});
export type PulledTest = z.infer<typeof pulledTestSchema>;

/** One answer record (append-only on the server; its id is the id of the save that made it). */
export const pulledAnswerSchema = z.object({
  id: z.string(),
  user_test_id: z.string(),
  question_id: z.number().int(),
  question_version: z.number().int(),
  given: givenAnswerSchema,
  correct: z.boolean().nullable(),
  /** False when kept on record only (it arrived after the test was finished). */
  applied: z.boolean(),
  created_at: z.string(),
  received_at: z.string(),
  change_seq: changeSeq,
});
export type PulledAnswer = z.infer<typeof pulledAnswerSchema>;

export const pulledFlagSchema = z.object({
  question_id: z.number().int(),
  flagged: z.boolean(),
  updated_at: z.string(),
  change_seq: changeSeq,
});
export type PulledFlag = z.infer<typeof pulledFlagSchema>;

/** The student's note on a question; empty text is a cleared note (kept so an older write stays beaten). */
export const pulledNoteSchema = z.object({
  question_id: z.number().int(),
  text: z.string(),
  updated_at: z.string(),
  change_seq: changeSeq,
});
export type PulledNote = z.infer<typeof pulledNoteSchema>;

/** The student's mark for review on a question; `marked` false is a mark taken off (kept so an older one stays beaten). */
export const pulledReviewMarkSchema = z.object({
  question_id: z.number().int(),
  marked: z.boolean(),
  updated_at: z.string(),
  change_seq: changeSeq,
});
export type PulledReviewMark = z.infer<typeof pulledReviewMarkSchema>;

export const pulledSeenInExamSchema = z.object({
  id: z.string(),
  question_id: z.number().int(),
  date_seen: z.string(),
  authority: z.string(),
  created_at: z.string(),
  change_seq: changeSeq,
});
export type PulledSeenInExam = z.infer<typeof pulledSeenInExamSchema>;

export const pulledReviewSchema = z.object({
  user_test_id: z.string(),
  question_id: z.number().int(),
  /** The question's position in its test (1-based), as the results review numbers it. */
  position: z.number().int(),
  viewed_at: z.string(),
  change_seq: changeSeq,
});
export type PulledReview = z.infer<typeof pulledReviewSchema>;

/** How far the student read a lesson: the highest page opened; complete once it is the last. */
export const pulledLessonProgressSchema = z.object({
  lesson_id: z.number().int(),
  page: z.number().int(),
  completed: z.boolean(),
  updated_at: z.string(),
  change_seq: changeSeq,
});
export type PulledLessonProgress = z.infer<typeof pulledLessonProgressSchema>;

/** A reset of a subject's progress (append-only; its id is the id of the reset's mutation). */
export const pulledProgressResetSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  reset_at: z.string(),
  change_seq: changeSeq,
});
export type PulledProgressReset = z.infer<typeof pulledProgressResetSchema>;

export const userStepReplySchema = z.union([
  z.object({
    success: z.literal(true),
    cursor: z.string(),
    lesson_progress: z.array(pulledLessonProgressSchema).default([]),
    progress_resets: z.array(pulledProgressResetSchema).default([]),
    tests: z.array(pulledTestSchema),
    answers: z.array(pulledAnswerSchema),
    flags: z.array(pulledFlagSchema),
    notes: z.array(pulledNoteSchema).default([]),
    review_marks: z.array(pulledReviewMarkSchema).default([]),
    seen_in_exam: z.array(pulledSeenInExamSchema),
    reviews: z.array(pulledReviewSchema),
    /** Versions the pulled tests were built with that are no longer the bank's current ones. */
    question_versions: z.array(shownQuestionVersionSchema),
  }),
  pullRefusalSchema,
]);
export type UserStepReply = z.infer<typeof userStepReplySchema>;

// --- syllabus (modules, lessons, course dates, content versions) ------------------------------

export const pulledSyllabusSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  licence: z.string(),
  edition: z.string(),
  include_examples: z.boolean(),
  active: z.boolean(),
});
export const pulledModuleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  prerequisite_module_id: z.number().int().nullable(),
  parts: z.array(
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      type: z.enum(["lesson", "progress_test"]),
      lesson_id: z.number().int().nullable(),
      progress_test_id: z.number().int().nullable(),
    }),
  ),
  /** Spec: restrictions keyed by progress-test id, each a list of items with lesson_id. */
  restrictions: z.record(z.string(), z.array(z.object({ lesson_id: z.number().int() }))).default({}),
});
export type PulledModule = z.infer<typeof pulledModuleSchema>;
/** A lesson's metadata; its pages come with the content. */
export const pulledLessonSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  code: z.string(),
  title: z.string(),
  learning_objectives: z.array(z.string()),
  page_count: z.number().int(),
});
export type PulledLesson = z.infer<typeof pulledLessonSchema>;
export const courseDateSchema = z.object({
  module_id: z.number().int(),
  start: z.string(),
  end: z.string(),
});
export type CourseDate = z.infer<typeof courseDateSchema>;

/** A progress test of the syllabus, with what the access rules and the content check need offline. */
export const pulledProgressTestSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subject: z.string(),
  question_ids: z.array(z.number().int()),
  /** The version of each question the test is taken with (the bank's current ones). */
  question_versions: z.array(z.number().int()),
  pass_percentage: z.number().int().nullable(),
  time_limit: z.number().int().nullable(),
  allow_initial_attempt: z.boolean(),
  retry_interval_minutes: z.number().int().nullable(),
});
export type PulledProgressTest = z.infer<typeof pulledProgressTestSchema>;
/** The server's access settings (spec 6 restrict_target_dates, and the initial-attempt override). */
export const accessSettingsSchema = z.object({
  restrict_target_dates: z.string().nullable(),
  initial_attempt_override: z.boolean(),
});

export const syllabusStepReplySchema = z.union([
  unchanged,
  z.object({
    success: z.literal(true),
    cursor: z.string(),
    changed: z.literal(true),
    syllabus: pulledSyllabusSchema,
    modules: z.array(pulledModuleSchema),
    lessons: z.array(pulledLessonSchema),
    course_dates: z.array(courseDateSchema),
    progress_tests: z.array(pulledProgressTestSchema).default([]),
    access_settings: accessSettingsSchema.default({ restrict_target_dates: null, initial_attempt_override: false }),
    /** The bank's version as GET /api/content/bank reports it (its ETag). */
    content_versions: z.object({ bank: z.string() }),
  }),
  pullRefusalSchema,
]);
export type SyllabusStepReply = z.infer<typeof syllabusStepReplySchema>;

// --- school -----------------------------------------------------------------------------------

export const pulledSchoolSchema = z.object({
  name: z.string(),
  class: z.object({ id: z.string(), name: z.string() }),
});
export type PulledSchool = z.infer<typeof pulledSchoolSchema>;

export const schoolStepReplySchema = z.union([
  unchanged,
  z.object({
    success: z.literal(true),
    cursor: z.string(),
    changed: z.literal(true),
    /** Null for a student without a school. */
    school: pulledSchoolSchema.nullable(),
  }),
  pullRefusalSchema,
]);
export type SchoolStepReply = z.infer<typeof schoolStepReplySchema>;

/** The spec's message when the student has no syllabus to sync. */
export const NO_SYLLABUS_MESSAGE =
  "We were unable to start the app because you do not have a syllabus, please contact support if this error continues.";
