import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { useHideFixedResults } from "../../app/live-queries.ts";
import { QuestionCommentTools } from "../../app/question/QuestionCommentTools.tsx";
import { ReviewMarkToggle } from "../../app/question/ReviewMarkToggle.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { markReviewed } from "../../local/actions/question.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { deferred } from "../../ui/deferred.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { exitTarget } from "../../ui/question/rules.ts";
import { useFixedAttempts, useResultsData } from "./queries.ts";
import { ResultsView } from "./ResultsView.tsx";
import { reviewedId, reviewFragment, reviewIndexOf } from "./review.ts";

// The note editor of the question under review comes when a question is first reviewed.
const { Deferred: NoteEditor } = deferred(() => import("../../app/question/NoteEditor.tsx").then((m) => m.NoteEditor));

/**
 * The results page: the device's copy of the test around the pure ResultsView, the review kept
 * in the fragment #explanation-{id}, each question shown marked as viewed.
 */
export function ResultsScreen({ testId }: { testId: string }) {
  const { scope } = useSignedIn();
  const data = useResultsData(scope.db, testId);
  const hideFixedResults = useHideFixedResults(scope.db);
  const attempts = useFixedAttempts(scope.db, data?.test.fixed_test_id);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const lastViewed = useRef<number | null>(null);
  const inFlight = useRef(new Set<string>());

  const visible = resultVisibility(data?.test ?? { test_type: "practice", hide_results: false }, hideFixedResults);
  const reviewId = reviewedId(hash);
  const reviewIndex = data ? reviewIndexOf(data.test.question_ids, reviewId, visible.review) : -1;

  const show = useCallback(
    (questionId: number | null) => void navigate({ to: ".", hash: reviewFragment(questionId), replace: false }),
    [navigate],
  );

  // Each show marks the question viewed; a second show is ignored while one is in flight.
  useEffect(() => {
    if (!data || reviewIndex < 0 || reviewId === null) return;
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

  if (data === undefined)
    return (
      <Page title="Results" busy>
        <p className="text-slate-600">Loading results…</p>
      </Page>
    );
  if (data === null || !data.test.finished)
    return (
      <Page title="Results" width="narrow">
        <Card>
          <p>No results for this test yet.</p>
          <Link to="/dashboard" className={buttonClass("secondary", "mt-4")}>
            Go to dashboard
          </Link>
        </Card>
      </Page>
    );

  const exit = exitTarget(data.test.test_type);
  return (
    <ResultsView
      data={data}
      visible={visible}
      reviewIndex={reviewIndex}
      attempts={attempts}
      onShow={show}
      onRetake={() => void navigate({ to: "/test/retake/$testId", params: { testId } })}
      // Return to Exams: the chooser of the test's type, or the practice chooser (spec).
      onQuitToExams={() => void navigate(exit.to === "/dashboard" ? exitTarget("practice") : exit)}
      onQuitToDashboard={() => void navigate({ to: "/dashboard" })}
      reviewTools={(question, index) => (
        <>
          <ReviewMarkToggle scope={scope} questionId={question.id} />
          <QuestionCommentTools
            scope={scope}
            questionId={question.id}
            questionVersion={question.version}
            test={data.test}
            questionNumber={index + 1}
          />
        </>
      )}
      renderNote={(questionId) => <NoteEditor key={questionId} scope={scope} questionId={questionId} look="inset" />}
    />
  );
}
