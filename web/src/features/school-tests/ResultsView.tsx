/**
 * A fixed test's results as the school reads them (issue 20), pure: every attempt (hidden ones
 * too, marked as the student never seeing them) with its answers a row away, each question's
 * figures with the most missed first (school-results.ts byMostMissed, the rule the CSV and PDF
 * use), and the students of the test's classes who have not started it.
 */
import { formatHms } from "@preflight/sync-protocol/rules/format";
import { byMostMissed } from "@preflight/sync-protocol/rules/school-results";
import type {
  QuestionFigures,
  SchoolAttempt,
  SchoolTestResultsReply,
} from "@preflight/sync-protocol/schemas/school-tests";
import { Fragment, type ReactNode, useId, useState } from "react";
import { schoolTimeText } from "../../app/school-view.tsx";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Page.tsx";
import { TableScroller } from "../../ui/TableScroller.tsx";

type Student = SchoolAttempt["student"];

const percentText = (p: number | null) => (p === null ? "—" : `${Math.round(p * 10) / 10}%`);

/** How the attempts went: how many, finished, passed, and the finished ones' mean percentage. */
export function attemptsSummary(attempts: readonly SchoolAttempt[]): string {
  if (attempts.length === 0) return "No attempt yet.";
  const finished = attempts.filter((a) => a.finished_at !== null);
  const passed = finished.filter((a) => a.pass === true).length;
  const scored = finished.map((a) => a.percentage).filter((p): p is number => p !== null);
  const mean = scored.length ? scored.reduce((sum, p) => sum + p, 0) / scored.length : null;
  const students = new Set(attempts.map((a) => a.student.id)).size;
  return [
    `${attempts.length} ${attempts.length === 1 ? "attempt" : "attempts"} by ${students} ${students === 1 ? "student" : "students"}`,
    `${finished.length} finished`,
    `${passed} passed`,
    ...(mean === null ? [] : [`mean score ${percentText(mean)}`]),
  ].join(" · ");
}

/** A question's share answered right over the finished attempts; null before any. */
export function rightShare(q: Pick<QuestionFigures, "right" | "attempts">): number | null {
  return q.attempts === 0 ? null : (q.right / q.attempts) * 100;
}

export function ResultsView({
  reply,
  reportAction,
}: {
  reply: SchoolTestResultsReply;
  /** The "PDF report" action of a student (the page's download). */
  reportAction: (student: Student) => ReactNode;
}) {
  return (
    <div className="space-y-6">
      <Attempts reply={reply} reportAction={reportAction} />
      <Questions questions={reply.questions} />
      <NotStarted reply={reply} />
    </div>
  );
}

function Attempts({
  reply,
  reportAction,
}: {
  reply: SchoolTestResultsReply;
  reportAction: (student: Student) => ReactNode;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const references = new Map(reply.questions.map((q) => [q.id, q.reference]));
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Card title="Attempts" padded={false} testId="results-attempts">
      <p className="px-5 pb-3 text-sm text-slate-700 sm:px-6" data-testid="results-summary">
        {attemptsSummary(reply.attempts)}
      </p>
      {reply.attempts.length === 0 ? null : (
        <TableScroller className="border-t border-slate-100">
          <table className="w-full min-w-[42rem] text-left text-sm" data-testid="results-table">
            <caption className="sr-only">Every attempt at the test; Answers shows an attempt's answers.</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-2 pl-5 font-medium sm:pl-6">
                  Student
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Class
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Started
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Time taken
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Score
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  %
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Result
                </th>
                <th scope="col" className="py-2 pr-5 pl-2 font-medium sm:pr-6">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {reply.attempts.map((a) => {
                const name = `${a.student.firstname} ${a.student.lastname}`;
                const answersId = `${baseId}-${a.user_test_id}`;
                const shown = open.has(a.user_test_id);
                return (
                  <Fragment key={a.user_test_id}>
                    <tr className="align-top" data-testid="attempt-row">
                      <th scope="row" className="py-3 pr-2 pl-5 font-normal sm:pl-6">
                        <span className="block font-medium text-slate-900" data-testid="attempt-student">
                          {name}
                        </span>
                        <span className="block text-xs text-slate-600">{a.student.student_id ?? a.student.email}</span>
                        {a.hidden_from_student ? (
                          <span
                            className="mt-1 inline-block whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
                            data-testid="attempt-hidden"
                          >
                            Hidden from the student
                          </span>
                        ) : null}
                      </th>
                      <td className="px-2 py-3">{a.student.class_name ?? "—"}</td>
                      <td className="px-2 py-3 whitespace-nowrap">{schoolTimeText(a.started)}</td>
                      <td className="px-2 py-3 tabular-nums">
                        {a.finished_at === null ? "In progress" : a.time_taken === null ? "—" : formatHms(a.time_taken)}
                      </td>
                      <td className="px-2 py-3 whitespace-nowrap tabular-nums" data-testid="attempt-score">
                        {a.score === null ? "—" : `${a.score} / ${a.total_score}`}
                      </td>
                      <td className="px-2 py-3 tabular-nums" data-testid="attempt-percent">
                        {percentText(a.percentage)}
                      </td>
                      <td className="px-2 py-3" data-testid="attempt-result">
                        {a.pass === null ? "—" : a.pass ? "Passed" : "Failed"}
                      </td>
                      <td className="py-2 pr-5 pl-2 sm:pr-6">
                        <div className="flex flex-wrap justify-end gap-2">
                          <Button
                            variant="quiet"
                            onPress={() => toggle(a.user_test_id)}
                            aria-expanded={shown}
                            aria-controls={answersId}
                            ariaLabel={`Answers of ${name}`}
                            testId="attempt-answers-toggle"
                          >
                            Answers
                            <span aria-hidden className="text-xs">
                              {shown ? "▲" : "▼"}
                            </span>
                          </Button>
                          {reportAction(a.student)}
                        </div>
                      </td>
                    </tr>
                    <tr id={answersId} hidden={!shown} data-testid="attempt-answers-row">
                      <td colSpan={8} className="bg-slate-50 px-5 py-3 sm:px-6">
                        {shown ? <AttemptAnswers attempt={a} references={references} name={name} /> : null}
                      </td>
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </TableScroller>
      )}
    </Card>
  );
}

function answerResult(answer: SchoolAttempt["answers"][number]): string {
  if (answer.given === null) return "Not answered";
  if (answer.correct === null) return "Not marked yet";
  return answer.correct ? "Right" : "Wrong";
}

function AttemptAnswers({
  attempt,
  references,
  name,
}: {
  attempt: SchoolAttempt;
  references: ReadonlyMap<number, string>;
  name: string;
}) {
  if (attempt.answers.length === 0) return <p className="text-sm text-slate-700">No answers yet.</p>;
  const answers = [...attempt.answers].sort((x, y) => x.position - y.position);
  return (
    <table className="w-full max-w-2xl text-left text-sm" data-testid="attempt-answers">
      <caption className="pb-2 text-left font-medium text-slate-900">{`Answers of ${name}`}</caption>
      <thead className="text-xs uppercase tracking-wide text-slate-600">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            #
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Question
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Given
          </th>
          <th scope="col" className="py-1 font-medium">
            Result
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {answers.map((answer) => {
          const result = answerResult(answer);
          return (
            <tr key={answer.position} data-testid="attempt-answer">
              <td className="py-1 pr-3 tabular-nums">{answer.position}</td>
              <td className="py-1 pr-3">{references.get(answer.question_id) ?? `Question ${answer.question_id}`}</td>
              <td className="py-1 pr-3">{answer.given ?? "—"}</td>
              <td
                className={`py-1 font-medium ${result === "Right" ? "text-emerald-800" : result === "Wrong" ? "text-red-700" : "text-slate-700"}`}
              >
                {result}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Questions({ questions }: { questions: readonly QuestionFigures[] }) {
  const sorted = byMostMissed(questions);
  return (
    <Card title="Questions, most missed first" padded={false} testId="results-questions">
      {sorted.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-slate-700 sm:px-6">The test holds no questions.</p>
      ) : (
        <TableScroller>
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="question-figures">
            <caption className="sr-only">
              Each question of the test over the finished attempts, the most missed first.
            </caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-2 pl-5 font-medium sm:pl-6">
                  Question
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Wrong
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Right
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Unanswered
                </th>
                <th scope="col" className="whitespace-nowrap py-2 pr-5 pl-2 text-right font-medium sm:pr-6">
                  % right
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sorted.map((q) => (
                <tr key={q.position} className="align-top" data-testid="question-figure">
                  <th scope="row" className="py-2 pr-2 pl-5 font-normal sm:pl-6">
                    <span className="block font-medium text-slate-900" data-testid="question-figure-reference">
                      {q.position}. {q.reference}
                    </span>
                    <span className="block text-slate-700">{q.text}</span>
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums" data-testid="question-figure-wrong">
                    {q.wrong}
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{q.right}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{q.unanswered}</td>
                  <td className="py-2 pr-5 pl-2 text-right tabular-nums sm:pr-6" data-testid="question-figure-right">
                    {percentText(rightShare(q))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </Card>
  );
}

function NotStarted({ reply }: { reply: SchoolTestResultsReply }) {
  const students = [...reply.not_started].sort(
    (a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname),
  );
  return (
    <Card title={`Not started (${students.length})`} testId="results-not-started">
      {reply.test.class_ids.length === 0 ? (
        <p className="text-sm text-slate-700">The test is assigned to no class.</p>
      ) : students.length === 0 ? (
        <p className="text-sm text-slate-700">Every student of the test's classes has started it.</p>
      ) : (
        <ul className="grid gap-x-6 gap-y-1 text-sm text-slate-800 sm:grid-cols-2 lg:grid-cols-3">
          {students.map((s) => (
            <li key={s.id} data-testid="not-started-student">
              {s.firstname} {s.lastname}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
