/**
 * What a finished test says beyond its score: how each subject and topic went, how long it took,
 * and what to do next for its kind of test.
 */
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import type { LocalAnswer, LocalShownQuestion } from "../../local/store/db.ts";

export interface BreakdownRow {
  code: string;
  title: string;
  correct: number;
  total: number;
  percentage: number;
}

export type SubjectBreakdown = BreakdownRow & { topics: BreakdownRow[] };

/** Titles of subjects ("010") and syllabus headings ("010.01") as the device holds them. */
export interface HeadingTitles {
  subjects: ReadonlyMap<string, string>;
  headings: ReadonlyMap<string, string>;
}

/** The topic of a question: the first two levels of its syllabus code ("010.01.02" → "010.01"). */
export function topicOf(syllabusCode: string): string {
  return syllabusCode.split(".").slice(0, 2).join(".");
}

function row(code: string, title: string, correct: number, total: number): BreakdownRow {
  return { code, title, correct, total, percentage: total ? Math.round((correct * 100) / total) : 0 };
}

/**
 * Right answers per subject and per topic, in syllabus order. An unanswered question counts as
 * not right; a question the school marks itself (no correctness on the device) and one not on
 * the device are left out.
 */
export function resultBreakdown(
  questions: readonly (LocalShownQuestion | undefined)[],
  answers: ReadonlyMap<number, Pick<LocalAnswer, "correct">>,
  titles: HeadingTitles,
): SubjectBreakdown[] {
  const subjects = new Map<string, { correct: number; total: number; topics: Map<string, [number, number]> }>();
  for (const question of questions) {
    if (!question) continue;
    const answer = answers.get(question.id);
    if (answer && answer.correct === null) continue;
    const right = answer?.correct === true ? 1 : 0;
    const subject = subjects.get(question.subject) ?? { correct: 0, total: 0, topics: new Map() };
    subjects.set(question.subject, subject);
    subject.correct += right;
    subject.total += 1;
    const topic = topicOf(question.syllabus_code);
    const [correct, total] = subject.topics.get(topic) ?? [0, 0];
    subject.topics.set(topic, [correct + right, total + 1]);
  }
  return [...subjects]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, s]) => ({
      ...row(code, titles.subjects.get(code) ?? code, s.correct, s.total),
      topics: [...s.topics]
        .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
        .map(([topic, [correct, total]]) => row(topic, titles.headings.get(topic) ?? topic, correct, total)),
    }));
}

/** How long a test took, from its start to its end: "42 s", "12 min 05 s", "1 h 02 min". */
export function timeTaken(started: string, finished: string): string | null {
  const ms = Date.parse(finished) - Date.parse(started);
  if (!Number.isFinite(ms) || ms < 0) return null;
  const seconds = Math.round(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${pad(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${pad(Math.floor((seconds % 3600) / 60))} min`;
}

/** A practice test or quiz is taken again as a test; every other kind is an exam (spec: 'Retake Exam'). */
export function retakeLabel(type: TestType): string {
  return type === "practice" || type === "quiz" ? "Retake test" : "Retake Exam";
}

/** Where a student goes on from the results, said for the kind of test. */
export function moveOnLabel(type: TestType): string {
  if (type === "practice") return "New practice test";
  if (type === "timed" || type === "untimed") return "Back to exams";
  return "Back to dashboard";
}

/** The first question answered wrong or not at all, for 'Review mistakes'; null when there is none. */
export function firstMistake(
  questionIds: readonly number[],
  answers: ReadonlyMap<number, Pick<LocalAnswer, "correct">>,
): number | null {
  return questionIds.find((id) => answers.get(id)?.correct !== true && answers.get(id)?.correct !== null) ?? null;
}
