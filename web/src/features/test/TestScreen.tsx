import { letterIndex, padQuestionNumber, type TestType, testTypeTitle } from "@preflight/sync-protocol";
import { Link, useBlocker, useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useRef } from "react";
import { InactivityGuard } from "../../app/inactivity.tsx";
import { QuestionTools, useZoom } from "../../app/question/QuestionTools.tsx";
import { SidePanel } from "../../app/question/SidePanel.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { apiCall } from "../../local/api.ts";
import type { TestEnd } from "../../local/db.ts";
import { CountdownClock } from "../../ui/CountdownClock.tsx";
import { Button, Modal } from "../../ui/Modal.tsx";
import { QuestionPagination } from "../../ui/QuestionPagination.tsx";
import { toggleByIndex } from "../../ui/question/draft.ts";
import { QuestionView } from "../../ui/question/QuestionView.tsx";
import { exitTarget, MESSAGES, showsAnswersDuringTest } from "../../ui/question/rules.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useTestView } from "./queries.ts";
import { TestModals } from "./TestModals.tsx";
import { useTestController } from "./useTestController.ts";

/** Keys typed into a text field or a dropdown belong to that field, not to the test. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return true;
  return target instanceof HTMLInputElement && target.type !== "radio" && target.type !== "checkbox";
}

export function TestScreen({ testId }: { testId: string }) {
  const { scope, session } = useSignedIn();
  const navigate = useNavigate();
  const { notify } = useSnackbar();
  const view = useTestView(scope.db, testId);
  const leaving = useRef(false);

  const callbacks = useMemo(
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
        void apiCall(`/test/current/${direction}`, { json: { user_test_id: testId } }).catch(() => undefined),
      onSaveFailed: () => notify({ type: "danger", title: MESSAGES.saveFailedTitle, text: MESSAGES.saveFailedText }),
    }),
    [navigate, testId, notify],
  );
  const c = useTestController(scope, view, callbacks);
  const zoom = useZoom(scope);
  const flags = useLiveQuery(() => scope.db.flags.filter((f) => f.flagged).primaryKeys(), [scope.db]);

  // Opening a test that has already ended goes straight to its results.
  const checkedAtLoad = useRef(false);
  useEffect(() => {
    if (!view || checkedAtLoad.current) return;
    checkedAtLoad.current = true;
    if (view.test.finished) {
      leaving.current = true;
      void navigate({ to: "/test/results/$testId", params: { testId }, replace: true });
    }
  }, [view, navigate, testId]);

  // Leaving the test page asks first (spec), in the app and when closing the tab.
  const blocker = useBlocker({
    shouldBlockFn: () => !leaving.current && !c.ended,
    enableBeforeUnload: () => !leaving.current && !c.ended,
    withResolver: true,
  });

  // Arrow keys move; letters toggle answers (not while typing in a field or with a modal open).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (c.modal || blocker.status === "blocked" || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === "ArrowRight") {
        event.preventDefault();
        c.next();
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        c.previous();
      } else if (c.question && c.draft && !c.busy && !c.locked) {
        const index = letterIndex(event.key);
        if (index !== null && index < c.question.answers.length) c.setDraft(toggleByIndex(c.question, c.draft, index));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [c, blocker.status]);

  if (view === undefined) return <p className="p-8 text-center text-slate-500">Loading test…</p>;
  if (view === null)
    return (
      <main className="mx-auto max-w-lg p-8 text-center">
        <p>This test can no longer be accessed.</p>
        <Link to="/dashboard" className="mt-4 inline-block text-brand-600 underline">
          Go to dashboard
        </Link>
      </main>
    );

  const { test } = view;
  const duringTest = showsAnswersDuringTest(test.display_answers);
  const unanswered = test.question_ids.filter((id) => !view.saved.has(id)).length;
  const flagged = new Set((flags ?? []) as number[]);
  const pages = test.question_ids.map((id) => ({ answered: view.saved.has(id), flagged: flagged.has(id) }));
  // Colours that say right or wrong only where the mode already shows answers (never after_test).
  const correctness = duringTest
    ? test.question_ids.map((id) => (view.saved.has(id) ? (view.correct.get(id) ? "correct" : "incorrect") : null))
    : undefined;
  const question = c.question;

  return (
    <main className="mx-auto grid max-w-6xl gap-5 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <section className="min-w-0">
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-slate-100 px-6 py-4">
            <h1 className="text-lg font-semibold" data-testid="test-heading">
              {testTypeTitle(test.test_type)}
            </h1>
            <span className="font-mono text-sm tabular-nums text-slate-700" data-testid="question-number">
              Question {padQuestionNumber(c.position)} / {padQuestionNumber(c.total)}
            </span>
            {question ? (
              <span className="text-sm text-slate-500">
                Ref <span className="font-mono">{question.reference}</span>
              </span>
            ) : null}
            {question ? <span className="text-sm text-slate-500">Score {question.score}</span> : null}
            {c.deadline && !c.ended ? (
              <span className="ml-auto">
                <CountdownClock deadline={c.deadline.getTime()} onExpire={c.expire} />
              </span>
            ) : null}
          </div>
          {question ? (
            <div className="border-b border-slate-100 px-6 py-2">
              <QuestionTools scope={scope} questionId={question.id} zoom={zoom} features={session.user.features} />
            </div>
          ) : null}
          <div className="min-h-72 px-6 py-6" data-testid="question" style={zoom !== 1 ? { zoom } : undefined}>
            {question && c.draft ? (
              <QuestionView
                question={question}
                draft={c.draft}
                onChange={c.setDraft}
                disabled={c.busy || c.locked}
                revealed={c.revealed}
              />
            ) : (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" role="alert" data-testid="out-of-date">
                {MESSAGES.outOfDate}
              </p>
            )}
            {c.message ? (
              <p
                className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
                role="alert"
                data-testid="question-message"
              >
                {c.message}
              </p>
            ) : null}
            {c.revealed && question ? (
              <p
                className={`mt-4 text-sm font-semibold ${c.saved === undefined ? "text-slate-600" : view.correct.get(question.id) ? "text-emerald-700" : "text-red-700"}`}
                data-testid="answer-verdict"
              >
                {c.saved === undefined ? "" : view.correct.get(question.id) ? "Correct" : "Incorrect"}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-6 py-4">
            <Button variant="secondary" onPress={c.previous} disabled={c.busy || c.position <= 1} testId="previous">
              ← Previous
            </Button>
            <div className="flex flex-wrap gap-2">
              {duringTest && !c.locked ? (
                <Button onPress={c.confirm} disabled={c.busy} testId="confirm-answer">
                  Confirm answer
                </Button>
              ) : null}
              {!c.locked ? (
                <Button variant="secondary" onPress={c.reset} disabled={c.busy} testId="reset-answer">
                  Clear
                </Button>
              ) : null}
              <Button variant="secondary" onPress={c.abandon} disabled={c.busy} testId="abandon">
                Abandon
              </Button>
              <Button variant="secondary" onPress={() => c.goTo("finish")} disabled={c.busy} testId="finish">
                Finish test
              </Button>
            </div>
            <Button onPress={c.next} disabled={c.busy} testId="next">
              {c.position >= c.total ? "Finish" : "Next →"}
            </Button>
          </div>
        </div>
        <div className="mt-4">
          <QuestionPagination
            pages={pages}
            current={c.position}
            onSelect={(n) => c.goTo(n)}
            disabled={c.busy}
            {...(correctness ? { correctness } : {})}
          />
        </div>
      </section>
      <aside>{question ? <SidePanel db={scope.db} question={question} revealed={c.revealed} /> : null}</aside>
      <TestModals controller={c} unanswered={unanswered} />
      {!c.ended ? (
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
    </main>
  );
}
