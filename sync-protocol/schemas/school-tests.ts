/**
 * Fixed tests a school sets and the results that go to it (issue 20). Instructors only, and only
 * their own school's tests and classes: another school's test or class is answered as one that
 * does not exist (404).
 *
 *   GET  /school/fixed-tests                         the school's tests
 *   GET  /school/fixed-tests/{test_id}               one test as the editor shows it
 *   POST /school/fixed-tests                         create one          → { test }
 *   PUT  /school/fixed-tests/{test_id}               edit one            → { test }
 *   GET  /school/fixed-tests/{test_id}/results       every attempt, hidden ones included, and per-question figures
 *   GET  /school/fixed-tests/{test_id}/results.csv   the same attempts as CSV
 *   GET  /school/classes/{class_id}/overview.csv     the class overview as CSV
 *   GET  /school/students/{user_id}/report.pdf       a printable report of one student, with the school's name
 *   GET  /school/questions?subject=&topic=&contains= questions to pick by hand
 */
import { z } from "zod";
import { rowId, rowIdParam } from "./ids.ts";
import { classParamsSchema, schoolSchema } from "./school.ts";

export const SCHOOL_TEST_LIMITS = {
  titleLength: 120,
  /** The most questions one fixed test may hold. */
  questions: 200,
  timeLimitMinutes: 600,
  attempts: 20,
  passwordMin: 4,
  passwordMax: 100,
  reasonLength: 200,
  classes: 50,
  /** Hand-picking: the most questions one search lists. */
  searchResults: 50,
} as const;

export const SCHOOL_TEST_MESSAGES = {
  testNotFound: "There is no fixed test with this id in your school.",
  studentNotFound: "There is no student with this id in your school.",
  titleRequired: "Enter a title for the test",
  titleTooLong: `The title must be at most ${SCHOOL_TEST_LIMITS.titleLength} characters`,
  tooFewQuestions: (found: number) =>
    `Only ${found} ${found === 1 ? "question matches" : "questions match"} these filters; choose at most ${found} or widen the filters.`,
  noQuestions: "Choose at least one question",
  tooManyQuestions: `A fixed test holds at most ${SCHOOL_TEST_LIMITS.questions} questions`,
  unknownQuestions: (ids: number[]) => `These questions cannot be used in your school's tests: ${ids.join(", ")}`,
  repeatedQuestions: "A question is chosen twice",
  passwordLength: `The password must be ${SCHOOL_TEST_LIMITS.passwordMin} to ${SCHOOL_TEST_LIMITS.passwordMax} characters`,
  opensBeforeCloses: "The test must open before it closes",
  unknownClasses: "Choose classes of your school only",
  created: "The fixed test has been created.",
  saved: "The fixed test has been saved.",
} as const;

const subjectCode = z.string().regex(/^\d{3}$/, "subject is three digits, e.g. 010");
const topicCode = z.string().regex(/^\d{3}\.\d{2}(\.\d{2}){0,2}$/, "topic looks like 010.01 or 010.01.02");
const classId = classParamsSchema.shape.class_id;
const moment = z.iso.datetime({ offset: true, message: "a date and time is ISO 8601, e.g. 2026-12-01T09:00:00Z" });

/** How the questions are chosen: at random from the bank by subject and topic, or by hand. */
export const questionChoiceSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("filter"),
      subject: subjectCode,
      /** A topic (or deeper heading) of the subject; null for the whole subject. */
      topic: topicCode.nullable(),
      count: z
        .number("count must be a number")
        .int("count must be a whole number")
        .min(1, SCHOOL_TEST_MESSAGES.noQuestions)
        .max(SCHOOL_TEST_LIMITS.questions, SCHOOL_TEST_MESSAGES.tooManyQuestions),
    }),
    z.object({
      kind: z.literal("list"),
      question_ids: z
        .array(rowId("question id"))
        .min(1, SCHOOL_TEST_MESSAGES.noQuestions)
        .max(SCHOOL_TEST_LIMITS.questions, SCHOOL_TEST_MESSAGES.tooManyQuestions)
        .refine((ids) => new Set(ids).size === ids.length, SCHOOL_TEST_MESSAGES.repeatedQuestions),
    }),
  ],
  { error: 'questions.kind must be "filter" or "list"' },
);
export type QuestionChoice = z.infer<typeof questionChoiceSchema>;

const password = z
  .string("password must be text")
  .min(SCHOOL_TEST_LIMITS.passwordMin, SCHOOL_TEST_MESSAGES.passwordLength)
  .max(SCHOOL_TEST_LIMITS.passwordMax, SCHOOL_TEST_MESSAGES.passwordLength);

/** What the editor sends, creating or editing. */
export const fixedTestDraftSchema = z
  .object({
    title: z
      .string("title must be text")
      .trim()
      .min(1, SCHOOL_TEST_MESSAGES.titleRequired)
      .max(SCHOOL_TEST_LIMITS.titleLength, SCHOOL_TEST_MESSAGES.titleTooLong),
    questions: questionChoiceSchema,
    /** Minutes; null for an untimed test. */
    time_limit: z.number().int().min(1).max(SCHOOL_TEST_LIMITS.timeLimitMinutes).nullable(),
    pass_percentage: z.number().int().min(1).max(100),
    /** Attempts allowed per student; 0 means no limit. */
    attempts: z.number().int().min(0).max(SCHOOL_TEST_LIMITS.attempts),
    /**
     * A new password, or null for none. Editing, leaving it out keeps the current one (the
     * instructor never sees it again: only its hash is kept).
     */
    password: password.nullable().optional(),
    hide_results: z.boolean(),
    hide_answers: z.boolean(),
    /** When students may start it; null for no bound. */
    opens_at: moment.nullable(),
    closes_at: moment.nullable(),
    /** Why it cannot be started now (shown to students); null when it can. */
    disabled_reason: z.string().trim().min(1).max(SCHOOL_TEST_LIMITS.reasonLength).nullable(),
    class_ids: z.array(classId).max(SCHOOL_TEST_LIMITS.classes),
  })
  .refine((d) => d.opens_at === null || d.closes_at === null || Date.parse(d.opens_at) < Date.parse(d.closes_at), {
    message: SCHOOL_TEST_MESSAGES.opensBeforeCloses,
    path: ["closes_at"],
  });
export type FixedTestDraft = z.infer<typeof fixedTestDraftSchema>;

export const schoolTestParamsSchema = z.object({ test_id: rowIdParam("test_id") });
export const schoolStudentParamsSchema = z.object({
  user_id: z.string().uuid("user_id must be a student's id"),
});

/** A question as the instructor picks and reads it. */
export const schoolQuestionSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  syllabus_code: z.string(),
  reference: z.string(),
  /** The question's text without html, cut to 200 characters. */
  text: z.string(),
});
export type SchoolQuestion = z.infer<typeof schoolQuestionSchema>;

export const schoolFixedTestSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  questions: z.array(schoolQuestionSchema),
  time_limit: z.number().int().nullable(),
  pass_percentage: z.number().int(),
  attempts: z.number().int(),
  has_password: z.boolean(),
  hide_results: z.boolean(),
  hide_answers: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  class_ids: z.array(z.string()),
  /** Tests started from it by students. */
  attempts_taken: z.number().int().nonnegative(),
  updated_at: z.string(),
});
export type SchoolFixedTest = z.infer<typeof schoolFixedTestSchema>;

export const schoolFixedTestReplySchema = z.object({ message: z.string().optional(), test: schoolFixedTestSchema });
export type SchoolFixedTestReply = z.infer<typeof schoolFixedTestReplySchema>;

export const schoolFixedTestsReplySchema = z.object({
  school: schoolSchema,
  tests: z.array(schoolFixedTestSchema.omit({ questions: true }).extend({ question_count: z.number().int() })),
});
export type SchoolFixedTestsReply = z.infer<typeof schoolFixedTestsReplySchema>;

export const schoolQuestionsQuerySchema = z.object({
  subject: subjectCode,
  topic: topicCode.optional(),
  contains: z.string().trim().max(100, "contains must be at most 100 characters").optional(),
});
export const schoolQuestionsReplySchema = z.object({
  questions: z.array(schoolQuestionSchema),
  /** How many match in all (the list shows the first SCHOOL_TEST_LIMITS.searchResults). */
  total: z.number().int().nonnegative(),
});
export type SchoolQuestionsReply = z.infer<typeof schoolQuestionsReplySchema>;

/** One answer of an attempt, as the school reads it. */
export const attemptAnswerSchema = z.object({
  position: z.number().int(),
  question_id: z.number().int(),
  /** The answer given, as letters (A, C) or the number typed; null when not answered. */
  given: z.string().nullable(),
  correct: z.boolean().nullable(),
});

export const schoolAttemptSchema = z.object({
  user_test_id: z.string(),
  student: z.object({
    id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    student_id: z.string().nullable(),
    class_name: z.string().nullable(),
  }),
  started: z.string(),
  /** Null while the attempt runs. */
  finished_at: z.string().nullable(),
  score: z.number().int().nullable(),
  total_score: z.number().int(),
  percentage: z.number().nullable(),
  pass: z.boolean().nullable(),
  /** Seconds from start to finish on the student's clock; null while it runs. */
  time_taken: z.number().int().nonnegative().nullable(),
  /** The student never sees this score (hidden results). */
  hidden_from_student: z.boolean(),
  answers: z.array(attemptAnswerSchema),
});
export type SchoolAttempt = z.infer<typeof schoolAttemptSchema>;

/** How a question of the test went, over the finished attempts. */
export const questionFiguresSchema = schoolQuestionSchema.extend({
  position: z.number().int(),
  attempts: z.number().int().nonnegative(),
  right: z.number().int().nonnegative(),
  wrong: z.number().int().nonnegative(),
  unanswered: z.number().int().nonnegative(),
});
export type QuestionFigures = z.infer<typeof questionFiguresSchema>;

export const schoolTestResultsReplySchema = z.object({
  school: schoolSchema,
  test: schoolFixedTestSchema.omit({ questions: true }),
  attempts: z.array(schoolAttemptSchema),
  /** Per question in the test's order; the screen sorts by most missed. */
  questions: z.array(questionFiguresSchema),
  /** Students of the assigned classes who have not started it. */
  not_started: z.array(z.object({ id: z.string(), firstname: z.string(), lastname: z.string() })),
});
export type SchoolTestResultsReply = z.infer<typeof schoolTestResultsReplySchema>;

export { classParamsSchema };
