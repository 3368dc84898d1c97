import { padQuestionNumber } from "@preflight/sync-protocol/rules/format";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { QuestionTools, useZoom } from "../../app/question/QuestionTools.tsx";
import { SidePanel } from "../../app/question/SidePanel.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { Button } from "../../ui/Button.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { QuestionPagination } from "../../ui/QuestionPagination.tsx";
import { emptyDraft } from "../../ui/question/draft.ts";
import { QuestionView } from "../../ui/question/QuestionView.tsx";

/** Keys typed into a field, or pressed while a dialog is open, are not the page's. */
function isForSomethingElse(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return true;
  if (document.querySelector("[role=dialog]")) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return true;
  return target instanceof HTMLInputElement && target.type !== "radio" && target.type !== "checkbox";
}

/**
 * One flagged question with its answers revealed (the question answer view of the spec):
 * 'Question n / total', Ref, Score, the flag toggle and 'Mark as seen in exam', previous and
 * next (also the arrow keys), the question pagination, and the side panel's flagged card.
 *
 * The questions stepped through are fixed when the view opens, so unflagging the question on
 * screen does not pull it out from under the student; the list shows the change on return.
 */
export function FlaggedQuestionDetail({
  questionId,
  initialSequence,
  onOpen,
  onClose,
}: {
  questionId: number;
  initialSequence: () => number[];
  onOpen: (questionId: number) => void;
  onClose: () => void;
}) {
  const { scope, session } = useSignedIn();
  const [sequence, setSequence] = useState(initialSequence);
  // Reached by its address from outside the sequence (typed, or a link): start again from it.
  if (!sequence.includes(questionId)) setSequence(initialSequence());

  const question = useLiveQuery(async () => (await scope.db.questions.get(questionId)) ?? null, [scope.db, questionId]);
  const flagged = useLiveQuery(
    async () => new Set((await scope.db.flags.filter((f) => f.flagged).primaryKeys()) as number[]),
    [scope.db],
  );
  const zoom = useZoom(scope);

  const index = sequence.indexOf(questionId);
  const total = sequence.length;
  const previousId = index > 0 ? sequence[index - 1] : undefined;
  const nextId = index >= 0 && index < total - 1 ? sequence[index + 1] : undefined;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isForSomethingElse(event)) return;
      const target = event.key === "ArrowLeft" ? previousId : event.key === "ArrowRight" ? nextId : undefined;
      if (target === undefined) return;
      event.preventDefault();
      onOpen(target);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [previousId, nextId, onOpen]);

  // Each question opens at the top, as a new page would.
  useEffect(() => {
    if (questionId) window.scrollTo({ top: 0 });
  }, [questionId]);

  if (question === undefined)
    return (
      <Page title="Flagged questions" busy>
        <p className="text-slate-600">Loading question…</p>
      </Page>
    );
  if (question === null)
    return (
      <Page title="Flagged questions" width="narrow">
        <Card>
          <p data-testid="flagged-missing">This question is not on this device.</p>
          <Button variant="secondary" onPress={onClose} className="mt-4">
            Back to flagged questions
          </Button>
        </Card>
      </Page>
    );

  const pages = sequence.map((id) => ({ answered: false, flagged: flagged?.has(id) ?? false }));
  return (
    <Page
      width="wide"
      title="Flagged questions"
      testId="flagged-detail"
      description={
        <span className="flex flex-wrap gap-x-4">
          <span className="font-mono tabular-nums text-slate-800" data-testid="question-number">
            Question {padQuestionNumber(index + 1)} / {padQuestionNumber(total)}
          </span>
          <span>
            Ref{" "}
            <span className="font-mono" data-testid="question-reference">
              {question.reference}
            </span>
          </span>
          <span>Score {question.score}</span>
        </span>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <section className="min-w-0" aria-label="Question">
          <div className="rounded-xl bg-surface shadow-sm ring-1 ring-slate-200">
            <div className="border-b border-slate-100 px-6 py-2">
              <QuestionTools scope={scope} questionId={question.id} zoom={zoom} features={session.user.features} />
            </div>
            <div className="min-h-72 px-6 py-6" data-testid="question" style={zoom !== 1 ? { zoom } : undefined}>
              <QuestionView
                key={question.id}
                question={question}
                draft={emptyDraft(question)}
                onChange={() => undefined}
                disabled
                revealed
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-6 py-4">
              <Button
                variant="secondary"
                onPress={() => previousId !== undefined && onOpen(previousId)}
                disabled={previousId === undefined}
                testId="previous"
              >
                ← Previous
              </Button>
              <Button variant="secondary" onPress={onClose} testId="back-to-list">
                Back to list
              </Button>
              <Button
                onPress={() => nextId !== undefined && onOpen(nextId)}
                disabled={nextId === undefined}
                testId="next"
              >
                Next →
              </Button>
            </div>
          </div>
          {total > 1 ? (
            <div className="mt-4">
              <QuestionPagination
                pages={pages}
                current={index + 1}
                onSelect={(n) => {
                  const id = sequence[n - 1];
                  if (id !== undefined) onOpen(id);
                }}
                label="Flagged questions"
              />
            </div>
          ) : null}
        </section>
        <aside className="min-w-0">
          <SidePanel scope={scope} question={question} revealed variant="flagged" />
        </aside>
      </div>
    </Page>
  );
}
