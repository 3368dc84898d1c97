import { testRoutes } from "@preflight/sync-protocol/routes/test";
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import { reviewMarkOffered } from "@preflight/sync-protocol/rules/review-marks";
import { Link, useBlocker, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { InactivityGuard } from "../../app/inactivity.tsx";
import { QuestionCommentTools, useCommentedIds } from "../../app/question/QuestionCommentTools.tsx";
import { QuestionTools, useZoom } from "../../app/question/QuestionTools.tsx";
import { SidePanel } from "../../app/question/SidePanel.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { deadlineOf } from "../../local/actions/test.ts";
import { call } from "../../local/api.ts";
import type { TestEnd } from "../../local/store/db.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { exitTarget, MESSAGES } from "../../ui/question/rules.ts";
import { useFlaggedIds, useTestLoad } from "./queries.ts";
import { TestView } from "./TestView.tsx";
import { type TestSessionIo, useTestSession } from "./useTestSession.ts";

/** The question screen: the device's test and the session's IO around the pure TestView. */
export function TestScreen({ testId }: { testId: string }) {
  const { scope, session } = useSignedIn();
  const navigate = useNavigate();
  const showError = useErrorNotice();
  const { data, failure, retry } = useTestLoad(scope.db, testId);
  const leaving = useRef(false);

  const io = useMemo<TestSessionIo>(
    () => ({
      // Abandoning goes to the destination for the test type; every other end to the results.
      onEnded: (reason: TestEnd, testType: TestType) => {
        leaving.current = true;
        void navigate(
          reason === "abandoned" ? exitTarget(testType) : { to: "/test/results/$testId", params: { testId } },
        );
      },
      // The activity ping is online-only and best effort; it never holds up the student.
      onPing: (direction: "next" | "prev") =>
        void call(direction === "next" ? testRoutes.nextQuestion : testRoutes.prevQuestion, {
          body: { user_test_id: testId },
        }).catch(() => undefined),
      onSaveFailed: () => showError(null, { title: MESSAGES.saveFailedTitle, text: MESSAGES.saveFailedText }),
    }),
    [navigate, testId, showError],
  );
  const { screen, dispatch } = useTestSession(scope, data, io);
  const zoom = useZoom(scope);
  const flagged = useFlaggedIds(scope.db);
  const commented = useCommentedIds(scope, testId);
  const ended = screen?.ended ?? false;

  // Opening a test that has already ended goes straight to its results.
  const checkedAtLoad = useRef(false);
  useEffect(() => {
    if (!data || checkedAtLoad.current) return;
    checkedAtLoad.current = true;
    if (data.test.finished) {
      leaving.current = true;
      void navigate({ to: "/test/results/$testId", params: { testId }, replace: true });
    }
  }, [data, navigate, testId]);

  // Leaving the test page asks first (spec), in the app and when closing the tab; a test that
  // could not be read, or is gone, has nothing to leave.
  const open = useRef(false);
  open.current = Boolean(screen) && !failure && data !== null;
  const blocker = useBlocker({
    shouldBlockFn: () => open.current && !leaving.current && !ended,
    enableBeforeUnload: () => open.current && !leaving.current && !ended,
    withResolver: true,
  });

  if (failure)
    return (
      <Page title="Test" width="narrow">
        <Card>
          <p role="alert" data-testid="question-load-failed">
            {failure === "load" ? MESSAGES.loadFailed : MESSAGES.reloadFailed}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button onPress={retry} testId="question-load-retry">
              Try again
            </Button>
            <Link to="/dashboard" className={buttonClass("secondary")}>
              Go to dashboard
            </Link>
          </div>
        </Card>
      </Page>
    );
  if (data === null)
    return (
      <Page title="Test" width="narrow">
        <Card>
          <p>{MESSAGES.noLongerAccessible}</p>
          <Link to="/dashboard" className={buttonClass("secondary", "mt-4")}>
            Go to dashboard
          </Link>
        </Card>
      </Page>
    );
  // The session takes the loaded test before paint; until then, still loading.
  if (data === undefined || !screen)
    return (
      <Page title="Test" busy>
        <p className="text-slate-600">Loading test…</p>
      </Page>
    );

  const { question } = screen;
  return (
    <TestView
      screen={screen}
      onAction={dispatch}
      flagged={flagged}
      commented={commented}
      deadline={deadlineOf(screen.test)}
      zoom={zoom}
      tools={
        question ? (
          <div className="flex flex-wrap items-center gap-2">
            <QuestionTools scope={scope} questionId={question.id} zoom={zoom} features={session.user.features} />
            <QuestionCommentTools
              scope={scope}
              questionId={question.id}
              questionVersion={question.version}
              test={screen.test}
              questionNumber={screen.position}
            />
          </div>
        ) : null
      }
      sidePanel={
        question ? (
          <SidePanel
            scope={scope}
            question={question}
            revealed={screen.revealed}
            markable={reviewMarkOffered(screen.test)}
          />
        ) : null
      }
      keyboardPaused={blocker.status === "blocked"}
      overlays={
        <>
          {!ended ? (
            <InactivityGuard
              reason="test"
              onClose={() => {
                leaving.current = true;
              }}
            />
          ) : null}
          <Modal
            title="Leave the test?"
            isOpen={blocker.status === "blocked"}
            onClose={() => blocker.reset?.()}
            actions={
              <>
                <Button variant="secondary" onPress={() => blocker.reset?.()}>
                  Stay
                </Button>
                <Button onPress={() => blocker.proceed?.()} testId="confirm-leave">
                  Leave
                </Button>
              </>
            }
          >
            <p>{MESSAGES.leave}</p>
          </Modal>
        </>
      }
    />
  );
}
