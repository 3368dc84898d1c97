/** Typed fixtures of the question screen: one question of each type and a test over them, as the device holds them. */
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import { QUESTION_BASE } from "../../local/question-fixtures.ts";
import type { LocalQuestion, LocalUserTest } from "../../local/store/db.ts";
import type { TestData } from "./queries.ts";

export const CHOICE: LocalQuestion = {
  ...QUESTION_BASE,
  id: 101,
  reference: "010-0101",
  type: "multiple_choice",
  question: "Which document lists the aerodrome's operating hours?",
  explanation: "The AIP, part AD, gives each aerodrome's hours.",
  answers: [
    { id: 11, answer: "The NOTAM summary", correct: false },
    { id: 12, answer: "The AIP, part AD", correct: true },
    { id: 13, answer: "The flight manual", correct: false },
  ],
};

export const SELECT: LocalQuestion = {
  ...QUESTION_BASE,
  id: 102,
  reference: "010-0102",
  score: 2,
  type: "multiple_select",
  question: "Which of these are flight documents?",
  explanation: "Both the journey log and the certificate of airworthiness are carried.",
  total_correct: 2,
  answers: [
    { id: 21, answer: "Journey log", correct: true },
    { id: 22, answer: "Certificate of airworthiness", correct: true },
    { id: 23, answer: "Pilot's diary", correct: false },
  ],
};

export const TEXT: LocalQuestion = {
  ...QUESTION_BASE,
  id: 103,
  reference: "010-0103",
  type: "text",
  question: "What is the transition altitude, in feet?",
  explanation: "It is published for the aerodrome.",
  answers: [],
  text_range: { min: 2900, max: 3100, exact: 3000, units: "ft" },
};

export const CLOZE: LocalQuestion = {
  ...QUESTION_BASE,
  id: 104,
  reference: "010-0104",
  type: "cloze",
  question: "Cloud above {{1}} is reported as {{2}}.",
  explanation: "Ceilings are reported by layer.",
  answers: [
    { id: 41, answer: "5000 ft", correct: true, group: 1 },
    { id: 42, answer: "1000 ft", correct: false, group: 1 },
    { id: 43, answer: "CAVOK", correct: true, group: 2 },
    { id: 44, answer: "NSC", correct: false, group: 2 },
  ],
};

export const QUESTIONS = [CHOICE, SELECT, TEXT, CLOZE];

export const TEST: LocalUserTest = {
  id: "7d1d7d36-9a4f-4f0e-9c1f-1f5a0e2b3c4d",
  title: "Practice",
  test_type: "practice",
  display_answers: "after_test",
  time_limit: null,
  pass_percentage: 75,
  question_ids: QUESTIONS.map((q) => q.id),
  question_versions: QUESTIONS.map((q) => q.version),
  started: "2026-06-15T12:00:00.000Z",
  finished: null,
  ended: null,
  can_retake: true,
  hide_results: false,
  retake_of: null,
  predicted: null,
  marked: null,
  position: 1,
};

/** The device's copy of a test: the four questions in order, with `answers` saved and graded. */
export function testData(
  change: Partial<LocalUserTest> = {},
  answers: { questionId: number; given: GivenAnswer; correct: boolean }[] = [],
  questions: (LocalQuestion | undefined)[] = QUESTIONS,
): TestData {
  return {
    test: { ...TEST, ...change },
    questions,
    saved: new Map(answers.map((a) => [a.questionId, a.given])),
    correct: new Map(answers.map((a) => [a.questionId, a.correct])),
  };
}
