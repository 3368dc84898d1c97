import { QUICK_PRACTICE_QUESTIONS } from "@preflight/sync-protocol/rules/constants";
import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useDeferredValue, useLayoutEffect } from "react";
import { ClosedForInactivity } from "../../app/inactivity-closed.tsx";
import { useBankSize, useHideFixedResults } from "../../app/live-queries.ts";
import { policyAction } from "../../app/request-policy.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useFirstRunRedirect } from "../../app/useFirstRunRedirect.ts";
import { useStartTest } from "../../app/useStartTest.ts";
import { ApiCallError, call } from "../../local/api.ts";
import type { LocalUserTest } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorLine } from "../../ui/ErrorNotice.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { useFitToBox } from "../../ui/useFitToBox.ts";
import { useRecentTests } from "./queries.ts";

/** The result the student may see: none while running, or when the school hides it. */
function resultOf(test: LocalUserTest, hideFixedResults: boolean) {
  return resultVisibility(test, hideFixedResults).score ? (test.marked ?? test.predicted) : null;
}

/**
 * The dashboard. The parts other features own (the one progress card with its summary circles,
 * the sync button and update indicator, the recently flagged list, the subscription's line) come in from the route,
 * which composes features.
 *
 * Below its title it shows nothing until the device has answered every read it opens with (its
 * own, and the route's: `reading`), then everything at once: parts arriving one after another
 * pushed the page down as each came (a line of subscription, a longer description).
 */
export function Dashboard({
  courseCard,
  reviewCard,
  devicePanel,
  recentlyFlagged,
  readiness,
  subscriptionLine,
  reading = false,
  onShown,
}: {
  /** The one progress card: the summary circles and the course chart. */
  courseCard: ReactNode;
  /** The questions due for review today, with the way to start. */
  reviewCard?: ReactNode;
  /** Sync now and the question bank's updates (the header carries the sync status). */
  devicePanel?: ReactNode;
  recentlyFlagged: ReactNode;
  /**
   * Exam readiness: it comes after the paint, so it stands where its arrival moves nothing: under
   * the main column beside a laptop's sidebar, and at the foot of a narrower page.
   */
  readiness?: ReactNode;
  /** When the subscription ends, with the way to extend it. */
  subscriptionLine?: ReactNode;
  /** The route's own reads (the progress card's, the subscription's) are not in yet. */
  reading?: boolean;
  /** Called once everything is shown (before the browser paints it). */
  onShown?: () => void;
}) {
  const { session, scope } = useSignedIn();
  const navigate = useNavigate();
  const bankSize = useBankSize(scope.db);
  useFirstRunRedirect(scope.db);
  const recent = useRecentTests(scope.db);
  const recentBox = useFitToBox<HTMLUListElement>(recent);
  const hideFixedResults = useHideFixedResults(scope.db);
  const { start, error, starting } = useStartTest();
  // The page below the title is rendered in a transition: React builds it in slices, between which
  // the browser may answer the student, rather than in one long task.
  const shown = useDeferredValue(!reading && bankSize !== undefined && recent !== undefined);
  useLayoutEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);

  /**
   * A finished test: ask the server for its results page (spec) and go there; offline, or if
   * the server has not marked it yet, the device's own results. An unfinished test resumes.
   */
  const openTest = async (test: LocalUserTest) => {
    if (!test.finished) {
      await navigate({ to: "/test/$testId", params: { testId: test.id } });
      return;
    }
    const local = { to: "/test/results/$testId", params: { testId: test.id } } as const;
    try {
      const url = await call("testResults", { body: { user_test_id: test.id } });
      await navigate(url.startsWith("/") ? { to: url } : local);
    } catch (err) {
      // Not marked yet (409), or no answer: the device's results. The global request policy
      // (app/request-policy.ts) has dealt with the rest (sign in, home, the notice).
      const notMarked = err instanceof ApiCallError && err.status === 409;
      if (notMarked || ["caller", "log"].includes(policyAction(err, "/dashboard"))) await navigate(local);
    }
  };

  const startPractice = () =>
    start({
      test_type: "practice",
      title: `Practice test (${QUICK_PRACTICE_QUESTIONS} questions)`,
      count: QUICK_PRACTICE_QUESTIONS,
      display_answers: "after_test",
    });

  const practiceButton = (variant: "primary" | "secondary") => (
    <Button
      variant={variant}
      onPress={() => void startPractice()}
      disabled={starting || !bankSize}
      testId={variant === "primary" ? "dashboard-start-practice" : undefined}
    >
      {starting
        ? "Starting test…"
        : variant === "primary"
          ? `Start a practice test (${QUICK_PRACTICE_QUESTIONS} questions)`
          : "Take your first practice test"}
    </Button>
  );

  return (
    <Page
      width="wide"
      title={`Welcome back, ${session.user.firstname}`}
      busy={!shown}
      description={
        !shown
          ? undefined
          : bankSize === 0
            ? "Your question bank is downloading. You can practise as soon as it is on this device."
            : `${bankSize} questions are on this device, ready online or offline.`
      }
      actions={shown ? practiceButton("primary") : undefined}
    >
      {shown ? (
        <>
          {subscriptionLine || error ? (
            <div className="-mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              {subscriptionLine}
              <ErrorLine message={error} />
            </div>
          ) : null}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
            <div className="min-w-0 space-y-6">
              {courseCard}
              {reviewCard}
              {devicePanel ? <Card title="Question bank and sync">{devicePanel}</Card> : null}
            </div>
            {/* Spec: the layout is the window height minus 160; on a laptop the sidebar keeps that
            height beside the scrolling page, and what does not fit is hidden. */}
            <aside
              className="min-w-0 rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:sticky lg:row-span-2 lg:top-6 lg:flex lg:h-[calc(100vh-160px)] lg:min-h-[24rem] lg:flex-col lg:self-start"
              data-testid="dashboard-sidebar"
              aria-labelledby="recent-tests-heading"
            >
              <h2 id="recent-tests-heading" className="mb-3 text-lg font-semibold text-slate-900">
                Recent tests
              </h2>
              {recent && recent.length > 0 ? (
                <ul
                  ref={recentBox}
                  className="relative divide-y divide-slate-100 overflow-hidden lg:max-h-[50%] lg:min-h-0 lg:shrink-0"
                >
                  {recent.map((test) => {
                    const result = resultOf(test, hideFixedResults);
                    return (
                      <li key={test.id}>
                        <Button
                          variant="plain"
                          onPress={() => void openTest(test)}
                          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md py-2 text-left text-sm hover:text-brand-700"
                          testId="recent-test"
                        >
                          <span className="min-w-0">
                            <span className="block font-medium">{test.title}</span>
                            <span className="text-xs text-slate-600">{formatSyncStamp(new Date(test.started))}</span>
                          </span>
                          {result ? (
                            <span
                              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${result.pass ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}
                            >
                              {result.percentage}%
                            </span>
                          ) : (
                            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                              {test.finished ? "Completed" : "In progress"}
                            </span>
                          )}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              ) : recent ? (
                <div className="space-y-3" data-testid="recent-tests-empty">
                  <p className="text-sm text-slate-600">Your completed tests will appear here.</p>
                  <p className="text-sm text-slate-600">
                    A short practice test is a good first step: it shows where you stand in each subject.
                  </p>
                  {practiceButton("secondary")}
                </div>
              ) : null}
              {recentlyFlagged}
            </aside>
            {readiness ? <div className="min-w-0">{readiness}</div> : null}
          </div>
        </>
      ) : null}
      <ClosedForInactivity />
    </Page>
  );
}
