import { formatHms, letterIndex, padQuestionNumber, testTypeTitle } from "@preflight/sync-protocol";
import { Link, useBlocker, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { apiCall } from "../../local/api.ts";
import type { TestEnd } from "../../local/db.ts";
import { Button, Modal } from "../../ui/Modal.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { toggleByIndex } from "./draft.ts";
import { QuestionView } from "./QuestionView.tsx";
import { useTestView } from "./queries.ts";
import { exitTarget, MESSAGES, showsAnswersDuringTest } from "./rules.ts";
import { TestModals } from "./TestModals.tsx";
import { useTestController } from "./useTestController.ts";

/** Keys typed into a text field or a dropdown belong to that field, not to the test. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return true;
  return target instanceof HTMLInputElement && target.type !== "radio" && target.type !== "checkbox";
}

export function TestScreen({ testId }: { testId: string }) {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const view = useTestView(scope.db, testId);
  const leaving = useRef(false);

  const callbacks = useMemo(
    () => ({
      onEnded: (_reason: TestEnd) => {
        leaving.current = true;
        void navigate({ to: "/test/results/$testId", params: { testId } });
      },
      // The activity ping is online-only and best effort; it never holds up the student.
      onPing: (direction: "next" | "prev") =>
        void apiCall(`/test/current/${direction}`, { json: { user_test_id: testId } }).catch(() => undefined),
    }),
    [navigate, testId],
  );
  const c = useTestController(scope, view, callbacks);

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

  const exitAfterAbandon = useRef(false);
  useEffect(() => {
    if (!view || !c.ended || !exitAfterAbandon.current) return;
    leaving.current = true;
    void navigate(exitTarget(view.test.test_type));
  }, [view, c.ended, navigate]);

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
  const pages = test.question_ids.map((id) => ({ answered: view.saved.has(id) }));
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
            {c.deadline ? <Clock deadline={c.deadline} onExpire={c.expire} /> : null}
          </div>
          <div className="min-h-72 px-6 py-6" data-testid="question">
            {question && c.draft ? (
              <QuestionView
                question={question}
                draft={c.draft}
                onChange={c.setDraft}
                disabled={c.busy || c.locked}
                revealed={c.revealed}
              />
            ) : (
              <p className="text-slate-500">This question is not on this device yet.</p>
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
              <Button
                variant="secondary"
                onPress={() => {
                  exitAfterAbandon.current = true;
                  c.abandon();
                }}
                disabled={c.busy}
                testId="abandon"
              >
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
          <Pagination pages={pages} current={c.position} onSelect={(n) => c.goTo(n)} disabled={c.busy} />
        </div>
      </section>
      <aside className="space-y-4" data-testid="side-panel">
        {question && c.revealed ? (
          <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="explanation">
            <h2 className="mb-2 font-semibold">Explanation</h2>
            <SafeHtml
              html={question.explanation}
              className="prose-explanation text-sm leading-relaxed text-slate-700"
            />
          </div>
        ) : null}
      </aside>
      <TestModals controller={c} unanswered={unanswered} />
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

/** The countdown of a timed test: hh:mm:ss, negative with a minus. */
function Clock({ deadline, onExpire }: { deadline: Date; onExpire: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = Math.ceil((deadline.getTime() - now) / 1000);
  useEffect(() => {
    if (remaining <= 0 && !fired.current) {
      fired.current = true;
      onExpire();
    }
  }, [remaining, onExpire]);
  return (
    <span
      role="timer"
      className="ml-auto font-mono text-sm tabular-nums"
      data-testid="countdown"
      aria-label="Time remaining"
    >
      {formatHms(remaining)}
    </span>
  );
}
