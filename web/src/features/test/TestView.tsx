import { padQuestionNumber, testTypeTitle } from "@preflight/sync-protocol/rules/format";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { CountdownClock } from "../../ui/CountdownClock.tsx";
import type { UiClock } from "../../ui/clock.ts";
import { Page } from "../../ui/Page.tsx";
import { QuestionPagination } from "../../ui/QuestionPagination.tsx";
import { QuestionView } from "../../ui/question/QuestionView.tsx";
import { MESSAGES } from "../../ui/question/rules.ts";
import { ShortcutsDialog } from "./ShortcutsDialog.tsx";
import { HELP_KEY } from "./shortcuts.ts";
import { TestModals } from "./TestModals.tsx";
import { keyAction, type OnScreen, type SessionAction } from "./test-session.ts";

export interface TestViewProps {
  /** The session as the screen shows it (test-session.ts `onScreen`). */
  screen: OnScreen;
  /** Every student action goes back as a session action. */
  onAction: (action: SessionAction) => void;
  /** The ids of the flagged questions, marked in the pagination. */
  flagged: ReadonlySet<number>;
  /** The ids of the questions the student commented on (an exam's, issue 19), marked in the pagination. */
  commented?: ReadonlySet<number>;
  /** When a timed test's time runs out; null for untimed tests. */
  deadline: Date | null;
  zoom: number;
  /** The question tools (zoom, flag, seen in exam) of the question on screen. */
  tools?: ReactNode;
  /** The side panel (explanation, images, information card) of the question on screen. */
  sidePanel?: ReactNode;
  /** Dialogs of the page around the test (leaving, inactivity). */
  overlays?: ReactNode;
  /** Keys do nothing while the page asks something of its own (the leave prompt). */
  keyboardPaused?: boolean;
  clock?: UiClock;
}

/** Keys typed into a text field or a dropdown belong to that field, not to the test. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return true;
  return target instanceof HTMLInputElement && target.type !== "radio" && target.type !== "checkbox";
}

/** A control that answers Enter itself. */
function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest("button, a[href], [role=button], [role=link]") !== null;
}

/** The question screen (spec: test-taking screen 1), drawn from the session. */
export function TestView({
  screen: s,
  onAction,
  flagged,
  commented,
  deadline,
  zoom,
  tools,
  sidePanel,
  overlays,
  keyboardPaused = false,
  clock,
}: TestViewProps) {
  const [helpOpen, setHelpOpen] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);
  const modalOpen = s.modal !== null || helpOpen;

  // Arrow keys move; letters toggle answers; Enter confirms; ? lists the keys (shortcuts.ts) — not
  // while typing in a field or with a modal open. Enter on a focused button or link is that control's own.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (modalOpen || keyboardPaused || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === HELP_KEY) {
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      const action = keyAction(event.key);
      if (!action) return;
      if (action.type === "confirm" && isControl(event.target)) return;
      if (action.type !== "toggle") event.preventDefault();
      onAction({ type: "key", action });
    };
    // An answer's radio (React Aria's RadioGroup) moves the choice with ← and → and keeps the key
    // from the page; here they go to the previous / next question first, as over the browser's
    // radios, whose arrow keys the page used to take. ↑ and ↓ still move the choice.
    const onArrowOverAnswer = (event: KeyboardEvent) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      if (modalOpen || keyboardPaused || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || target.type !== "radio") return;
      if (!questionRef.current?.contains(target)) return;
      event.stopPropagation();
      onKey(event);
    };
    window.addEventListener("keydown", onArrowOverAnswer, true);
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onArrowOverAnswer, true);
      window.removeEventListener("keydown", onKey);
    };
  }, [modalOpen, keyboardPaused, onAction]);

  const { test, question } = s;
  const pages = s.pages.map(({ id, answered }) => ({
    answered,
    flagged: flagged.has(id),
    commented: commented?.has(id) ?? false,
  }));

  return (
    <Page
      width="wide"
      title={testTypeTitle(test.test_type)}
      titleId="test-heading"
      titleTestId="test-heading"
      description={
        <span className="flex flex-wrap gap-x-4">
          <span className="font-mono tabular-nums text-slate-800" data-testid="question-number">
            Question {padQuestionNumber(s.position)} / {padQuestionNumber(s.total)}
          </span>
          {question ? (
            <span>
              Ref <span className="font-mono">{question.reference ?? "–"}</span>
            </span>
          ) : null}
          {question ? <span>Score {question.score}</span> : null}
        </span>
      }
      actions={
        <>
          {deadline && !s.ended ? (
            <CountdownClock
              deadline={deadline.getTime()}
              onExpire={() => onAction({ type: "expire" })}
              {...(clock ? { clock } : {})}
            />
          ) : null}
          <Button variant="quiet" onPress={() => setHelpOpen(true)} testId="shortcuts-button">
            Keyboard shortcuts <kbd className="font-mono text-xs">?</kbd>
          </Button>
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <section className="min-w-0" aria-label="Question">
          <div className="rounded-xl bg-surface shadow-sm ring-1 ring-slate-200">
            {question && tools ? <div className="border-b border-slate-100 px-6 py-2">{tools}</div> : null}
            <div
              ref={questionRef}
              className="min-h-72 px-6 py-6"
              data-testid="question"
              style={zoom !== 1 ? { zoom } : undefined}
            >
              {question && s.draft ? (
                <QuestionView
                  question={question}
                  draft={s.draft}
                  onChange={(draft) => onAction({ type: "choose", draft })}
                  disabled={s.busy || s.locked}
                  revealed={s.revealed}
                />
              ) : (
                <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" role="alert" data-testid="out-of-date">
                  {MESSAGES.outOfDate}
                </p>
              )}
              {s.message ? (
                <p
                  className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
                  role="alert"
                  data-testid="question-message"
                >
                  {s.message}
                </p>
              ) : null}
              {s.revealed && question ? (
                <p
                  className={`mt-4 text-sm font-semibold ${s.saved === undefined ? "text-slate-600" : s.correct ? "text-emerald-700" : "text-red-700"}`}
                  data-testid="answer-verdict"
                >
                  {s.saved === undefined ? "" : s.correct ? "Correct" : "Incorrect"}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-6 py-4">
              <Button
                variant="secondary"
                onPress={() => onAction({ type: "previous" })}
                disabled={s.busy || s.position <= 1}
                testId="previous"
              >
                ← Previous
              </Button>
              <div className="flex flex-wrap gap-2">
                {s.duringTest && !s.locked ? (
                  <Button onPress={() => onAction({ type: "confirm" })} disabled={s.busy} testId="confirm-answer">
                    Confirm answer
                  </Button>
                ) : null}
                {!s.locked ? (
                  <Button
                    variant="secondary"
                    onPress={() => onAction({ type: "reset" })}
                    disabled={s.busy}
                    testId="reset-answer"
                  >
                    Clear
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  onPress={() => onAction({ type: "abandon" })}
                  disabled={s.busy}
                  testId="abandon"
                >
                  Abandon
                </Button>
                <Button
                  variant="secondary"
                  onPress={() => onAction({ type: "go", target: "finish" })}
                  disabled={s.busy}
                  testId="finish"
                >
                  Finish test
                </Button>
              </div>
              <Button onPress={() => onAction({ type: "next" })} disabled={s.busy} testId="next">
                {s.position >= s.total ? "Finish" : "Next →"}
              </Button>
            </div>
          </div>
          <div className="mt-4">
            <QuestionPagination
              pages={pages}
              current={s.position}
              onSelect={(n) => onAction({ type: "go", target: n })}
              disabled={s.busy}
              {...(s.correctness ? { correctness: s.correctness } : {})}
            />
          </div>
        </section>
        <aside className="min-w-0">{question ? sidePanel : null}</aside>
      </div>
      <ShortcutsDialog isOpen={helpOpen} onClose={() => setHelpOpen(false)} />
      <TestModals
        modal={s.modal}
        unanswered={s.unanswered}
        onProceed={() => onAction({ type: "proceed" })}
        onClose={() => onAction({ type: "close-modal" })}
      />
      {overlays}
    </Page>
  );
}
