/**
 * Questions whose answers a school withholds (issue 14, exam integrity). A school's own question
 * in a fixed test that hides its answers reaches the device without which options are right,
 * without the text question's accepted range, without explanation or reference. The device
 * records the student's answer ungraded; the server grades it on arrival, and nothing the
 * student reads afterwards says whether it was right.
 */
import { z } from "zod";
import type { GivenAnswer } from "../schemas/answer.ts";
import { type BankQuestion, bankQuestionFields, bankQuestionSchema } from "../schemas/content.ts";
import { type GradableQuestion, gradeAnswer } from "./grading.ts";

/** A bank question's shape with every key that tells the answer refused (z.undefined). */
export const withheldQuestionSchema = bankQuestionFields.omit({ explanation: true, reference: true }).extend({
  answers: z.array(
    z.object({
      id: z.number().int().positive(),
      answer: z.string().min(1),
      group: z.number().int().min(1).optional(),
      correct: z.undefined().optional(),
    }),
  ),
  text_range: z
    .object({
      units: z.string(),
      min: z.undefined().optional(),
      max: z.undefined().optional(),
      exact: z.undefined().optional(),
    })
    .optional(),
  explanation: z.undefined().optional(),
  reference: z.undefined().optional(),
  withheld: z.literal(true),
});
export type WithheldQuestion = z.infer<typeof withheldQuestionSchema>;

const version = z.object({ version: z.number().int().positive() });

/** One version of a question as a test shows it, on the wire: withheld or whole. */
export const shownQuestionVersionSchema = z.union([
  withheldQuestionSchema.extend(version.shape),
  bankQuestionSchema.and(version),
]);
export type ShownQuestionVersion = z.infer<typeof shownQuestionVersionSchema>;

/** A question as a test shows it: from the bank, or with its answers withheld. */
export type ShownQuestion = BankQuestion | WithheldQuestion;

export function isWithheld(question: ShownQuestion): question is WithheldQuestion {
  return "withheld" in question && question.withheld === true;
}

/** The question without anything that tells its answer. */
export function withholdAnswers(question: BankQuestion): WithheldQuestion {
  const { answers, text_range, explanation: _explanation, reference: _reference, ...rest } = question;
  return {
    ...rest,
    answers: answers.map(({ id, answer, group }) => (group === undefined ? { id, answer } : { id, answer, group })),
    ...(text_range ? { text_range: { units: text_range.units } } : {}),
    withheld: true,
  };
}

/**
 * The device's grading: whether the answer counts as given, and whether it is right when the
 * device can know (null for a withheld question: the server grades it).
 */
export function gradeOnDevice(
  question: GradableQuestion | WithheldQuestion,
  given: GivenAnswer,
): { answered: false; reason: string } | { answered: true; correct: boolean | null } {
  if (!("withheld" in question)) return gradeAnswer(question, given);
  // Whether an answer was given never depends on which options are right.
  const shape: GradableQuestion = {
    type: question.type,
    answers: question.answers.map((a) => ({ ...a, correct: false })),
    text_range: { min: 0, max: 0 },
  };
  const grade = gradeAnswer(shape, given);
  return grade.answered ? { answered: true, correct: null } : grade;
}
