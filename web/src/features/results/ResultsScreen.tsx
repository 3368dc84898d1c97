import { padQuestionNumber, resultVisibility, type TestResult } from "@preflight/sync-protocol";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFixedAttempts, useHideFixedResults } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { markReviewed } from "../../local/actions/question.ts";
import { testQuestions } from "../../local/actions/test.ts";
import type { LocalUserTest } from "../../local/db.ts";
import { Button, Modal } from "../../ui/Modal.tsx";
import { draftFromGiven } from "../../ui/question/draft.ts";
import { QuestionView } from "../../ui/question/QuestionView.tsx";
import { exitTarget } from "../../ui/question/rules.ts";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";

export const RESULT_MESSAGES = {
  passed: "Congratulations, you passed!",
  failed: "Sorry, you failed",
  scored: (percentage: number) => `You scored ${percentage}%`,
  noQuestions: "No questions found in test",
  sentToSchool: "Test completed. The results have been sent to your school.",
  quitTitle: "Quit test?",
  quitWarning: "If you end this test you will not be able to return to this screen",
} as const;

const FRAGMENT = /^explanation-(\d+)$/;

function useResults(testId: string) {
  const { scope } = useSignedIn();
  return useLiveQuery(async () => {
    const test = await scope.db.userTests.get(testId);
    if (!test) return null;
    const [answers, questions] = await Promise.all([
      scope.db.answers.where("testId").equals(testId).toArray(),
      testQuestions(scope.db, test),
    ]);
    return { test, answers: new Map(answers.map((a) => [a.questionId, a])), questions };
  }, [scope.db, testId]);
}

/**
 * Results: the server's marking when it has arrived, else the device's prediction from the
 * same grading rules, said plainly. Review one question at a time at #explanation-{id}.
 */
export function ResultsScreen({ testId }: { testId: string }) {
  const { scope } = useSignedIn();
  const data = useResults(testId);
  const hideFixedResults = useHideFixedResults(scope.db);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [quitOpen, setQuitOpen] = useState(false);
  const lastViewed = useRef<number | null>(null);
  const inFlight = useRef(new Set<string>());

  const visible = resultVisibility(data?.test ?? { test_type: "practice", hide_results: false }, hideFixedResults);
  const reviewId = Number(FRAGMENT.exec(hash)?.[1] ?? Number.NaN);
  const reviewIndex = visible.review ? (data?.test.question_ids.indexOf(reviewId) ?? -1) : -1;

  const show = useCallback(
    (questionId: number | null) =>
      void navigate({ to: ".", hash: questionId === null ? "" : `explanation-${questionId}`, replace: false }),
    [navigate],
  );

  // Each show marks the question viewed; a second show is ignored while one is in flight.
  useEffect(() => {
    if (!data || reviewIndex < 0) return;
    const key = `${testId}:${reviewIndex + 1}`;
    lastViewed.current = reviewId;
    if (inFlight.current.has(key)) return;
    inFlight.current.add(key);
    void markReviewed(scope, testId, reviewIndex + 1, reviewId).finally(() => inFlight.current.delete(key));
  }, [data, reviewIndex, reviewId, scope, testId]);

  // Clearing the review returns to the list at the last viewed question.
  useEffect(() => {
    if (reviewIndex >= 0 || lastViewed.current === null) return;
    document.getElementById(`result-question-${lastViewed.current}`)?.scrollIntoView({ block: "center" });
  }, [reviewIndex]);

  if (data === undefined) return <p className="p-8 text-center text-slate-500">Loading results…</p>;
  if (data === null || !data.test.finished)
    return (
      <main className="mx-auto max-w-lg p-8 text-center">
        <p>No results for this test yet.</p>
        <Link to="/dashboard" className="mt-4 inline-block text-brand-600 underline">
          Go to dashboard
        </Link>
      </main>
    );

  const { test, answers, questions } = data;
  const result = test.marked ?? test.predicted;
  const total = test.question_ids.length;
  const exit = exitTarget(test.test_type);
  // Hidden results (per test, or hide_fixed_results) show no score or pass; hidden answers no review.
  const reviewed = visible.review && reviewIndex >= 0 ? questions[reviewIndex] : undefined;

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      {visible.score && result ? (
        <ResultHeader
          test={test}
          result={result}
          total={total}
          onRetake={() => void navigate({ to: "/test/retake/$testId", params: { testId } })}
        />
      ) : null}
      {visible.sentToSchool ? (
        <section className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-lg" data-testid="result-hidden">
            {RESULT_MESSAGES.sentToSchool}
          </p>
        </section>
      ) : null}

      {visible.review ? (
        total === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
            {RESULT_MESSAGES.noQuestions}
          </p>
        ) : reviewed && reviewIndex >= 0 ? (
          <section
            className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
            data-testid="review"
            id={`explanation-${reviewed.id}`}
          >
            <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-slate-100 px-6 py-4">
              <h2 className="font-semibold">Review</h2>
              <span className="font-mono text-sm tabular-nums text-slate-700" data-testid="review-number">
                Question {padQuestionNumber(reviewIndex + 1)} / {padQuestionNumber(total)}
              </span>
              <span className="text-sm text-slate-500">
                Ref <span className="font-mono">{reviewed.reference}</span>
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
            <div className="space-y-5 px-6 py-6">
              <QuestionView
                question={reviewed}
                draft={draftFromGiven(reviewed, answers.get(reviewed.id)?.given)}
                onChange={() => undefined}
                disabled
                revealed
              />
              <div className="rounded-lg bg-slate-50 p-4" data-testid="review-explanation">
                <h3 className="mb-1 text-sm font-semibold">Explanation</h3>
                <SafeHtml
                  html={reviewed.explanation}
                  className="prose-explanation text-sm leading-relaxed text-slate-700"
                />
              </div>
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-6 py-4">
              <Button
                variant="secondary"
                onPress={() => show(test.question_ids[reviewIndex - 1] ?? null)}
                disabled={reviewIndex === 0}
                testId="review-previous"
              >
                ← Previous
              </Button>
              <Button variant="secondary" onPress={() => show(null)} testId="review-close">
                Back to all questions
              </Button>
              <Button
                onPress={() => show(test.question_ids[reviewIndex + 1] ?? null)}
                disabled={reviewIndex >= total - 1}
                testId="review-next"
              >
                Next →
              </Button>
            </div>
          </section>
        ) : (
          <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold">Your answers</h2>
              <p className="flex gap-4 text-xs text-slate-600" data-testid="results-legend">
                <span>✓ Correct</span>
                <span>✗ Incorrect</span>
                <span>– Not answered</span>
              </p>
            </div>
            <ol className="grid grid-cols-5 gap-2 sm:grid-cols-10">
              {test.question_ids.map((id, i) => {
                const answer = answers.get(id);
                const tone = !answer
                  ? "bg-slate-100 text-slate-500"
                  : answer.correct
                    ? "bg-emerald-100 text-emerald-800"
                    : "bg-red-100 text-red-800";
                const label = !answer ? "not answered" : answer.correct ? "correct" : "incorrect";
                return (
                  <li key={id} id={`result-question-${id}`}>
                    <button
                      type="button"
                      onClick={() => show(id)}
                      className={`w-full rounded-md py-2 text-center text-xs font-semibold hover:ring-2 hover:ring-brand-500 ${tone}`}
                      aria-label={`Question ${i + 1}: ${label}`}
                    >
                      <span aria-hidden>{!answer ? "– " : answer.correct ? "✓ " : "✗ "}</span>
                      {padQuestionNumber(i + 1)}
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
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
              <Button
                variant="secondary"
                onPress={() => void navigate({ to: "/test/retake/$testId", params: { testId } })}
              >
                Retake Exam
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onPress={() => void navigate(exit.to === "/dashboard" ? exitTarget("practice") : exit)}
              testId="quit-exams"
            >
              Return to Exams
            </Button>
            <Button onPress={() => void navigate({ to: "/dashboard" })} testId="quit-dashboard">
              Return to dashboard
            </Button>
          </>
        }
      >
        <p>{RESULT_MESSAGES.quitWarning}</p>
      </Modal>
    </main>
  );
}

function ResultHeader({
  test,
  result,
  total,
  onRetake,
}: {
  test: LocalUserTest;
  result: TestResult;
  total: number;
  onRetake: () => void;
}) {
  const { scope } = useSignedIn();
  const attempts = useFixedAttempts(scope.db, test.fixed_test_id);
  return (
    <section className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <h1
        className={`text-2xl font-semibold ${result.pass ? "text-emerald-700" : "text-red-700"}`}
        data-testid="result-heading"
      >
        {result.pass ? RESULT_MESSAGES.passed : RESULT_MESSAGES.failed}
      </h1>
      <p className="mt-2 text-lg" data-testid="result-score">
        {RESULT_MESSAGES.scored(result.percentage)}
      </p>
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
      <p className="mt-4 text-xs text-slate-500" data-testid="marking-source">
        {test.marked ? "Marked by the server." : "Marked on this device; the server will confirm when you are online."}
      </p>
      {test.can_retake ? (
        <div className="mt-5">
          <Button variant="secondary" onPress={onRetake} testId="retake">
            Retake Exam
          </Button>
        </div>
      ) : null}
    </section>
  );
}
