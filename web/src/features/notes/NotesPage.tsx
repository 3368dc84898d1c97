import { formatDate } from "@preflight/sync-protocol/rules/format";
import { stripHtml } from "@preflight/sync-protocol/rules/question";
import { useMemo, useState } from "react";
import { MyQuestionsTabs } from "../../app/question/MyQuestionsTabs.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { Button } from "../../ui/Button.tsx";
import { deferred } from "../../ui/deferred.tsx";
import { SearchField } from "../../ui/FormField.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import {
  filterNotes,
  NO_NOTES_FILTER,
  NOTES_PAGE_SIZE,
  NOTES_WORDS,
  type NotesFilter,
  notesCountText,
  notesEmptyMessage,
  notesSubjectChoices,
} from "./notes-model.ts";
import { type NotedQuestion, useBankSubjects, useNotedQuestions } from "./queries.ts";

// The editor comes with the dialog that shows it (as in the side panel: app/question/SidePanel.tsx).
const { Deferred: NoteEditor } = deferred(() => import("../../app/question/NoteEditor.tsx").then((m) => m.NoteEditor));

/** A question as a card shows it: no html, cloze gaps as blanks rather than {{1}}. */
function cardText(question: string): string {
  return stripHtml(question).replace(/\{\{\d+\}\}/g, "____");
}

/**
 * My notes (/test/flagged#notes): every question the student wrote a note on, read from the
 * device (offline too), most recently written first; searched by the note, the question's text
 * or its reference, and narrowed to a subject. A note is edited in a dialog with the same editor
 * as the side panel.
 *
 * A list of its own beside the flagged one (a tab under the menu's Flagged questions) rather than
 * a filter of it: a note belongs to any question, flagged or not, and the flagged list shows one
 * subject at a time (spec), where notes are looked for across subjects.
 */
export function NotesPage() {
  const { scope, session } = useSignedIn();
  const notes = useNotedQuestions(scope.db);
  const subjects = useBankSubjects(scope.db);
  const [filter, setFilter] = useState<NotesFilter>(NO_NOTES_FILTER);
  const [shown, setShown] = useState(NOTES_PAGE_SIZE);
  const [editing, setEditing] = useState<NotedQuestion | null>(null);

  const matching = useMemo(() => filterNotes(notes ?? [], filter), [notes, filter]);
  const choices = useMemo(() => notesSubjectChoices(subjects ?? [], notes ?? []), [subjects, notes]);
  const subjectTitles = useMemo(() => new Map((subjects ?? []).map((s) => [s.code, s.title])), [subjects]);
  const change = (next: NotesFilter) => {
    setFilter(next);
    setShown(NOTES_PAGE_SIZE);
  };

  const tabs = <MyQuestionsTabs current="notes" flagging={session.user.features.flagged} />;

  if (notes === undefined)
    return (
      <Page title={NOTES_WORDS.title} busy>
        {tabs}
        <p className="text-slate-600">Loading your notes…</p>
      </Page>
    );

  const message = notesEmptyMessage(notes.length, matching.length);
  return (
    <Page
      title={NOTES_WORDS.title}
      description="Your own notes on questions. Only you can see them."
      testId="notes-page"
    >
      {tabs}
      {notes.length > 0 ? (
        <Card>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" data-testid="notes-filters">
            <SearchField
              label={NOTES_WORDS.search}
              value={filter.search}
              onChange={(search) => change({ ...filter, search })}
              placeholder={NOTES_WORDS.searchPlaceholder}
              testId="notes-search"
            />
            <SelectField
              label={NOTES_WORDS.subject}
              value={filter.subject}
              onChange={(subject) => change({ ...filter, subject })}
            >
              <option value="">{NOTES_WORDS.allSubjects}</option>
              {choices.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.code} {s.title} ({s.notes})
                </option>
              ))}
            </SelectField>
          </div>
        </Card>
      ) : null}

      {message ? (
        <Card className="text-center">
          <p className="py-2 font-medium text-slate-800" data-testid="notes-empty">
            {message}
          </p>
          {notes.length === 0 ? (
            <p className="mx-auto max-w-prose text-sm text-slate-600">{NOTES_WORDS.noneYetHint}</p>
          ) : null}
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600" data-testid="notes-count" aria-live="polite">
            {notesCountText(matching.length, notes.length)}
          </p>
          <ul className="space-y-3" aria-label={NOTES_WORDS.title}>
            {matching.slice(0, shown).map((item) => (
              <NoteItem
                key={item.note.questionId}
                item={item}
                subjectTitle={item.question ? subjectTitles.get(item.question.subject) : undefined}
                onEdit={() => setEditing(item)}
              />
            ))}
          </ul>
          {matching.length > shown ? (
            <div className="flex justify-center">
              <Button variant="secondary" onPress={() => setShown(shown + NOTES_PAGE_SIZE)} testId="notes-more">
                {NOTES_WORDS.showMore} ({matching.length - shown} left)
              </Button>
            </div>
          ) : null}
        </>
      )}

      <Modal
        title={editing?.question ? `Note on ${editing.question.reference}` : "Note"}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        actions={
          <Button onPress={() => setEditing(null)} testId="notes-edit-done">
            {NOTES_WORDS.done}
          </Button>
        }
      >
        {editing ? (
          <div className="space-y-4">
            {editing.question ? (
              <p className="line-clamp-4 text-sm text-slate-700">{cardText(editing.question.question)}</p>
            ) : null}
            <NoteEditor scope={scope} questionId={editing.note.questionId} showAllLink={false} look="plain" />
          </div>
        ) : null}
      </Modal>
    </Page>
  );
}

function NoteItem({
  item: { note, question },
  subjectTitle,
  onEdit,
}: {
  item: NotedQuestion;
  subjectTitle: string | undefined;
  onEdit: () => void;
}) {
  const name = question ? question.reference : String(note.questionId);
  return (
    <li className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="note-item">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>
          {question ? (
            <>
              {question.subject} {subjectTitle ?? ""} · REF{" "}
              <span className="font-mono text-slate-700" data-testid="note-item-ref">
                {question.reference}
              </span>
            </>
          ) : (
            NOTES_WORDS.notOnDevice(note.questionId)
          )}
        </span>
        <span>Written {formatDate(new Date(note.updatedAt))}</span>
      </div>
      {question ? (
        <p className="mt-1.5 line-clamp-2 text-sm text-slate-800" data-testid="note-item-question">
          {cardText(question.question)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <p
          className="min-w-0 flex-1 rounded-lg bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap break-words text-slate-900 ring-1 ring-amber-200"
          data-testid="note-item-text"
        >
          {note.text}
        </p>
        <Button
          variant="secondary"
          onPress={onEdit}
          ariaLabel={`${NOTES_WORDS.edit} on question ${name}`}
          testId="note-item-edit"
          className="shrink-0 self-end sm:self-start"
        >
          {NOTES_WORDS.edit}
        </Button>
      </div>
    </li>
  );
}
