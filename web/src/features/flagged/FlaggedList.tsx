import { flaggedPage, flaggedPageCount } from "@preflight/sync-protocol/rules/flagged-list";
import { stripHtml } from "@preflight/sync-protocol/rules/html";
import { useState } from "react";
import { MyQuestionsTabs } from "../../app/question/MyQuestionsTabs.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { toggleFlag, unflagAll } from "../../local/actions/question.ts";
import { Button } from "../../ui/Button.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { CreateTestDialogs } from "./CreateTestDialogs.tsx";
import { FlaggedFilters } from "./FlaggedFilters.tsx";
import {
  type FilterInput,
  type FlaggedEntry,
  flaggedEmptyMessage,
  subjectChoices,
  toFlaggedFilter,
} from "./flagged-model.ts";
import { useBankSubjects } from "./queries.ts";

/** The card text: no html, and cloze gaps as blanks rather than {{1}}. */
function cardText(question: string): string {
  return stripHtml(question).replace(/\{\{\d+\}\}/g, "____");
}

export function FlaggedList({
  entries,
  filtered,
  notes,
  input,
  onInput,
  page,
  onPage,
  onOpen,
}: {
  entries: FlaggedEntry[];
  filtered: FlaggedEntry[];
  /** The student's notes on the flagged questions, by question id. */
  notes: ReadonlyMap<number, string>;
  input: FilterInput;
  onInput: (input: FilterInput) => void;
  page: number;
  onPage: (page: number) => void;
  onOpen: (questionId: number) => void;
}) {
  const { scope } = useSignedIn();
  const subjects = subjectChoices(useBankSubjects(scope.db) ?? [], entries);
  const [confirmRemoveAll, setConfirmRemoveAll] = useState(false);
  const [creating, setCreating] = useState(false);

  const filter = toFlaggedFilter(input);
  const message = flaggedEmptyMessage(entries.length, filter, filtered.length);
  const pageCount = flaggedPageCount(filtered.length);
  const { data } = flaggedPage(filtered, page);

  return (
    <Page
      title="Flagged questions"
      description={
        entries.length === 1
          ? "1 question flagged on this device."
          : `${entries.length} questions flagged on this device.`
      }
      actions={
        <>
          <Button
            variant="secondary"
            onPress={() => setConfirmRemoveAll(true)}
            disabled={entries.length === 0}
            testId="remove-all"
          >
            Remove all
          </Button>
          <Button onPress={() => setCreating(true)} disabled={entries.length === 0} testId="create-test">
            Create test
          </Button>
        </>
      }
    >
      <MyQuestionsTabs current="flagged" flagging />
      <Card>
        <FlaggedFilters subjects={subjects} input={input} onInput={onInput} />
      </Card>

      {message ? (
        <Card className="text-center">
          <p className="py-3 text-slate-600" data-testid="flagged-empty">
            {message}
          </p>
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600" data-testid="flagged-count">
            {filtered.length === 1 ? "1 flagged question" : `${filtered.length} flagged questions`}
          </p>
          <ul className="space-y-3" aria-label="Flagged questions">
            {data.map(({ question }) => {
              const note = notes.get(question.id);
              return (
                <li
                  key={question.id}
                  id={`flagged-card-${question.id}`}
                  className="flex items-start gap-2 rounded-xl bg-surface shadow-sm ring-1 ring-slate-200 transition-shadow hover:ring-brand-500/50"
                  data-testid="flagged-card"
                >
                  <Button
                    variant="plain"
                    onPress={() => onOpen(question.id)}
                    className="min-h-11 min-w-0 flex-1 rounded-l-xl p-4 text-left focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    <span className="line-clamp-3 text-slate-800" data-testid="flagged-card-text">
                      {cardText(question.question)}
                    </span>
                    <span className="mt-2 block text-xs text-slate-600">
                      REF{" "}
                      <span className="font-mono text-slate-700" data-testid="flagged-card-ref">
                        {question.reference}
                      </span>
                    </span>
                    {note ? (
                      <span
                        className="mt-2 block rounded-md bg-amber-50 px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-amber-200"
                        data-testid="flagged-card-note"
                      >
                        <span className="sr-only">My note: </span>
                        <span className="line-clamp-3 whitespace-pre-wrap break-words">{note}</span>
                      </span>
                    ) : null}
                  </Button>
                  {/* The hover tip sits on a box-less wrapper: React Aria's button takes no title. */}
                  <span title="Remove flag" className="contents">
                    <Button
                      variant="plain"
                      onPress={() => void toggleFlag(scope, question.id)}
                      ariaLabel={`Remove the flag from question ${question.reference}`}
                      className="m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                      testId="unflag-card"
                    >
                      <svg
                        viewBox="0 0 24 24"
                        className="h-5 w-5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth={2}
                        aria-hidden
                      >
                        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
                      </svg>
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
          {pageCount > 1 ? (
            <nav className="flex items-center justify-center gap-4" aria-label="Pages" data-testid="flagged-pagination">
              <Button
                variant="plain"
                onPress={() => onPage(page - 1)}
                disabled={page <= 1}
                ariaLabel="Previous page"
                className="flex h-11 w-11 items-center justify-center rounded-lg bg-surface text-lg ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
              >
                ‹
              </Button>
              <span className="text-sm tabular-nums text-slate-700" data-testid="flagged-page">
                Page {page} of {pageCount}
              </span>
              <Button
                variant="plain"
                onPress={() => onPage(page + 1)}
                disabled={page >= pageCount}
                ariaLabel="Next page"
                className="flex h-11 w-11 items-center justify-center rounded-lg bg-surface text-lg ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
              >
                ›
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <Modal
        title="Remove all flags?"
        isOpen={confirmRemoveAll}
        onClose={() => setConfirmRemoveAll(false)}
        actions={
          <CancelConfirm
            onCancel={() => setConfirmRemoveAll(false)}
            onConfirm={() => {
              setConfirmRemoveAll(false);
              void unflagAll(scope);
            }}
            confirmLabel="Remove all"
            testId="confirm-remove-all"
          />
        }
      >
        <p>
          {entries.length === 1
            ? "Your 1 flagged question will be unflagged."
            : `All ${entries.length} of your flagged questions will be unflagged.`}
        </p>
      </Modal>
      <CreateTestDialogs
        isOpen={creating}
        onClose={() => setCreating(false)}
        allIds={entries.map((e) => e.question.id)}
        filteredIds={filtered.map((e) => e.question.id)}
      />
    </Page>
  );
}
