import { z } from "zod";
import { NOTE_CONTROL_MESSAGE, NOTE_TOO_LONG_MESSAGE, noteHasControl, noteTooLong } from "../rules/notes.ts";
import { isValidZoom, MONTH_PATTERN, USER_TEST_QUESTION_ID_PATTERN, ZOOM_RULE_MESSAGE } from "../rules/question.ts";
import { questionTypeSchema } from "./content.ts";
import { rowId } from "./ids.ts";
import { testResultSchema } from "./test.ts";

const uuid = (field: string) => z.string().uuid(`${field} must be a uuid`);
const questionId = rowId("question_id");

// ---------------------------------------------------------------------------------------------
// Queued writes (catalogue entries in mutations.ts)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/question/flag. With `flagged` it sets that state: what a queued client sends, so
 * replays from two devices converge on the latest intent. Without it, it toggles (the spec's
 * online call).
 */
export const flagQuestionSchema = z.object({
  question_id: questionId,
  flagged: z.boolean("flagged must be true or false").optional(),
});
export type FlagQuestion = z.infer<typeof flagQuestionSchema>;
export const flagReplySchema = z.object({ flagged: z.boolean() });
export type FlagReply = z.infer<typeof flagReplySchema>;

/** POST /api/question/unflag_all: clears every flag of the student set before this intent. */
export const unflagAllSchema = z.object({});
export type UnflagAll = z.infer<typeof unflagAllSchema>;

/**
 * POST /api/question/note: the student's note on a question as it now reads, plain text of at
 * most NOTE_MAX_CHARS characters; empty (or only white space) clears it. The latest write wins
 * (rules/notes.ts, SR24); the reply is the note the server holds after it.
 */
export const questionNoteSchema = z.object({
  question_id: questionId,
  text: z
    .string("text must be text")
    .refine((text) => !noteTooLong(text), NOTE_TOO_LONG_MESSAGE)
    .refine((text) => !noteHasControl(text), NOTE_CONTROL_MESSAGE),
});
export type QuestionNote = z.infer<typeof questionNoteSchema>;
export const noteReplySchema = z.object({ text: z.string(), updated_at: z.string() });
export type NoteReply = z.infer<typeof noteReplySchema>;

/**
 * POST /api/question/review_mark: the student's mark for review on a question as it now stands,
 * set or taken off (never a toggle, so replays from two devices converge on the latest intent:
 * rules/review-marks.ts, SR26). The reply is the mark the server holds after it.
 */
export const reviewMarkSchema = z.object({
  question_id: questionId,
  marked: z.boolean("marked must be true or false"),
});
export type ReviewMarkWrite = z.infer<typeof reviewMarkSchema>;
export const reviewMarkReplySchema = z.object({ marked: z.boolean(), updated_at: z.string() });
export type ReviewMarkReply = z.infer<typeof reviewMarkReplySchema>;

/** POST /questions/{id}/seen-in-exam. `report_id` is the device's uuid for the report. */
export const seenInExamSchema = z.object({
  report_id: uuid("report_id"),
  date_seen: z.string("date_seen must be a month, YYYY-MM").regex(MONTH_PATTERN, "date_seen must be a month, YYYY-MM"),
  authority: z.string("Please choose an authority").trim().min(1, "Please choose an authority").max(100),
});
export type SeenInExam = z.infer<typeof seenInExamSchema>;
export const seenInExamReplySchema = z.object({ message: z.string() });
export type SeenInExamReply = z.infer<typeof seenInExamReplySchema>;

/** POST /api/review: a question of a finished test was shown in the results review. */
export const reviewSchema = z.object({
  user_test_question_id: z
    .string("user_test_question_id must be <user_test_id>:<question_number>")
    .regex(USER_TEST_QUESTION_ID_PATTERN, "user_test_question_id must be <user_test_id>:<question_number>"),
});
export type Review = z.infer<typeof reviewSchema>;

/** POST /zoom (spec: 1.0 to 1.8 in steps of 0.1). */
export const zoomSchema = z.object({
  zoom: z.number(ZOOM_RULE_MESSAGE).refine(isValidZoom, ZOOM_RULE_MESSAGE),
});
export type Zoom = z.infer<typeof zoomSchema>;

export const successReplySchema = z.object({ success: z.literal(true) });
export type SuccessReply = z.infer<typeof successReplySchema>;

// ---------------------------------------------------------------------------------------------
// Online-only reads
// ---------------------------------------------------------------------------------------------

export const userTestIdSchema = z.object({ user_test_id: uuid("user_test_id") });
export type UserTestIdRequest = z.infer<typeof userTestIdSchema>;

/** POST /test/current/question; without question_position it is the reload form. */
export const currentQuestionRequestSchema = z.object({
  user_test_id: uuid("user_test_id"),
  question_position: z
    .number("question_position must be a number")
    .int("question_position must be a whole number")
    .min(1, "question_position starts at 1")
    .optional(),
});
export type CurrentQuestionRequest = z.infer<typeof currentQuestionRequestSchema>;

export const questionImageSchema = z.object({ file: z.string(), is_animated: z.boolean() });

/** An answer option as the test screen sees it; `correct` only once answers may be shown. */
export const questionAnswerViewSchema = z.object({
  id: z.number().int(),
  answer: z.string(),
  /** Part of the student's latest answer to this question in this test. */
  selected: z.boolean(),
  correct: z.boolean().optional(),
  /** Cloze only: the 1-based gap. */
  question_cloze_group: z.number().int().optional(),
});

/** Spec 3, Stats: over every student, the latest answer per student per test question once. */
export const questionStatsSchema = z.object({
  answered: z.number().int(),
  sum_correct: z.number().int(),
  updated: z.string().nullable(),
  learningObjectives: z.array(z.object({ code: z.string(), version: z.string() })),
});

export const seenInExamEntrySchema = z.object({
  date_seen: z.string(),
  authority: z.object({ title: z.string() }),
});

/** Text questions: units always; the range, model value and correctness once answers may be shown. */
export const textRangeViewSchema = z.object({
  units: z.string(),
  /** The student's latest value in this test. */
  value: z.number().nullable(),
  min: z.number().optional(),
  max: z.number().optional(),
  exact: z.number().optional(),
  correct: z.boolean().nullable().optional(),
});

/** Spec 3, Question: as served to a test, from the question version the test was built with. */
export const testQuestionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  question: z.string(),
  question_stripped: z.string(),
  question_number: z.number().int(),
  type: questionTypeSchema,
  answers: z.array(questionAnswerViewSchema),
  explanation: z.string().nullable(),
  annexImages: z.array(questionImageSchema),
  answerImages: z.array(questionImageSchema),
  stats: questionStatsSchema,
  seen_in_exam: z.array(seenInExamEntrySchema),
  total_correct: z.number().int(),
  text_range: textRangeViewSchema.nullable(),
  /** Null for a school's own question whose answers the test withholds (the reference tells where its answer is). */
  reference: z.string().nullable(),
  score: z.number().int(),
  isFlagged: z.boolean(),
  topic: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type TestQuestion = z.infer<typeof testQuestionSchema>;

export const currentQuestionReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  question: testQuestionSchema.nullable(),
  position: z.number().int(),
});
export type CurrentQuestionReply = z.infer<typeof currentQuestionReplySchema>;

/** POST /test/current/test-question. `correct` is null while answers are hidden. */
export const testQuestionsReplySchema = z.object({
  user_test_questions: z.array(
    z.object({
      question_number: z.number().int(),
      question_id: z.number().int(),
      answered: z.boolean(),
      accessed: z.boolean(),
      correct: z.boolean().nullable(),
    }),
  ),
});
export type TestQuestionsReply = z.infer<typeof testQuestionsReplySchema>;

/** POST /test/question-data: the list of a test's questions, with the student's review state. */
export const questionDataReplySchema = z.object({
  user_test: testResultSchema,
  questions: z.array(
    z.object({
      question_number: z.number().int(),
      question_id: z.number().int(),
      question_version: z.number().int(),
      answered: z.boolean(),
      correct: z.boolean().nullable(),
      reviewed: z.boolean(),
    }),
  ),
});
export type QuestionDataReply = z.infer<typeof questionDataReplySchema>;

export const userActiveReplySchema = z.object({ active: z.boolean() });
export type UserActiveReply = z.infer<typeof userActiveReplySchema>;

/** GET /api/authorities: grouped in the order the seen-in-exam picker shows them. */
export const authoritiesReplySchema = z.object({
  data: z.array(
    z.object({
      group: z.string(),
      authorities: z.array(z.object({ id: z.string(), title: z.string() })),
    }),
  ),
});
export type AuthoritiesReply = z.infer<typeof authoritiesReplySchema>;

/** GET /api/content/question-stats: questions nobody has answered yet are left out (all zero). */
export const questionStatsReplySchema = z.object({
  stats: z.array(
    z.object({
      question_id: z.number().int(),
      answered: z.number().int(),
      sum_correct: z.number().int(),
      updated: z.string().nullable(),
    }),
  ),
});
export type QuestionStatsReply = z.infer<typeof questionStatsReplySchema>;
