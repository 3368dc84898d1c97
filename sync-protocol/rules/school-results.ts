/**
 * What a school reads of its students' fixed tests (issue 20): each answer in words, each
 * question's figures over the attempts, and the time an attempt took. One rule for the school's
 * screen, its CSV and its PDF.
 */
import type { GivenAnswer } from "../schemas/answer.ts";
import type { QuestionType } from "../schemas/content.ts";
import { answerLetter } from "./format.ts";

export interface DescribedQuestion {
  type: QuestionType;
  answers: readonly { id: number; group?: number | undefined }[];
}

/**
 * The answer given, as the question's letters ("b", "a, c"), the gaps' letters ("1: b, 2: a") or
 * the number typed; null when nothing was given.
 */
export function givenText(question: DescribedQuestion, given: GivenAnswer | null): string | null {
  if (given === null) return null;
  if (!Array.isArray(given)) return given.value === null ? null : String(given.value);
  if (given.length === 0) return null;
  if (question.type === "cloze") {
    return given
      .map((id) => {
        const option = question.answers.find((a) => a.id === id);
        if (option?.group === undefined) return "?";
        const inGap = question.answers.filter((a) => a.group === option.group);
        return `${option.group}: ${answerLetter(inGap.indexOf(option))}`;
      })
      .join(", ");
  }
  return given
    .map((id) => question.answers.findIndex((a) => a.id === id))
    .sort((a, b) => a - b)
    .map((index) => (index < 0 ? "?" : answerLetter(index)))
    .join(", ");
}

export interface AttemptAnswer {
  position: number;
  /** Null when the question was not answered. */
  correct: boolean | null;
}

export interface QuestionTally {
  position: number;
  attempts: number;
  right: number;
  wrong: number;
  unanswered: number;
}

/** Per position of the test, how the finished attempts went. */
export function questionTallies(positions: number, attempts: readonly (readonly AttemptAnswer[])[]): QuestionTally[] {
  const tallies = Array.from({ length: positions }, (_, i) => ({
    position: i + 1,
    attempts: attempts.length,
    right: 0,
    wrong: 0,
    unanswered: 0,
  }));
  for (const answers of attempts) {
    const byPosition = new Map(answers.map((a) => [a.position, a.correct]));
    for (const tally of tallies) {
      const correct = byPosition.get(tally.position) ?? null;
      if (correct === null) tally.unanswered += 1;
      else if (correct) tally.right += 1;
      else tally.wrong += 1;
    }
  }
  return tallies;
}

/** Most missed first: the most wrong and unanswered, then the fewest right, then test order. */
export function byMostMissed<T extends QuestionTally>(tallies: readonly T[]): T[] {
  return [...tallies].sort(
    (a, b) => b.wrong + b.unanswered - (a.wrong + a.unanswered) || a.right - b.right || a.position - b.position,
  );
}

/** Seconds from start to finish; null while it runs (or when the clocks disagree past zero). */
export function timeTaken(started: string, finishedAt: string | null): number | null {
  if (finishedAt === null) return null;
  const seconds = Math.round((Date.parse(finishedAt) - Date.parse(started)) / 1000);
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}
