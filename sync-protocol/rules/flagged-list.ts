/**
 * The Flagged Questions list, one rule for both sides: the device filters its own store with
 * it (offline) and the server answers POST /api/user/flagged with it, so the two agree on
 * which flagged questions a filter shows, in which order, and on which page.
 *
 * - The list is per subject (spec: 'You must select a subject to view flagged questions'):
 *   without a subject it shows nothing; `all` still carries every flagged question id, which
 *   'Create test' with Include All uses.
 * - Topic is an EASA level-2 heading (010.01) and needs a subject; Contains needs a subject too
 *   (spec: both are disabled until a subject is chosen). Contains is lowercased (spec) and
 *   matched, case-insensitively, against the question text without its html, its reference and
 *   the student's note on it (`textHolds`, which the notes' own searches use too, rules/notes.ts).
 * - Most recently flagged first; page size FLAGGED_PAGE_SIZE (the reply's per_page).
 *
 * The list's rules without the request and reply schemas (flagged.ts has those and re-exports
 * these), so the device's dashboard reads its flagged list without loading zod.
 */
import { stripHtml } from "./html.ts";

/** Flagged questions per page (the server's per_page; the device pages with the same). */
export const FLAGGED_PAGE_SIZE = 10;
/** Longest Contains text accepted. */
export const FLAGGED_CONTAINS_MAX = 200;

export interface FlaggedFilter {
  subject: string | null;
  topic: string | null;
  /** Already normalised: lowercased, spaces collapsed, trimmed. */
  contains: string;
}

export const NO_FLAGGED_FILTER: FlaggedFilter = { subject: null, topic: null, contains: "" };

/** What the filter looks at in a question. */
export interface FlaggedCandidate {
  subject: string;
  syllabus_code: string;
  question: string;
  reference: string;
}

/** The student's note on a flagged question, if any: Contains finds it too. */
export type FlaggedNote = string | null | undefined;

/** The topic (EASA level-2 heading, e.g. 010.01) a syllabus code sits under. */
export function topicOfCode(syllabusCode: string): string {
  return syllabusCode.split(".").slice(0, 2).join(".");
}

/** Contains as used: lowercased (spec), spaces collapsed like the stripped text, trimmed. */
export function normalizeContains(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Whether a text (a student's note) holds the search, normalised as Contains is: any case, white
 * space collapsed, any part of it. No text holds nothing. Here rather than in notes.ts, which
 * imports it: the dashboard's flagged list loads this module and needs nothing of the notes.
 */
export function textHolds(text: string | null | undefined, needle: string): boolean {
  return text !== null && text !== undefined && text !== "" && normalizeContains(text).includes(needle);
}

/** Whether the list shows anything at all for this filter: only once a subject is chosen. */
export function flaggedListShown(filter: FlaggedFilter): boolean {
  return filter.subject !== null;
}

/** Whether a flagged question (with the student's note on it, if any) is listed under the filter. */
export function matchesFlaggedFilter(question: FlaggedCandidate, filter: FlaggedFilter, note?: FlaggedNote): boolean {
  if (!flaggedListShown(filter) || question.subject !== filter.subject) return false;
  if (filter.topic !== null && topicOfCode(question.syllabus_code) !== filter.topic) return false;
  const needle = normalizeContains(filter.contains);
  if (needle === "") return true;
  return (
    stripHtml(question.question).toLowerCase().includes(needle) ||
    question.reference.toLowerCase().includes(needle) ||
    textHolds(note, needle)
  );
}

/** A flag as both sides keep it: the question and when it was (last) flagged, ISO 8601. */
export interface FlagStamp {
  questionId: number;
  flaggedAt: string;
}

/** Most recently flagged first; the same moment falls back to the question id. */
export function byMostRecentlyFlagged(a: FlagStamp, b: FlagStamp): number {
  if (a.flaggedAt !== b.flaggedAt) return a.flaggedAt < b.flaggedAt ? 1 : -1;
  return a.questionId - b.questionId;
}

/** Pages counted from 1; an empty list still has page 1. */
export function flaggedPageCount(total: number, perPage = FLAGGED_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export interface FlaggedPage<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
}

/** One page of an ordered list; a page past the end is empty (total still says how many). */
export function flaggedPage<T>(items: readonly T[], page: number, perPage = FLAGGED_PAGE_SIZE): FlaggedPage<T> {
  const start = (page - 1) * perPage;
  return { data: items.slice(start, start + perPage), current_page: page, per_page: perPage, total: items.length };
}

/** The 1-based number of the i-th item (0-based) of a page, counted over the whole list. */
export function flaggedQuestionNumber(page: number, index: number, perPage = FLAGGED_PAGE_SIZE): number {
  return (page - 1) * perPage + index + 1;
}
