import { letterIndex, padQuestionNumber, SAVE_DELAY_MS } from "@preflight/sync-protocol";
import { Link, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { finishTest, saveAnswer, setPosition } from "../../local/actions/test.ts";
import type { LocalQuestion } from "../../local/db.ts";
import { Button, Modal } from "../../ui/Modal.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { type Draft, draftFromGiven, givenFromDraft, sameGiven, toggleByIndex } from "./draft.ts";
import { QuestionView } from "./QuestionView.tsx";
import { useTestView } from "./queries.ts";

const TEST_TYPE_HEADINGS: Record<string, string> = {
  quiz: "Quiz",
  progress_test: "Progress test",
  progress_test_attempt: "Progress test",
  exam: "Exam",
  untimed: "Untimed exam",
  timed: "Timed exam",
  practice: "Practice",
};

/** Keys typed into a text field or a dropdown belong to that field, not to the test. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return true;
  return target instanceof HTMLInputElement && target.type !== "radio" && target.type !== "checkbox";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function TestScreen({ testId }: { testId: string }) {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const view = useTestView(scope.db, testId);
  const [position, setLocalPosition] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [finishOpen, setFinishOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draftFor = useRef<number | null>(null);

  const total = view?.test.question_ids.length ?? 0;
  const current = position ?? view?.test.position ?? 1;
  const question: LocalQuestion | undefined = view?.questions[current - 1];
  const savedGiven = question ? view?.saved.get(question.id) : undefined;

  // A fresh draft whenever the question on screen changes.
  useEffect(() => {
    if (!question || draftFor.current === question.id) return;
    draftFor.current = question.id;
    setDraft(draftFromGiven(question, savedGiven));
  }, [question, savedGiven]);

  useEffect(() => {
    if (view?.test.finished) void navigate({ to: "/test/results/$testId", params: { testId }, replace: true });
  }, [view?.test.finished, navigate, testId]);

  /** Saves the answer on screen if it changed: buttons off, then the save 200 ms later (spec). */
  const savePending = useCallback(async (): Promise<boolean> => {
    if (!question || !draft) return true;
    const given = givenFromDraft(draft);
    if (given === null || sameGiven(given, savedGiven)) return true;
    setSaving(true);
    try {
      await sleep(SAVE_DELAY_MS);
      await saveAnswer(scope, testId, question.id, given);
      return true;
    } catch (err) {
      setError(err instanceof Error ? err.message : "Unable to save answer");
      return false;
    } finally {
      setSaving(false);
    }
  }, [draft, question, savedGiven, scope, testId]);

  const goTo = useCallback(
    async (target: number) => {
      if (saving || !view || target < 1 || target > total || target === current) return;
      if (!(await savePending())) return;
      setLocalPosition(target);
      await setPosition(scope.db, testId, target);
    },
    [saving, view, total, current, savePending, scope.db, testId],
  );

  const next = useCallback(() => {
    if (saving || finishOpen) return;
    if (current >= total) {
      void savePending().then((ok) => ok && setFinishOpen(true));
      return;
    }
    void goTo(current + 1);
  }, [saving, finishOpen, current, total, goTo, savePending]);

  const previous = useCallback(() => {
    if (saving || finishOpen) return;
    void goTo(current - 1);
  }, [saving, finishOpen, goTo, current]);

  const onFinish = async () => {
    if (!(await savePending())) return;
    await finishTest(scope, testId);
    setFinishOpen(false);
    await navigate({ to: "/test/results/$testId", params: { testId } });
  };

  // Arrow keys move; letters toggle answers (not while typing in a field or with a modal open).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (finishOpen || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === "ArrowRight") {
        event.preventDefault();
        next();
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        previous();
      } else if (question && draft && !saving) {
        const index = letterIndex(event.key);
        if (index !== null && index < question.answers.length) setDraft(toggleByIndex(question, draft, index));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [finishOpen, next, previous, question, draft, saving]);

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

  const unanswered = view.test.question_ids.filter((id) => !view.saved.has(id)).length;
  const pages = view.test.question_ids.map((id) => ({ answered: view.saved.has(id) }));

  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-slate-100 px-6 py-4">
          <h1 className="text-lg font-semibold" data-testid="test-heading">
            {TEST_TYPE_HEADINGS[view.test.test_type] ?? view.test.test_type}
          </h1>
          <span className="font-mono text-sm tabular-nums text-slate-700" data-testid="question-number">
            Question {padQuestionNumber(current)} / {padQuestionNumber(total)}
          </span>
          {question ? (
            <span className="text-sm text-slate-500">
              Ref <span className="font-mono">{question.reference}</span>
            </span>
          ) : null}
          {question ? <span className="text-sm text-slate-500">Score {question.score}</span> : null}
        </div>
        <div className="min-h-72 px-6 py-6" data-testid="question">
          {question && draft ? (
            <QuestionView question={question} draft={draft} onChange={setDraft} disabled={saving} />
          ) : (
            <p className="text-slate-500">This question is not on this device yet.</p>
          )}
          {error ? (
            <p className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-6 py-4">
          <Button variant="secondary" onPress={previous} disabled={saving || current <= 1} testId="previous">
            ← Previous
          </Button>
          <Button variant="secondary" onPress={() => setFinishOpen(true)} disabled={saving} testId="finish">
            Finish test
          </Button>
          <Button onPress={next} disabled={saving} testId="next">
            {current >= total ? "Finish" : "Next →"}
          </Button>
        </div>
      </div>
      <div className="mt-4">
        <Pagination pages={pages} current={current} onSelect={(n) => void goTo(n)} disabled={saving} />
      </div>
      <Modal
        title="Finish test?"
        isOpen={finishOpen}
        onClose={() => setFinishOpen(false)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setFinishOpen(false)}>
              Cancel
            </Button>
            <Button onPress={() => void onFinish()} testId="confirm-finish">
              Finish
            </Button>
          </>
        }
      >
        {unanswered > 0 ? <p>You have questions that have not been answered.</p> : <p>All questions are answered.</p>}
      </Modal>
    </main>
  );
}
