/**
 * The analysis graphs (spec study: Report selector page, Analysis by topic page, Reset
 * progress), one rule for both sides: the device draws them from its own records (offline
 * too) and the server answers GET /analysis/subject, /analysis/average-timed and
 * /analysis/topic/{subject_id} with the same functions over its tables, so the two agree.
 *
 * What counts:
 * - An answer counts in the test it was given in as the latest one given there for that question
 *   (SR8: by the device's time, then by arrival). Only answers that were graded count.
 * - Answers of a test whose results or answers are hidden (per test, or hide_fixed_results for
 *   fixed tests) never count: hidden results never leave the server (FX4), not even as a graph,
 *   and no graph tells which answers of such a test were right (issue 14).
 * - A reset of a subject's progress: only answers given at or after the subject's latest reset
 *   count for it, and only mock exams started at or after it. Earlier tests and their results
 *   stay where they are (previous tests, results); the graphs just no longer count them.
 * - The answer history of a question is its latest counted answer over all tests.
 *
 * The graphs:
 * - Percentage of questions answered, per subject of the student's bank: "Answered" is the share
 *   of the subject's current questions with an answer in their history, "Answered correctly" the
 *   share whose latest answer is correct (both of all the subject's questions).
 * - Average mock exam scores, per subject: over the student's finished timed tests (mock exams),
 *   each test's score in the subject (its questions of that subject answered correctly, as a
 *   whole percentage like a test's result) gives "Average score" (their mean) and "Best score".
 *   A timed test over several subjects counts in each with its score there.
 * - Analysis by topic, per topic (EASA level-2 heading) of one subject holding bank questions:
 *   "Answered" and "Correct" as for the subjects.
 * Percentages have at most one decimal, rounded half up (`analysisPercent`); bars are in code order.
 */
import type { AverageMockExamReply, PercentageAnsweredReply, TopicAnalysisReply } from "../schemas/analysis.ts";
import { ANALYSIS_SERIES } from "./analysis-series.ts";
import { topicOfCode } from "./flagged-list.ts";
import { resultVisibility } from "./hidden-results.ts";
import { scorePercentage } from "./pass-mark.ts";

/** Mock exams are the timed tests (spec: "Mock exam scores come from timed exams"). */
export const MOCK_EXAM_TEST_TYPE = "timed";

/** A question of the student's bank (its current questions). */
export interface AnalysisQuestion {
  id: number;
  subject: string;
  syllabus_code: string;
}

export interface AnalysisSubject {
  code: string;
  title: string;
}

/** A test of the student's, as far as the graphs read it. */
export interface AnalysisTest {
  id: string;
  test_type: string;
  /** ISO time the test started. */
  started: string;
  finished: boolean;
  hide_results: boolean;
  /** The school hides which answers were right: they count nowhere the student looks either. */
  hide_answers?: boolean | undefined;
  question_ids: readonly number[];
}

/** One answer record (an applied, graded save); several per test and question may exist. */
export interface AnalysisAnswer {
  testId: string;
  questionId: number;
  correct: boolean;
  /** The device's time of the save (ISO). */
  createdAt: string;
  /** When the server took it (ISO); breaks a tie of createdAt. Absent on the device. */
  receivedAt?: string;
}

/** A reset of a subject's progress (ISO time). */
export interface ProgressResetFact {
  subject: string;
  reset_at: string;
}

/** Everything the graphs read, from the device's store or the server's tables. */
export interface AnalysisInput {
  /** The student's bank: current questions only. */
  bank: readonly AnalysisQuestion[];
  /** Subject titles by code (a subject without one is named by its code). */
  subjects: readonly AnalysisSubject[];
  /** Subjects of test questions that are no longer in the bank (retired), by question id. */
  otherSubjects?: ReadonlyMap<number, string>;
  tests: readonly AnalysisTest[];
  answers: readonly AnalysisAnswer[];
  resets: readonly ProgressResetFact[];
  /** The server-wide hide_fixed_results. */
  hideFixedResults: boolean;
}

/** part / whole as a percentage with one decimal (half up); 0 when whole is 0. */
export function analysisPercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part * 1000) / whole) / 10;
}

/** The mean of whole percentages with one decimal (half up); 0 for none. */
function meanPercent(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return Math.round((values.reduce((a, b) => a + b, 0) * 10) / values.length) / 10;
}

const time = (iso: string): number => Date.parse(iso);

/** The latest reset of each subject, as a time in ms. */
export function latestResets(resets: readonly ProgressResetFact[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of resets) {
    const at = time(r.reset_at);
    if (!Number.isNaN(at) && at > (out.get(r.subject) ?? Number.NEGATIVE_INFINITY)) out.set(r.subject, at);
  }
  return out;
}

/** Whether a record of a subject made at `at` (ISO) is after the subject's latest reset. */
export function sinceReset(resets: ReadonlyMap<string, number>, subject: string | undefined, at: string): boolean {
  const reset = subject === undefined ? undefined : resets.get(subject);
  return reset === undefined || time(at) >= reset;
}

/** a after b: later device time, then later arrival. */
function later(a: AnalysisAnswer, b: AnalysisAnswer): boolean {
  const ta = time(a.createdAt);
  const tb = time(b.createdAt);
  if (ta !== tb) return ta > tb;
  return (a.receivedAt ?? "") > (b.receivedAt ?? "");
}

/** The counted answer of each question in each test: the latest given there (SR8), by "test:question". */
export function countedAnswers(answers: readonly AnalysisAnswer[]): Map<string, AnalysisAnswer> {
  const out = new Map<string, AnalysisAnswer>();
  for (const a of answers) {
    const key = `${a.testId}:${a.questionId}`;
    const held = out.get(key);
    if (!held || later(a, held)) out.set(key, a);
  }
  return out;
}

/**
 * The tests whose answers may count: known, and their review not hidden (hidden results hide it
 * too), so no graph tells which answers of such a test were right.
 */
export function visibleTests(input: AnalysisInput): Map<string, AnalysisTest> {
  return new Map(
    input.tests
      .filter((t) => resultVisibility(t, input.hideFixedResults).review)
      .map((t): [string, AnalysisTest] => [t.id, t]),
  );
}

export function subjectLookup(input: AnalysisInput): Map<number, string> {
  const out = new Map<number, string>(input.otherSubjects ?? []);
  for (const q of input.bank) out.set(q.id, q.subject);
  return out;
}

/**
 * The answer history: per question, its latest counted answer (over every visible test) given
 * at or after its subject's latest reset.
 */
export function answerHistory(input: AnalysisInput): Map<number, AnalysisAnswer> {
  const tests = visibleTests(input);
  const subjectOf = subjectLookup(input);
  const resets = latestResets(input.resets);
  const out = new Map<number, AnalysisAnswer>();
  for (const a of countedAnswers(input.answers).values()) {
    if (!tests.has(a.testId)) continue;
    if (!sinceReset(resets, subjectOf.get(a.questionId), a.createdAt)) continue;
    const held = out.get(a.questionId);
    if (!held || later(a, held)) out.set(a.questionId, a);
  }
  return out;
}

/** The subjects holding bank questions, in code order, titled. */
export function bankSubjects(input: AnalysisInput): AnalysisSubject[] {
  const titles = new Map(input.subjects.map((s) => [s.code, s.title]));
  return [...new Set(input.bank.map((q) => q.subject))]
    .sort()
    .map((code) => ({ code, title: titles.get(code) ?? code }));
}

interface Tally {
  questions: number;
  answered: number;
  correct: number;
}

function tallyBy(
  questions: readonly AnalysisQuestion[],
  keyOf: (q: AnalysisQuestion) => string,
  history: ReadonlyMap<number, AnalysisAnswer>,
): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const q of questions) {
    const key = keyOf(q);
    const tally = out.get(key) ?? { questions: 0, answered: 0, correct: 0 };
    tally.questions++;
    const latest = history.get(q.id);
    if (latest) {
      tally.answered++;
      if (latest.correct) tally.correct++;
    }
    out.set(key, tally);
  }
  return out;
}

/** GET /analysis/subject: the pair "Answered" and "Answered correctly" per subject of the bank. */
export function percentageAnswered(input: AnalysisInput): PercentageAnsweredReply {
  const subjects = bankSubjects(input);
  const tallies = tallyBy(input.bank, (q) => q.subject, answerHistory(input));
  const rows = subjects.map((s) => tallies.get(s.code) ?? { questions: 0, answered: 0, correct: 0 });
  return {
    labels: subjects.map((s) => s.title),
    keys: subjects.map((s) => s.code),
    datasets: [
      { label: ANALYSIS_SERIES.answered, data: rows.map((r) => analysisPercent(r.answered, r.questions)) },
      { label: ANALYSIS_SERIES.answeredCorrectly, data: rows.map((r) => analysisPercent(r.correct, r.questions)) },
    ],
    questions: rows.map((r) => r.questions),
    answered: rows.map((r) => r.answered),
    correct: rows.map((r) => r.correct),
  };
}

/**
 * Each subject's mock exam scores: every finished timed test's score in the subject (its
 * questions of that subject answered correctly, a whole percentage), since the subject's latest
 * reset; a test over several subjects scores in each.
 */
export function mockExamScores(input: AnalysisInput): Map<string, number[]> {
  const subjectOf = subjectLookup(input);
  const resets = latestResets(input.resets);
  const counted = countedAnswers(input.answers);
  const scores = new Map<string, number[]>();
  for (const test of visibleTests(input).values()) {
    if (test.test_type !== MOCK_EXAM_TEST_TYPE || !test.finished) continue;
    const perSubject = new Map<string, { total: number; correct: number }>();
    for (const id of test.question_ids) {
      const subject = subjectOf.get(id);
      if (subject === undefined) continue;
      const tally = perSubject.get(subject) ?? { total: 0, correct: 0 };
      tally.total++;
      if (counted.get(`${test.id}:${id}`)?.correct) tally.correct++;
      perSubject.set(subject, tally);
    }
    for (const [subject, tally] of perSubject) {
      if (!sinceReset(resets, subject, test.started)) continue;
      const list = scores.get(subject) ?? [];
      list.push(scorePercentage(tally.correct, tally.total));
      scores.set(subject, list);
    }
  }
  return scores;
}

/**
 * One figure for all of a student's mock exams (a school's class overview): the mean of every
 * score `mockExamScores` counts, over the bank's subjects (one decimal, half up), with how many
 * scores it rests on; null before any.
 */
export function overallMockExamScore(input: AnalysisInput): { average: number | null; scores: number } {
  const bank = new Set(bankSubjects(input).map((s) => s.code));
  const all = [...mockExamScores(input)].filter(([subject]) => bank.has(subject)).flatMap(([, list]) => list);
  return { average: all.length ? meanPercent(all) : null, scores: all.length };
}

/** GET /analysis/average-timed: the pair "Average score" and "Best score" per subject of the bank. */
export function averageMockExamScores(input: AnalysisInput): AverageMockExamReply {
  const subjects = bankSubjects(input);
  const scores = mockExamScores(input);
  const lists = subjects.map((s) => scores.get(s.code) ?? []);
  return {
    labels: subjects.map((s) => s.title),
    keys: subjects.map((s) => s.code),
    datasets: [
      { label: ANALYSIS_SERIES.averageScore, data: lists.map(meanPercent) },
      { label: ANALYSIS_SERIES.bestScore, data: lists.map((l) => (l.length ? Math.max(...l) : 0)) },
    ],
    tests: lists.map((l) => l.length),
  };
}

/**
 * GET /analysis/topic/{subject_id}: per topic of the subject that holds bank questions, in code
 * order, titled from the syllabus headings (by code without one). Null for a subject without
 * bank questions (the server answers 404).
 */
export function topicAnalysis(
  subject: string,
  input: AnalysisInput,
  topicTitles: ReadonlyMap<string, string>,
): TopicAnalysisReply | null {
  const questions = input.bank.filter((q) => q.subject === subject);
  if (questions.length === 0) return null;
  const title = input.subjects.find((s) => s.code === subject)?.title ?? subject;
  const tallies = tallyBy(questions, (q) => topicOfCode(q.syllabus_code), answerHistory(input));
  const topics = [...tallies.keys()].sort();
  const rows = topics.map((t) => tallies.get(t) as Tally);
  return {
    subject: { id: subject, title },
    labels: topics.map((t) => topicTitles.get(t) ?? t),
    keys: topics,
    datasets: [
      { label: ANALYSIS_SERIES.answered, data: rows.map((r) => analysisPercent(r.answered, r.questions)) },
      { label: ANALYSIS_SERIES.correct, data: rows.map((r) => analysisPercent(r.correct, r.questions)) },
    ],
    questions: rows.map((r) => r.questions),
    answered: rows.map((r) => r.answered),
    correct: rows.map((r) => r.correct),
  };
}

/** Whether a graph has anything to show (else the page says so in a sentence). */
export function hasAnswers(reply: { answered: readonly number[] }): boolean {
  return reply.answered.some((n) => n > 0);
}
export function hasMockExams(reply: { tests: readonly number[] }): boolean {
  return reply.tests.some((n) => n > 0);
}
