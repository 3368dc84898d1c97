/** Typed fixtures of the results page: a finished practice test of three questions, as the device holds it. */
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import type { TestResult } from "@preflight/sync-protocol/schemas/test";
import { QUESTION_BASE as FIXTURE_BASE } from "../../local/question-fixtures.ts";
import type { LocalAnswer, LocalQuestion, LocalUserTest } from "../../local/store/db.ts";
import type { ResultsData } from "./queries.ts";

const QUESTION_BASE = {
  ...FIXTURE_BASE,
  type: "multiple_choice" as const,
};

export const QUESTIONS: LocalQuestion[] = [
  {
    ...QUESTION_BASE,
    id: 201,
    reference: "010-0201",
    question: "Which document lists the aerodrome's operating hours?",
    explanation: "The AIP, part AD, gives each aerodrome's hours.",
    answers: [
      { id: 11, answer: "The NOTAM summary", correct: false },
      { id: 12, answer: "The AIP, part AD", correct: true },
    ],
  },
  {
    ...QUESTION_BASE,
    id: 202,
    reference: "010-0202",
    question: "Who is responsible for the flight's documents?",
    explanation: "The pilot in command answers for them.",
    answers: [
      { id: 21, answer: "The operator's clerk", correct: false },
      { id: 22, answer: "The pilot in command", correct: true },
    ],
  },
  {
    ...QUESTION_BASE,
    id: 203,
    reference: "010-0203",
    question: "What does a steady red light to an aircraft in flight mean?",
    explanation: "Give way to other aircraft and continue circling.",
    answers: [
      { id: 31, answer: "Give way and continue circling", correct: true },
      { id: 32, answer: "Cleared to land", correct: false },
    ],
  },
];

export const PASSED: TestResult = {
  id: "9b7e1c2a-4d3f-4a5b-8c6d-7e8f9a0b1c2d",
  title: "Practice",
  test_type: "practice",
  score: 2,
  total_score: 3,
  percentage: 67,
  pass: true,
  marked: false,
  answered: 2,
};

export const FINISHED: LocalUserTest = {
  id: PASSED.id,
  title: "Practice",
  test_type: "practice",
  display_answers: "after_test",
  time_limit: null,
  pass_percentage: 60,
  question_ids: QUESTIONS.map((q) => q.id),
  question_versions: QUESTIONS.map((q) => q.version),
  started: "2026-06-15T12:00:00.000Z",
  finished: "2026-06-15T12:20:00.000Z",
  ended: "finished",
  can_retake: true,
  hide_results: false,
  retake_of: null,
  predicted: PASSED,
  marked: null,
  position: 3,
};

function answer(questionId: number, given: GivenAnswer, correct: boolean): LocalAnswer {
  return {
    key: `${FINISHED.id}:${questionId}`,
    testId: FINISHED.id,
    questionId,
    given,
    correct,
    savedAt: FINISHED.started,
  };
}

/** Question 1 right, question 2 wrong, question 3 not answered. */
export const ANSWERS: LocalAnswer[] = [answer(201, [12], true), answer(202, [21], false)];

export function resultsData(change: Partial<LocalUserTest> = {}, answers: LocalAnswer[] = ANSWERS): ResultsData {
  return {
    test: { ...FINISHED, ...change },
    answers: new Map(answers.map((a) => [a.questionId, a])),
    questions: QUESTIONS,
    titles: { subjects: new Map([["010", "Air Law"]]), headings: new Map() },
  };
}
