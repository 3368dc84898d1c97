/**
 * The school's CSV exports (issue 20): a fixed test's attempts, one row per attempt with each
 * answer, and a class overview, one row per student. Written by csv-stringify (quoting, commas
 * and line breaks in names handled there), with a byte order mark so spreadsheet programs read
 * names with accents as UTF-8.
 */
import { formatHms } from "@preflight/sync-protocol/rules/format";
import type { ClassOverviewReply, StudentReadiness } from "@preflight/sync-protocol/schemas/school";
import type { SchoolAttempt, SchoolTestResultsReply } from "@preflight/sync-protocol/schemas/school-tests";
import { stringify } from "csv-stringify/sync";

const BOM = "\uFEFF";

const yesNo = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");

function answerCell(answer: SchoolAttempt["answers"][number] | undefined): string {
  if (!answer || answer.given === null) return "";
  return `${answer.given} (${answer.correct ? "right" : "wrong"})`;
}

/** One row per attempt: the student, the times, the result and each question's answer. */
export function testResultsCsv(results: SchoolTestResultsReply): string {
  const questions = results.questions;
  const header = [
    "Last name",
    "First name",
    "Email",
    "Student ID",
    "Class",
    "Started",
    "Finished",
    "Time taken",
    "Score",
    "Out of",
    "Percentage",
    "Pass",
    "Hidden from student",
    ...questions.map((q) => `Q${q.position} ${q.reference}`),
  ];
  const rows = results.attempts.map((a) => {
    const byQuestion = new Map(a.answers.map((answer) => [answer.question_id, answer]));
    return [
      a.student.lastname,
      a.student.firstname,
      a.student.email,
      a.student.student_id ?? "",
      a.student.class_name ?? "",
      a.started,
      a.finished_at ?? "",
      a.time_taken === null ? "" : formatHms(a.time_taken),
      a.score ?? "",
      a.total_score,
      a.percentage === null ? "" : a.percentage,
      yesNo(a.pass),
      yesNo(a.hidden_from_student),
      ...questions.map((q) => answerCell(byQuestion.get(q.id))),
    ];
  });
  return BOM + stringify([header, ...rows]);
}

function readinessCell(readiness: StudentReadiness | undefined): string {
  if (!readiness) return "";
  if (readiness.kind === "too_few") return `needs ${readiness.needed} more answers`;
  const pct = (share: number) => Math.round(share * 100);
  return `${pct(readiness.chance)}% (${pct(readiness.low)}-${pct(readiness.high)}%)`;
}

/** One row per student of the class overview. */
export function classOverviewCsv(overview: ClassOverviewReply): string {
  const header = [
    "Last name",
    "First name",
    "Email",
    "Student ID",
    "Course completed %",
    "Course planned %",
    "Standing",
    "Lessons completed",
    "Lessons",
    "Progress tests passed",
    "Progress tests",
    "Mock exam average %",
    "Mock exams",
    "Last active",
    ...overview.subjects.map((s) => `Readiness ${s.code} ${s.title}`),
  ];
  const rows = overview.students.map((s) => {
    const bySubject = new Map(s.readiness.map((r) => [r.subject, r]));
    return [
      s.lastname,
      s.firstname,
      s.email,
      s.student_id ?? "",
      s.course.completed,
      s.course.planned ?? "",
      s.course.standing.replace("_", " "),
      s.lessons.completed,
      s.lessons.total,
      s.progress_tests.passed,
      s.progress_tests.total,
      s.mock_exams.average ?? "",
      s.mock_exams.scores,
      s.last_active_at ?? "",
      ...overview.subjects.map((subject) => readinessCell(bySubject.get(subject.code))),
    ];
  });
  return BOM + stringify([header, ...rows]);
}
