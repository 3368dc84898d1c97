/**
 * A student's personal note on a question, one rule for every side (the device's actions and
 * lists, the server's effect and its flagged list):
 *
 * - One note per (student, question), plain text (never read as HTML), at most
 *   `NOTE_MAX_CHARS` characters counted as a text field counts them (UTF-16 code units, what a
 *   textarea's maxlength and the server's zod check both count). Line endings are kept as `\n`;
 *   other control characters (a NUL, a vertical tab pasted from a word processor) are no text: the
 *   device drops them, the server refuses a note that holds one (PostgreSQL refuses a NUL).
 * - A note of nothing but white space is no note: writing one clears the note. A cleared note is
 *   still a write (empty text): the server keeps the row as a tombstone, so an older write from
 *   another device cannot bring the old text back.
 * - The latest write wins, by the time the student wrote it (the intent's time, SR24):
 *   `noteWriteApplies`. Equal times apply in arrival order, which for one device is the order
 *   it wrote them in (OB12 keeps its stamps apart anyway).
 * - Searching notes (the flagged list's Contains, the notes page, the practice builder) is
 *   `noteMatches`: case-insensitive, white space collapsed, any part of the note (the flagged
 *   list's `textHolds`, one rule for all three).
 *
 * No zod here: the device's lists import this without the schemas (schemas/question.ts has them).
 */
import { normalizeContains, textHolds } from "./flagged-list.ts";
import { stripHtml } from "./html.ts";
import { latestWriteApplies } from "./latest-write.ts";

/** The longest note, in characters (UTF-16 code units, as a text field counts them). */
export const NOTE_MAX_CHARS = 2000;

/** A count with thousands separated by commas, as the note's counter shows it: 2,000. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export const NOTE_TOO_LONG_MESSAGE = `A note can be at most ${formatCount(NOTE_MAX_CHARS)} characters`;

export const NOTE_CONTROL_MESSAGE = "A note cannot hold control characters";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters in a note.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Whether the text holds a control character other than a tab or a line break. */
export function noteHasControl(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}

/**
 * The note as stored: `\r\n` and `\r` become `\n`, other control characters but tabs are
 * dropped; nothing but white space is no note ("").
 */
export function normalizeNote(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").replace(CONTROL, "");
  return lines.trim() === "" ? "" : lines;
}

/** Its length as the limit counts it. */
export function noteLength(text: string): number {
  return normalizeNote(text).length;
}

export function noteTooLong(text: string): boolean {
  return noteLength(text) > NOTE_MAX_CHARS;
}

/** Whether a stored note says anything (a cleared note is kept as "", a tombstone). */
export function hasNote(note: { text: string } | null | undefined): boolean {
  return note !== null && note !== undefined && note.text !== "";
}

/**
 * Last write wins: a write made at `at` (ISO 8601 with milliseconds, as `intentTime` gives)
 * replaces the held note unless the held one was written later (rules/latest-write.ts, the rule
 * of every per-question record of the student's).
 */
export const noteWriteApplies: typeof latestWriteApplies = latestWriteApplies;

/** Search text as matched: lowercased, white space collapsed, trimmed (as the flagged list's Contains). */
export function normalizeNoteSearch(text: string): string {
  return normalizeContains(text);
}

/**
 * Whether a note holds the search text (already normalised with `normalizeNoteSearch`). An empty
 * search matches every note that says something; no note never matches.
 */
export function noteMatches(note: string | null | undefined, search: string): boolean {
  return textHolds(note, search);
}

/** What the notes page's search looks at in a question besides the note. */
export interface NotedCandidate {
  question: string;
  reference: string;
}

/**
 * The notes page's search (already normalised with `normalizeNoteSearch`): the note, or the
 * question's text without its html, or its reference. A question not on the device is found by
 * its note alone.
 */
export function notedQuestionMatches(note: string, question: NotedCandidate | undefined, search: string): boolean {
  if (noteMatches(note, search)) return true;
  if (!question || search === "") return false;
  return (
    normalizeNoteSearch(stripHtml(question.question)).includes(search) ||
    question.reference.toLowerCase().includes(search)
  );
}

/** How long the note editor waits after the last key before it saves (and queues) the note. */
export const NOTE_SAVE_DELAY_MS = 700;
