import { z } from "zod";
import { subjectOfCode } from "../rules/subject-code.ts";

/**
 * The content bank format: what `fixtures/` holds, what `npm run content:import` reads and
 * what the server publishes to devices. One format everywhere, validated by these schemas.
 */

export const QUESTION_TYPES = ["multiple_choice", "multiple_select", "text", "cloze"] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** Syllabus editions a question belongs to (spec: pre-2020 and 2020). */
export const SYLLABUS_EDITIONS = ["pre2020", "2020"] as const;
export const syllabusEditionSchema = z.enum(SYLLABUS_EDITIONS);
export type SyllabusEdition = z.infer<typeof syllabusEditionSchema>;

export { subjectOfCode };

const subjectCode = z.string().regex(/^\d{3}$/, "a subject code is three digits, e.g. 010");
/** A syllabus heading code, level 2 to 4: 010.01, 010.01.01 or 010.01.01.01. */
const syllabusCode = z.string().regex(/^\d{3}\.\d{2}(\.\d{2}){0,2}$/, "a syllabus code looks like 010.01.02.03");
const learningObjectiveCode = z
  .string()
  .regex(/^\d{3}(\.\d{2}){4}$/, "a learning objective code looks like 010.01.02.03.04");
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date is YYYY-MM-DD");
const imagePath = z
  .string()
  .regex(/^images\/[a-z0-9][a-z0-9._-]*\.(png|jpg|jpeg|gif|svg|webp)$/, "images/<name>.<ext>");

export const answerSchema = z.object({
  id: z.number().int().positive(),
  answer: z.string().min(1),
  correct: z.boolean(),
  /** Cloze only: the 1-based gap this option belongs to. */
  group: z.number().int().min(1).optional(),
});
export type BankAnswer = z.infer<typeof answerSchema>;

export const textRangeSchema = z
  .object({
    min: z.number(),
    max: z.number(),
    /** The worked value shown as the model answer. */
    exact: z.number(),
    units: z.string(),
  })
  .refine((r) => r.min <= r.exact && r.exact <= r.max, "exact must lie between min and max");

export const imageRefSchema = z.object({
  file: imagePath,
  is_animated: z.boolean().default(false),
});

/** The bank question's fields, before the checks across them (the withheld form reuses them). */
export const bankQuestionFields = z.object({
  id: z.number().int().positive(),
  subject: subjectCode,
  /** Deepest syllabus heading the question sits under (topic, subtopic or section). */
  syllabus_code: syllabusCode,
  type: questionTypeSchema,
  /** Question text; may hold simple inline html. Cloze gaps are written {{1}}, {{2}} ... */
  question: z.string().min(1),
  answers: z.array(answerSchema),
  total_correct: z.number().int().positive().optional(),
  text_range: textRangeSchema.optional(),
  explanation: z.string().min(1),
  reference: z.string().min(1),
  learning_objectives: z.array(learningObjectiveCode).min(1),
  annex_images: z.array(imageRefSchema).default([]),
  answer_images: z.array(imageRefSchema).default([]),
  /** Written by the provider as an example exam question (excluded from '2020 excluding'). */
  example: z.boolean().default(false),
  editions: z.array(syllabusEditionSchema).min(1),
  score: z.number().int().positive().default(1),
  added: isoDate,
});

export const bankQuestionSchema = bankQuestionFields.superRefine((q, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: "custom", message });
  if (subjectOfCode(q.syllabus_code) !== q.subject)
    issue(`syllabus_code ${q.syllabus_code} is not in subject ${q.subject}`);
  for (const lo of q.learning_objectives)
    if (subjectOfCode(lo) !== q.subject) issue(`learning objective ${lo} is not in subject ${q.subject}`);
  const ids = new Set(q.answers.map((a) => a.id));
  if (ids.size !== q.answers.length) issue("answer ids repeat");
  const correct = q.answers.filter((a) => a.correct).length;
  switch (q.type) {
    case "multiple_choice":
      if (q.answers.length < 2) issue("multiple choice needs at least two answers");
      if (correct !== 1) issue("multiple choice has exactly one correct answer");
      break;
    case "multiple_select":
      if (q.answers.length < 3) issue("multiple select needs at least three answers");
      if (correct < 2) issue("multiple select has at least two correct answers");
      if (q.total_correct !== correct) issue("total_correct must equal the number of correct answers");
      break;
    case "text":
      if (!q.text_range) issue("a text question needs text_range");
      if (q.answers.length !== 0) issue("a text question has no answer options");
      break;
    case "cloze": {
      const gaps = [...q.question.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      if (gaps.length === 0) issue("a cloze question needs gaps {{1}}, {{2}} ...");
      gaps.forEach((g, i) => {
        if (g !== i + 1) issue("cloze gaps are numbered 1, 2, 3 ... in order");
      });
      for (const g of gaps) {
        const options = q.answers.filter((a) => a.group === g);
        if (options.length < 2) issue(`gap ${g} needs at least two options`);
        if (options.filter((a) => a.correct).length !== 1) issue(`gap ${g} needs exactly one correct option`);
      }
      if (q.answers.some((a) => a.group === undefined || !gaps.includes(a.group)))
        issue("every cloze option names an existing gap in group");
      break;
    }
  }
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const syllabusNodeSchema = z.object({
  code: z.string(),
  title: z.string(),
  level: z.number().int().min(1).max(4),
});
export type SyllabusNode = z.infer<typeof syllabusNodeSchema>;

export const learningObjectiveSchema = z.object({
  code: learningObjectiveCode,
  text: z.string(),
  subject: subjectCode,
  courses: z.array(z.string()),
});
export type LearningObjective = z.infer<typeof learningObjectiveSchema>;

export const lessonSchema = z.object({
  id: z.number().int().positive(),
  subject: subjectCode,
  title: z.string().min(1),
  code: z.string().min(1),
  /** Pages of sanitisable html; a lesson url opens page 1 unless ?page= says otherwise. */
  pages: z.array(z.string().min(1)).min(1),
  learning_objectives: z.array(learningObjectiveCode).default([]),
});
export type Lesson = z.infer<typeof lessonSchema>;
