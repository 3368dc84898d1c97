import { resolveCall } from "@preflight/sync-protocol/mutation-templates";
import { formatCount, NOTE_MAX_CHARS, NOTE_SAVE_DELAY_MS, normalizeNote } from "@preflight/sync-protocol/rules/notes";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { TextField as AriaTextField, Text, TextArea } from "react-aria-components";
import { QuestionInputError, saveNote } from "../../local/actions/question.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import type { OutboxEntry, UserDb } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { FIELD_CLASS } from "../../ui/field-look.ts";
import { SAVED_ON_DEVICE } from "../../ui/offline-words.ts";
import { useErrorNotice } from "../error-notice.ts";
import { NOTES_HASH } from "./MyQuestionsTabs.tsx";

export const NOTE_WORDS = {
  heading: "My note",
  placeholder: "Anything that helps you remember this one. Only you can see your notes.",
  saving: "Saving…",
  waiting: SAVED_ON_DEVICE,
  synced: "Saved",
  refused: "Saved on this device, but the server refused it (see Changes)",
  cleared: "Note cleared",
  undo: "Undo",
  clear: "Clear note",
  allNotes: "All my notes",
} as const;

/** Where the note's last write is: still on this device, refused by the server, or on the server. */
export type NoteSync = "waiting" | "refused" | "synced";

export interface NoteState {
  /** The note as kept on this device ("" when there is none or it was cleared). */
  text: string;
  updatedAt: string | null;
  sync: NoteSync;
}

function isNoteOf(entry: OutboxEntry, questionId: number): boolean {
  return (
    resolveCall(entry.call)?.template === "POST /api/question/note" &&
    (entry.body as { question_id?: unknown } | null)?.question_id === questionId
  );
}

/**
 * The note of a question and where its latest write is: waiting while a write of it is in the
 * outbox; refused when the write that made the note as it reads was parked (a refused write stays
 * in the outbox until retried, so one the note has since moved past says nothing); else on the
 * server.
 */
export async function readNoteState(db: UserDb, questionId: number): Promise<NoteState> {
  const [note, writes] = await Promise.all([
    db.notes.get(questionId),
    db.outbox.filter((entry) => isNoteOf(entry, questionId)).toArray(),
  ]);
  const updatedAt = note?.updatedAt ?? null;
  const sync: NoteSync = writes.some((e) => e.status === "pending")
    ? "waiting"
    : writes.some((e) => e.status === "failed" && e.createdAt === updatedAt)
      ? "refused"
      : "synced";
  return { text: note?.text ?? "", updatedAt, sync };
}

const LOOKS = {
  card: "rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200",
  inset: "rounded-lg bg-slate-50 p-4",
  plain: "",
} as const;

/** What the status line says: saving while the student types, then where the saved note is. */
export function noteStatus(
  state: Pick<NoteState, "text" | "sync" | "updatedAt">,
  busy: boolean,
  justCleared: boolean,
): string {
  if (busy) return NOTE_WORDS.saving;
  if (state.sync === "refused") return NOTE_WORDS.refused;
  if (justCleared) return state.sync === "waiting" ? `${NOTE_WORDS.cleared}. ${SAVED_ON_DEVICE}` : NOTE_WORDS.cleared;
  if (state.updatedAt === null) return "";
  if (state.sync === "waiting") return NOTE_WORDS.waiting;
  return state.text === "" ? "" : NOTE_WORDS.synced;
}

/**
 * The student's note on a question (issue 19): plain text, saved on the device a moment after
 * the last key (and when the field is left, or the question changes), then queued for the
 * server like any other change, offline too. The status line says where the note is; the counter
 * how much of the NOTE_MAX_CHARS is used. Clear empties it (a write that syncs), with Undo.
 *
 * What another device wrote reaches the field when the pull brings it, unless the student is
 * typing in it: then their own, later, write wins (rules/notes.ts). Key it by question.
 *
 * `look`: a card of its own (the side panel), a block inside another card (the results review,
 * beside the explanation), or plain in a dialog that is about the note (focused at once).
 */
export function NoteEditor({
  scope,
  questionId,
  showAllLink = true,
  look = "card",
}: {
  scope: LocalScope;
  questionId: number;
  /** The link to the notes page (left out where the page itself shows the note). */
  showAllLink?: boolean;
  look?: "card" | "inset" | "plain";
}) {
  const headingId = useId();
  const showError = useErrorNotice();
  const state = useLiveQuery(() => readNoteState(scope.db, questionId), [scope.db, questionId]);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [undoText, setUndoText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef(0);
  const focused = useRef(false);
  const latest = useRef<string | undefined>(undefined);
  latest.current = draft;

  const save = useCallback(
    async (text: string) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      saving.current++;
      setBusy(true);
      try {
        await saveNote(scope, questionId, text);
      } catch (err) {
        showError(err, { explains: [QuestionInputError], fallback: "Your note could not be saved" });
      } finally {
        saving.current--;
        if (saving.current === 0 && timer.current === undefined) setBusy(false);
      }
    },
    [scope, questionId, showError],
  );

  // Another device's note (brought by the pull) shows, unless the student is writing here.
  const stored = state?.text;
  useEffect(() => {
    if (stored === undefined || focused.current || timer.current !== undefined || saving.current > 0) return;
    setDraft(stored);
  }, [stored]);

  // Leaving the question (or the page) before the delay saves what was typed.
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      if (latest.current !== undefined) void saveNote(scope, questionId, latest.current).catch(() => undefined);
    },
    [scope, questionId],
  );

  const value = draft ?? stored ?? "";
  const type = (text: string) => {
    setDraft(text);
    setUndoText(null);
    setBusy(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(text), NOTE_SAVE_DELAY_MS);
  };
  const clear = () => {
    setUndoText(value);
    setDraft("");
    void save("");
  };
  const undo = () => {
    if (undoText === null) return;
    setDraft(undoText);
    setUndoText(null);
    void save(undoText);
  };

  const status = state ? noteStatus(state, busy, undoText !== null) : "";
  const length = value.length;
  const nearLimit = length >= NOTE_MAX_CHARS * 0.9;
  const Heading = look === "card" ? "h2" : "h3";
  return (
    <section className={`text-sm ${LOOKS[look]}`} aria-labelledby={headingId} data-testid="note-card">
      <div className="mb-2 flex min-h-8 items-center justify-between gap-3">
        <Heading id={headingId} className="font-semibold">
          {NOTE_WORDS.heading}
        </Heading>
        {normalizeNote(value) !== "" ? (
          <Button
            variant="plain"
            onPress={clear}
            testId="note-clear"
            className="-my-2 min-h-11 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {NOTE_WORDS.clear}
          </Button>
        ) : null}
      </div>
      <AriaTextField
        value={value}
        onChange={type}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          if (timer.current !== undefined && latest.current !== undefined) void save(latest.current);
        }}
        aria-labelledby={headingId}
        isDisabled={state === undefined}
      >
        <TextArea
          rows={4}
          autoFocus={look === "plain"}
          maxLength={NOTE_MAX_CHARS}
          placeholder={NOTE_WORDS.placeholder}
          spellCheck
          data-testid="note-text"
          className={`${FIELD_CLASS} block resize-y leading-relaxed`}
        />
        <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
          <div className="flex min-h-4 flex-wrap items-baseline gap-x-2">
            <Text slot="description" className="text-slate-600" data-testid="note-status">
              <span aria-live="polite">{status}</span>
            </Text>
            {undoText !== null ? (
              <Button
                variant="plain"
                onPress={undo}
                testId="note-undo"
                className="-my-3.5 inline-flex min-h-11 items-center px-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {NOTE_WORDS.undo}
              </Button>
            ) : null}
          </div>
          <span
            className={`shrink-0 tabular-nums ${nearLimit ? "font-medium text-amber-800" : "text-slate-600"}`}
            data-testid="note-count"
          >
            {formatCount(length)} / {formatCount(NOTE_MAX_CHARS)}
            <span className="sr-only"> characters</span>
          </span>
        </div>
      </AriaTextField>
      {showAllLink ? (
        <Link
          to="/test/flagged"
          hash={NOTES_HASH}
          className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          {NOTE_WORDS.allNotes}
        </Link>
      ) : null}
    </section>
  );
}
