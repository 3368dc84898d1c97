import { formatSyncStamp, QUICK_PRACTICE_QUESTIONS, resultVisibility } from "@preflight/sync-protocol";
import { routes } from "@preflight/sync-protocol/routes/index";
import { useNavigate } from "@tanstack/react-router";
import type { ComponentProps, ReactNode } from "react";
import { ClosedForInactivity } from "../../app/inactivity.tsx";
import { useBankSize, useHideFixedResults } from "../../app/live-queries.ts";
import { policyAction } from "../../app/request-policy.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useFirstRunRedirect } from "../../app/useFirstRunRedirect.ts";
import { useStartTest } from "../../app/useStartTest.ts";
import { ApiCallError, call } from "../../local/api.ts";
import type { LocalUserTest } from "../../local/store/db.ts";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { useFitToBox } from "../../ui/useFitToBox.ts";
import { useRecentTests } from "./queries.ts";
import { SummaryCircles } from "./SummaryCircles.tsx";

/** The result the student may see: none while running, or when the school hides it. */
function resultOf(test: LocalUserTest, hideFixedResults: boolean) {
  return resultVisibility(test, hideFixedResults).score ? (test.marked ?? test.predicted) : null;
}

/**
 * The dashboard. The parts other features own (the course progress read and card, the sync and
 * update panel, the recently flagged list, the subscription's line) come in from the route,
 * which composes features.
 */
export function Dashboard({
  summary,
  courseCard,
  syncPanel,
  recentlyFlagged,
  subscriptionLine,
}: {
  summary: ComponentProps<typeof SummaryCircles>["summary"];
  courseCard: ReactNode;
  syncPanel: ReactNode;
  recentlyFlagged: ReactNode;
  /** When the subscription ends, with the way to extend it. */
  subscriptionLine?: ReactNode;
}) {
  const { session, scope } = useSignedIn();
  const navigate = useNavigate();
  const bankSize = useBankSize(scope.db);
  useFirstRunRedirect(scope.db);
  const recent = useRecentTests(scope.db);
  const recentBox = useFitToBox<HTMLUListElement>(recent);
  const hideFixedResults = useHideFixedResults(scope.db);
  const { start, error, starting } = useStartTest();

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
      const url = await call(routes.testResults, { body: { user_test_id: test.id } });
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

  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[1fr_320px]">
      <section className="space-y-6">
        <div className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
          <h1 className="text-xl font-semibold">Welcome back, {session.user.firstname}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {bankSize === undefined
              ? "Checking your question bank…"
              : bankSize === 0
                ? "Your question bank is downloading. You can practise as soon as it is on this device."
                : `${bankSize} questions are on this device, ready online or offline.`}
          </p>
          {subscriptionLine ? <div className="mt-2">{subscriptionLine}</div> : null}
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={() => void startPractice()}
              disabled={starting || !bankSize}
              className="rounded-md bg-primary px-5 py-2.5 font-medium text-white hover:bg-primary-hover disabled:opacity-50"
            >
              {starting ? "Starting test…" : `Start a practice test (${QUICK_PRACTICE_QUESTIONS} questions)`}
            </button>
            {error ? (
              <ErrorNotice as="span" className="text-sm text-red-700">
                {error}
              </ErrorNotice>
            ) : null}
          </div>
        </div>
        <div className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="mb-4 font-semibold">Your progress</h2>
          <SummaryCircles summary={summary} />
        </div>
        {courseCard}
        <div className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="mb-3 font-semibold">Sync</h2>
          {syncPanel}
        </div>
      </section>
      {/* Spec: the layout is the window height minus 160; on a laptop the sidebar keeps that
          height beside the scrolling page, and what does not fit is hidden. */}
      <aside
        className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-6 lg:flex lg:self-start lg:h-[calc(100vh-160px)] lg:min-h-[24rem] lg:flex-col"
        data-testid="dashboard-sidebar"
      >
        <h2 className="mb-3 font-semibold">Recent tests</h2>
        {recent && recent.length > 0 ? (
          <ul
            ref={recentBox}
            className="relative divide-y divide-slate-100 overflow-hidden lg:max-h-[50%] lg:min-h-0 lg:shrink-0"
          >
            {recent.map((test) => {
              const result = resultOf(test, hideFixedResults);
              return (
                <li key={test.id} className="py-2">
                  <button
                    type="button"
                    onClick={() => void openTest(test)}
                    className="flex w-full items-center justify-between gap-3 text-left text-sm hover:text-brand-700"
                    data-testid="recent-test"
                  >
                    <span>
                      <span className="block font-medium">{test.title}</span>
                      <span className="text-xs text-slate-500">{formatSyncStamp(new Date(test.started))}</span>
                    </span>
                    {result ? (
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${result.pass ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}
                      >
                        {result.percentage}%
                      </span>
                    ) : (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                        {test.finished ? "Completed" : "In progress"}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">Your completed tests will appear here.</p>
        )}
        {recentlyFlagged}
      </aside>
      <ClosedForInactivity />
    </main>
  );
}
