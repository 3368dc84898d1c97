import type { GivenAnswer } from "../schemas/answer.ts";
import type { QuestionType } from "../schemas/content.ts";

/** The part of a question grading needs; the bank question satisfies it. */
export interface GradableQuestion {
  type: QuestionType;
  answers: readonly { id: number; correct: boolean; group?: number | undefined }[];
  text_range?: { min: number; max: number } | undefined;
}

export type GradeResult = { answered: false; reason: string } | { answered: true; correct: boolean };

/**
 * Grades one given answer. The server calls this on its own copy of the question; the client
 * calls it to predict. A given answer that is empty, or does not fit the question, is not an
 * answer at all (spec: saving with no selection does nothing; an empty text is not answered).
 */
export function gradeAnswer(question: GradableQuestion, given: GivenAnswer): GradeResult {
  if (question.type === "text") {
    if (Array.isArray(given)) return { answered: false, reason: "a text question takes a value" };
    if (given.value === null) return { answered: false, reason: "no value entered" };
    const range = question.text_range;
    if (!range) return { answered: false, reason: "question has no range" };
    return { answered: true, correct: given.value >= range.min && given.value <= range.max };
  }
  if (!Array.isArray(given)) return { answered: false, reason: "this question takes answer ids" };
  if (given.length === 0) return { answered: false, reason: "no selection" };
  const byId = new Map(question.answers.map((a) => [a.id, a]));
  if (given.some((id) => !byId.has(id))) return { answered: false, reason: "unknown answer id" };
  if (new Set(given).size !== given.length) return { answered: false, reason: "an answer id repeats" };

  switch (question.type) {
    case "multiple_choice": {
      if (given.length !== 1) return { answered: false, reason: "choose exactly one answer" };
      return { answered: true, correct: byId.get(given[0] as number)?.correct === true };
    }
    case "multiple_select": {
      const correctIds = question.answers.filter((a) => a.correct).map((a) => a.id);
      const correct = given.length === correctIds.length && correctIds.every((id) => given.includes(id));
      return { answered: true, correct };
    }
    case "cloze": {
      const groups = [...new Set(question.answers.map((a) => a.group ?? 0))];
      const chosenGroups = given.map((id) => byId.get(id)?.group ?? 0);
      if (new Set(chosenGroups).size !== chosenGroups.length) return { answered: false, reason: "one choice per gap" };
      if (chosenGroups.length !== groups.length) return { answered: false, reason: "every gap must be chosen" };
      return { answered: true, correct: given.every((id) => byId.get(id)?.correct === true) };
    }
  }
}
