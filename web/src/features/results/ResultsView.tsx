import { PASS_PERCENTAGE_DEFAULT } from "@preflight/sync-protocol/rules/constants";
import { padQuestionNumber } from "@preflight/sync-protocol/rules/format";
import type { ResultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import { lateAnswersText } from "@preflight/sync-protocol/rules/timed-tests";
import type { TestResult } from "@preflight/sync-protocol/schemas/test";
import { type ReactNode, useState } from "react";
import type { LocalShownQuestion, LocalUserTest } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { draftFromGiven } from "../../ui/question/draft.ts";
import { QuestionView } from "../../ui/question/QuestionView.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";
import {
  type BreakdownRow,
  firstMistake,
  moveOnLabel,
  resultBreakdown,
  retakeLabel,
  type SubjectBreakdown,
  timeTaken,
} from "./breakdown.ts";
import type { ResultsData } from "./queries.ts";

export const RESULT_MESSAGES = {
  passed: "Congratulations, you passed!",
  failed: "Sorry, you failed",
  scored: (percentage: number) => `You scored ${percentage}%`,
  noQuestions: "No questions found in test",
  sentToSchool: "Test completed. The results have been sent to your school.",
  /** The school's own questions are marked by the server only: no score until it has. */
  awaitingMarking: "Your score will show here once your answers are marked, the next time you are online.",
  /** Who marked the test, said as what it means to the student: final, or to be confirmed. */
  markedByServer: "Mark confirmed.",
  markedOnDevice: "Marked on this device. The mark is confirmed the next time you are online.",
  quitTitle: "Quit test?",
  quitWarning: "If you end this test you will not be able to return to this screen",
} as const;

/** The attempts row of a fixed test's summary strip. */
export interface FixedAttempts {
  used: number;
  limit: number;
}

export interface ResultsViewProps {
  /** A finished test, its answers and its questions. */
  data: ResultsData;
  /** What the student may see of it (hidden results, hidden answers). */
  visible: ResultVisibility;
  /** The question under review (its index in the test), or -1 for the list. */
  reviewIndex: number;
  attempts: FixedAttempts | null;
  /** Review one question (by id), or go back to the list (null). */
  onShow: (questionId: number | null) => void;
  onRetake: () => void;
  onQuitToExams: () => void;
  onQuitToDashboard: () => void;
  /** Tools of the question under review (the mark for review, its comment, read-only, and 'Report an error'). */
  reviewTools?: (question: LocalShownQuestion, index: number) => ReactNode;
  /** The student's note on the question under review (the screen's editor); none when absent. */
  renderNote?: (questionId: number) => ReactNode;
}

/**
 * Results (spec: test-taking screen 7): the server's marking when it has arrived, else the
 * device's prediction from the same grading rules, said plainly; the answers as a list, or one
 * question under review; Exit asks first.
 */
export function ResultsView({
  data,
  visible,
  reviewIndex,
  attempts,
  onShow,
  onRetake,
  onQuitToExams,
  onQuitToDashboard,
  reviewTools,
  renderNote,
}: ResultsViewProps) {
  const [quitOpen, setQuitOpen] = useState(false);
  const { test, answers, questions } = data;
  const result = test.marked ?? test.predicted;
  const total = test.question_ids.length;
  // Hidden results (per test, or hide_fixed_results) show no score or pass; hidden answers no review.
  const reviewed = visible.review && reviewIndex >= 0 ? questions[reviewIndex] : undefined;

  return (
    <Page title={test.title} titleTestId="results-title">
      {visible.score && result ? (
        <ResultHeader
          test={test}
          result={result}
          total={total}
          attempts={attempts}
          mistake={visible.review ? firstMistake(test.question_ids, answers) : null}
          onRetake={onRetake}
          onReview={onShow}
          onMoveOn={onQuitToExams}
        />
      ) : null}
      {visible.score && result && reviewIndex < 0 ? (
        <Breakdown
          subjects={resultBreakdown(questions, answers, data.titles)}
          passPercentage={test.pass_percentage ?? PASS_PERCENTAGE_DEFAULT}
        />
      ) : null}
      {visible.score && !result ? (
        <Card className="text-center">
          <p className="text-slate-700" data-testid="result-awaiting">
            {RESULT_MESSAGES.awaitingMarking}
          </p>
        </Card>
      ) : null}
      {visible.sentToSchool ? (
        <Card className="text-center">
          <p className="text-lg" data-testid="result-hidden">
            {RESULT_MESSAGES.sentToSchool}
          </p>
        </Card>
      ) : null}

      {visible.review ? (
        total === 0 ? (
          <Card className="text-center">
            <p className="text-slate-600">{RESULT_MESSAGES.noQuestions}</p>
          </Card>
        ) : reviewed && reviewIndex >= 0 ? (
          <section
            className="rounded-xl bg-surface shadow-sm ring-1 ring-slate-200"
            data-testid="review"
            id={`explanation-${reviewed.id}`}
            aria-labelledby="review-heading"
          >
            <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-slate-100 px-6 py-4">
              <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
                Review
              </h2>
              <span className="font-mono text-sm tabular-nums text-slate-700" data-testid="review-number">
                Question {padQuestionNumber(reviewIndex + 1)} / {padQuestionNumber(total)}
              </span>
              <span className="text-sm text-slate-600">
                Ref <span className="font-mono">{reviewed.reference ?? "–"}</span>
              </span>
              <span
                className={`ml-auto text-sm font-semibold ${answers.get(reviewed.id)?.correct ? "text-emerald-700" : "text-red-700"}`}
              >
                {!answers.has(reviewed.id)
                  ? "Not answered"
                  : answers.get(reviewed.id)?.correct
                    ? "Correct"
                    : "Incorrect"}
              </span>
            </div>
            {reviewTools ? (
              <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-6 py-2">
                {reviewTools(reviewed, reviewIndex)}
              </div>
            ) : null}
            <div className="space-y-5 px-6 py-6">
              <QuestionView
                question={reviewed}
                draft={draftFromGiven(reviewed, answers.get(reviewed.id)?.given)}
                onChange={() => undefined}
                disabled
                revealed
              />
              {reviewed.explanation !== undefined ? (
                <div className="rounded-lg bg-slate-50 p-4" data-testid="review-explanation">
                  <h3 className="mb-1 text-sm font-semibold">Explanation</h3>
                  <SafeHtml
                    html={reviewed.explanation}
                    className="prose-explanation text-sm leading-relaxed text-slate-700"
                  />
                </div>
              ) : null}
              {renderNote?.(reviewed.id)}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-6 py-4">
              <Button
                variant="secondary"
                onPress={() => onShow(test.question_ids[reviewIndex - 1] ?? null)}
                disabled={reviewIndex === 0}
                testId="review-previous"
              >
                ← Previous
              </Button>
              <Button variant="secondary" onPress={() => onShow(null)} testId="review-close">
                Back to all questions
              </Button>
              <Button
                onPress={() => onShow(test.question_ids[reviewIndex + 1] ?? null)}
                disabled={reviewIndex >= total - 1}
                testId="review-next"
              >
                Next →
              </Button>
            </div>
          </section>
        ) : (
          <Card
            title="Your answers"
            actions={
              <p className="flex gap-4 text-xs text-slate-600" data-testid="results-legend">
                <span>✓ Correct</span>
                <span>✗ Incorrect</span>
                <span>– Not answered</span>
              </p>
            }
          >
            <ol className="grid grid-cols-5 gap-2 sm:grid-cols-10">
              {test.question_ids.map((id, i) => {
                const answer = answers.get(id);
                const tone = !answer
                  ? "bg-slate-100 text-slate-700"
                  : answer.correct
                    ? "bg-emerald-100 text-emerald-800"
                    : "bg-red-100 text-red-800";
                const label = !answer ? "not answered" : answer.correct ? "correct" : "incorrect";
                return (
                  <li key={id} id={`result-question-${id}`}>
                    <Button
                      variant="plain"
                      onPress={() => onShow(id)}
                      className={`min-h-11 w-full rounded-md py-2 text-center text-xs font-semibold hover:ring-2 hover:ring-brand-500 ${tone}`}
                      ariaLabel={`Question ${i + 1}: ${label}`}
                    >
                      <span aria-hidden>{!answer ? "– " : answer.correct ? "✓ " : "✗ "}</span>
                      {padQuestionNumber(i + 1)}
                    </Button>
                  </li>
                );
              })}
            </ol>
          </Card>
        )
      ) : null}

      <div className="flex justify-center">
        <Button onPress={() => setQuitOpen(true)} testId="exit-results">
          Exit
        </Button>
      </div>
      <Modal
        title={RESULT_MESSAGES.quitTitle}
        isOpen={quitOpen}
        onClose={() => setQuitOpen(false)}
        actions={
          <>
            {test.can_retake ? (
              <Button variant="secondary" onPress={onRetake}>
                {retakeLabel(test.test_type)}
              </Button>
            ) : null}
            <Button variant="secondary" onPress={onQuitToExams} testId="quit-exams">
              Return to Exams
            </Button>
            <Button onPress={onQuitToDashboard} testId="quit-dashboard">
              Return to dashboard
            </Button>
          </>
        }
      >
        <p>{RESULT_MESSAGES.quitWarning}</p>
      </Modal>
    </Page>
  );
}

function ResultHeader({
  test,
  result,
  total,
  attempts,
  mistake,
  onRetake,
  onReview,
  onMoveOn,
}: {
  test: LocalUserTest;
  result: TestResult;
  total: number;
  attempts: FixedAttempts | null;
  /** The first question to review as a mistake; null when none (or the answers are hidden). */
  mistake: number | null;
  onRetake: () => void;
  onReview: (questionId: number) => void;
  onMoveOn: () => void;
}) {
  const took = test.finished ? timeTaken(test.started, test.finished) : null;
  return (
    <Card className="text-center" labelledBy="result-heading">
      <h2
        id="result-heading"
        className={`text-2xl font-semibold ${result.pass ? "text-emerald-700" : "text-red-700"}`}
        data-testid="result-heading"
      >
        {result.pass ? RESULT_MESSAGES.passed : RESULT_MESSAGES.failed}
      </h2>
      <p className="mt-2 text-lg" data-testid="result-score">
        {RESULT_MESSAGES.scored(result.percentage)}
      </p>
      {took ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="result-time-taken">
          Time taken {took}
        </p>
      ) : null}
      <div className="mt-5">
        <SummaryStrip
          total={total}
          passPercentage={test.pass_percentage}
          timeLimitMinutes={test.time_limit}
          showTimeLimit={test.time_limit !== null}
          attempts={attempts}
        />
      </div>
      {test.ended === "time_expired" ? (
        <p className="mt-3 text-sm text-amber-700">Time expired: marked with the answers given in time.</p>
      ) : null}
      {test.ended === "abandoned" ? (
        <p className="mt-3 text-sm text-slate-600">Abandoned: marked with the answers given.</p>
      ) : null}
      {lateAnswersText(test.marked?.late_answers ?? 0) ? (
        <p className="mt-3 text-sm text-amber-700" role="status" data-testid="late-answers">
          {lateAnswersText(test.marked?.late_answers ?? 0)}
        </p>
      ) : null}
      <p className="mt-4 text-xs text-slate-600" data-testid="marking-source">
        {test.marked ? RESULT_MESSAGES.markedByServer : RESULT_MESSAGES.markedOnDevice}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3" data-testid="result-actions">
        {mistake !== null ? (
          <Button onPress={() => onReview(mistake)} testId="review-mistakes">
            Review mistakes
          </Button>
        ) : null}
        {test.can_retake ? (
          <Button variant="secondary" onPress={onRetake} testId="retake">
            {retakeLabel(test.test_type)}
          </Button>
        ) : null}
        <Button variant="secondary" onPress={onMoveOn} testId="move-on">
          {moveOnLabel(test.test_type)}
        </Button>
      </div>
    </Card>
  );
}

/** Right answers per subject and topic, as bars with their figures (a table to screen readers). */
function Breakdown({ subjects, passPercentage }: { subjects: SubjectBreakdown[]; passPercentage: number }) {
  if (subjects.length === 0) return null;
  return (
    <Card title="By subject and topic" testId="result-breakdown">
      <table className="w-full text-left text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Subject or topic</th>
            <th scope="col">Right answers</th>
            <th scope="col">Percentage</th>
          </tr>
        </thead>
        {subjects.map((subject) => (
          <tbody key={subject.code} className="border-t border-slate-100 first-of-type:border-0">
            <BreakdownLine row={subject} passPercentage={passPercentage} strong />
            {subject.topics.length > 1
              ? subject.topics.map((topic) => (
                  <BreakdownLine key={topic.code} row={topic} passPercentage={passPercentage} />
                ))
              : null}
          </tbody>
        ))}
      </table>
    </Card>
  );
}

function BreakdownLine({
  row,
  passPercentage,
  strong = false,
}: {
  row: BreakdownRow;
  passPercentage: number;
  strong?: boolean;
}) {
  return (
    <tr data-testid={strong ? "breakdown-subject" : "breakdown-topic"}>
      <th scope="row" className={`py-2 pr-3 align-top ${strong ? "font-semibold" : "pl-4 font-normal text-slate-700"}`}>
        {strong ? `${row.code} ${row.title}` : row.title}
      </th>
      <td className="w-24 py-2 pr-3 text-right align-top tabular-nums whitespace-nowrap text-slate-700">
        {row.correct} / {row.total}
      </td>
      <td className="w-40 py-2 align-top">
        <div className="flex items-center gap-2">
          <div className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden>
            <div
              className={`h-2 rounded-full ${row.percentage >= passPercentage ? "bg-success" : "bg-amber-500"}`}
              style={{ width: `${row.percentage}%` }}
            />
          </div>
          <span className="w-10 text-right tabular-nums">{row.percentage}%</span>
        </div>
      </td>
    </tr>
  );
}
