/**
 * The exam chooser's question banks, as pure functions. A subject (or every subject) offers
 * two banks: its full bank on this device, and the provider's example exam questions of it
 * (spec test taking: example questions are written by the provider as exam-like practice).
 * A bank with no questions is hidden (spec study 5); with none left the dialog says
 * 'No questions found for this {exam or subject}.'
 */
import { testTypeTitle } from "@preflight/sync-protocol/rules/format";
import { ALL_SUBJECTS, builtTestTimeLimit } from "@preflight/sync-protocol/rules/practice-filter";

export type ExamType = "timed" | "untimed";

/** Exam lengths offered (capped at the bank's size). */
export const EXAM_LENGTHS = [10, 20, 40] as const;

/** What the chooser reads of a question. */
export interface ExamQuestionFact {
  id: number;
  subject: string;
  example: boolean;
}

/** Spec 3, Question bank: id, title, total, user_tests; `question_ids` ascending. */
export interface QuestionBank {
  id: "full" | "examples";
  title: string;
  total: number;
  user_tests: number;
  question_ids: number[];
}

const BANKS: { id: QuestionBank["id"]; title: string; holds: (q: ExamQuestionFact) => boolean }[] = [
  { id: "full", title: "Full question bank", holds: () => true },
  { id: "examples", title: "Example exam questions", holds: (q) => q.example },
];

/** The title of an exam taken from a bank; the bank's user_tests counts tests with it. */
export function examTitlePrefix(type: ExamType, subjectTitle: string, bankTitle: string): string {
  return `${testTypeTitle(type)}: ${subjectTitle}, ${bankTitle}`;
}
export function examTitle(type: ExamType, subjectTitle: string, bankTitle: string, count: number): string {
  return `${examTitlePrefix(type, subjectTitle, bankTitle)} (${count} ${count === 1 ? "question" : "questions"})`.slice(
    0,
    200,
  );
}

/** The subject's banks that hold questions, each with how often the student took it as this type. */
export function questionBanks(
  subject: string,
  subjectTitle: string,
  type: ExamType,
  questions: readonly ExamQuestionFact[],
  tests: readonly { test_type: string; title: string }[],
): QuestionBank[] {
  const inSubject = questions
    .filter((q) => subject === ALL_SUBJECTS || q.subject === subject)
    .sort((a, b) => a.id - b.id);
  return BANKS.map((bank) => {
    const prefix = `${examTitlePrefix(type, subjectTitle, bank.title)} (`;
    return {
      id: bank.id,
      title: bank.title,
      question_ids: inSubject.filter(bank.holds).map((q) => q.id),
      user_tests: tests.filter((t) => t.test_type === type && t.title.startsWith(prefix)).length,
    };
  })
    .map((bank) => ({ ...bank, total: bank.question_ids.length }))
    .filter((bank) => bank.total > 0);
}

/** The exam lengths a bank allows: 10, 20, 40, or the whole bank when it is smaller. */
export function examLengths(total: number): number[] {
  return [...new Set(EXAM_LENGTHS.map((n) => Math.min(n, total)))].filter((n) => n > 0);
}

/** Minutes allowed for a timed exam of `count` questions; untimed exams have none. */
export function examTimeLimit(type: ExamType, count: number): number | null {
  return builtTestTimeLimit(type, count);
}

/** Spec: 'No questions found for this {exam or subject}.' */
export function noBanksMessage(isExam: boolean): string {
  return `No questions found for this ${isExam ? "exam" : "subject"}.`;
}

/** A row of the chooser's list: a subject (or every subject) and its questions on this device. */
export interface ExamSubject {
  code: string;
  title: string;
  questions: number;
}

/** The list: 'All subjects' first when any question is on the device, then each subject in order. */
export function examSubjects(
  subjects: readonly { code: string; title: string }[],
  questions: readonly ExamQuestionFact[],
): ExamSubject[] {
  const counts = new Map<string, number>();
  for (const q of questions) counts.set(q.subject, (counts.get(q.subject) ?? 0) + 1);
  return [
    ...(questions.length > 0 ? [{ code: ALL_SUBJECTS, title: "All subjects", questions: questions.length }] : []),
    ...subjects.map((s) => ({ code: s.code, title: s.title, questions: counts.get(s.code) ?? 0 })),
  ];
}
