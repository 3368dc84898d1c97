/**
 * The Flagged Questions list's request and reply schemas; the list's rules are in
 * flagged-list.ts (no zod), re-exported here.
 */
import { z } from "zod";
import { questionTypeSchema, subjectOfCode } from "../schemas/content.ts";
import { seenInExamEntrySchema } from "../schemas/question.ts";

import { FLAGGED_CONTAINS_MAX, normalizeContains } from "./flagged-list.ts";

export * from "./flagged-list.ts";

// ---------------------------------------------------------------------------------------------
// POST /api/user/flagged, optional ?page={n}: payload contains, subject, topic
// ---------------------------------------------------------------------------------------------

const SUBJECT_MESSAGE = "subject must be a subject code of three digits, e.g. 010";
const TOPIC_MESSAGE = "topic must be a topic code, e.g. 010.01";
const SUBJECT_CODE = /^\d{3}$/;
const TOPIC_CODE = /^\d{3}\.\d{2}$/;

/** Empty text or null both mean "none chosen". */
const optionalCode = (pattern: RegExp, message: string) =>
  z
    .union([z.literal(""), z.string(message).regex(pattern, message)], message)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const flaggedFilterSchema = z
  .object({
    contains: z
      .string("contains must be text")
      .max(FLAGGED_CONTAINS_MAX, `contains must be at most ${FLAGGED_CONTAINS_MAX} characters`)
      .nullable()
      .optional()
      .transform((value) => normalizeContains(value ?? "")),
    subject: optionalCode(SUBJECT_CODE, SUBJECT_MESSAGE),
    topic: optionalCode(TOPIC_CODE, TOPIC_MESSAGE),
  })
  .superRefine((filter, ctx) => {
    // Zod runs this even when a field failed above; a malformed code has been reported there.
    if (typeof filter.topic === "string" && !TOPIC_CODE.test(filter.topic)) return;
    if (typeof filter.subject === "string" && !SUBJECT_CODE.test(filter.subject)) return;
    if (filter.subject === null) {
      if (filter.topic !== null) ctx.addIssue({ code: "custom", path: ["topic"], message: "Choose a subject first" });
      if (filter.contains !== "")
        ctx.addIssue({ code: "custom", path: ["contains"], message: "Choose a subject first" });
    } else if (filter.topic !== null && subjectOfCode(filter.topic) !== filter.subject) {
      ctx.addIssue({
        code: "custom",
        path: ["topic"],
        message: `topic ${filter.topic} is not in subject ${filter.subject}`,
      });
    }
  });
export type FlaggedFilterRequest = z.input<typeof flaggedFilterSchema>;

export const flaggedPageQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "page must be a whole number from 1")
    .transform(Number)
    .optional(),
});

export const flaggedAnswerSchema = z.object({
  id: z.number().int(),
  answer: z.string(),
  correct: z.boolean(),
  /** Cloze only: the 1-based gap. */
  question_cloze_group: z.number().int().optional(),
});

/** Spec 3, Flagged item: question_id and the question as the flagged list shows it. */
export const flaggedItemSchema = z.object({
  question_id: z.number().int(),
  question: z.object({
    id: z.number().int(),
    question_stripped: z.string(),
    reference: z.string(),
    type: questionTypeSchema,
    question: z.string(),
    answers: z.array(flaggedAnswerSchema),
    score: z.number().int(),
    /** Its place in the filtered list, from 1, over every page. */
    question_number: z.number().int(),
    isFlagged: z.boolean(),
    /** The student's own note on the question (plain text), null without one. */
    note: z.string().nullable(),
    seen_in_exam: z.array(seenInExamEntrySchema),
  }),
});
export type FlaggedItem = z.infer<typeof flaggedItemSchema>;

export const flaggedReplySchema = z.object({
  /** Every flagged question id, most recently flagged first, whatever the filter. */
  all: z.array(z.number().int()),
  data: z.array(flaggedItemSchema),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type FlaggedReply = z.infer<typeof flaggedReplySchema>;

/** GET /api/question_topic?subject_code={code}: the topics of the student's bank in a subject. */
export const questionTopicQuerySchema = z.object({
  subject_code: z.string(SUBJECT_MESSAGE).regex(SUBJECT_CODE, SUBJECT_MESSAGE),
});
export const questionTopicsReplySchema = z.object({
  data: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type QuestionTopicsReply = z.infer<typeof questionTopicsReplySchema>;
