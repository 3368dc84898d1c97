/**
 * What the Flagged Questions page shows, as pure functions over the device's flags and bank:
 * which empty message, the subject and topic choices, the detail view's address and the
 * questions a new test is built from. Filtering and paging themselves are the shared rule
 * (sync-protocol/rules/flagged.ts), so the device lists exactly what the server would.
 */
import {
  type FlaggedFilter,
  flaggedListShown,
  matchesFlaggedFilter,
  NO_FLAGGED_FILTER,
  normalizeContains,
  topicOfCode,
} from "@preflight/sync-protocol/rules/flagged-list";
import { PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-messages";
import type { LocalQuestion } from "../../local/store/db.ts";

export const FLAGGED_MESSAGES = {
  noneFlagged: "You haven't flagged any questions yet",
  noMatch: "No questions match your filters",
  selectSubject: "You must select a subject to view flagged questions",
  recentEmpty: "Your flagged questions will appear here.",
  startFailed: PRACTICE_MESSAGES.startFailed,
} as const;

/** The title of a test built from flagged questions. */
export const FLAGGED_TEST_TITLE = "Flagged questions";

/** A flagged question on the device, with when it was flagged. */
export interface FlaggedEntry {
  question: LocalQuestion;
  flaggedAt: string;
}

/** The filter as typed: Contains keeps the student's own text; the rule sees it lowercased. */
export interface FilterInput {
  subject: string;
  topic: string;
  contains: string;
}

export const EMPTY_FILTER_INPUT: FilterInput = { subject: "", topic: "", contains: "" };

export function toFlaggedFilter(input: FilterInput): FlaggedFilter {
  if (!input.subject) return NO_FLAGGED_FILTER;
  return { subject: input.subject, topic: input.topic || null, contains: normalizeContains(input.contains) };
}

/**
 * Choosing a subject clears the topic (it belongs to the old subject); clearing the subject
 * clears Topic and Contains too, which are disabled until a subject is chosen (spec).
 */
export function withSubject(input: FilterInput, subject: string): FilterInput {
  if (!subject) return EMPTY_FILTER_INPUT;
  return { subject, topic: "", contains: input.contains };
}

/**
 * The filters the page opens with: the subject of the question flagged last, so a student with
 * flags sees them at once (the list is per subject); none when nothing is flagged.
 */
export function openingInput(entries: readonly FlaggedEntry[]): FilterInput {
  const latest = entries[0];
  return latest ? withSubject(EMPTY_FILTER_INPUT, latest.question.subject) : EMPTY_FILTER_INPUT;
}

/** The entries the filter lists; Contains finds the student's note on a question too (`notes`, by id). */
export function filterFlagged(
  entries: readonly FlaggedEntry[],
  filter: FlaggedFilter,
  notes: ReadonlyMap<number, string> = NO_NOTES,
): FlaggedEntry[] {
  return entries.filter((e) => matchesFlaggedFilter(e.question, filter, notes.get(e.question.id)));
}

const NO_NOTES: ReadonlyMap<number, string> = new Map();

/**
 * The empty message, or null when there are cards to show:
 * - nothing flagged on this device at all: 'You haven't flagged any questions yet';
 * - flags, but no subject chosen (the list is per subject): 'You must select a subject to view
 *   flagged questions';
 * - a subject chosen and nothing of it passes the filters: 'No questions match your filters'.
 */
export function flaggedEmptyMessage(flaggedCount: number, filter: FlaggedFilter, matchCount: number): string | null {
  if (flaggedCount === 0) return FLAGGED_MESSAGES.noneFlagged;
  if (!flaggedListShown(filter)) return FLAGGED_MESSAGES.selectSubject;
  if (matchCount === 0) return FLAGGED_MESSAGES.noMatch;
  return null;
}

export interface SubjectChoice {
  code: string;
  title: string;
  flagged: number;
}

/** Every subject of the bank, with how many of its questions are flagged. */
export function subjectChoices(
  subjects: readonly { code: string; title: string }[],
  entries: readonly FlaggedEntry[],
): SubjectChoice[] {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.question.subject, (counts.get(e.question.subject) ?? 0) + 1);
  return subjects.map((s) => ({ code: s.code, title: s.title, flagged: counts.get(s.code) ?? 0 }));
}

export interface TopicChoice {
  id: string;
  title: string;
}

/**
 * The topics of a subject that hold questions of the bank on this device, in syllabus order,
 * titled from the server's list when the device has it, else by their code.
 */
export function topicChoices(
  syllabusCodes: readonly string[],
  titles: readonly { id: string; title: string }[] | undefined,
): TopicChoice[] {
  const known = new Map((titles ?? []).map((t) => [t.id, t.title]));
  return [...new Set(syllabusCodes.map(topicOfCode))].sort().map((id) => ({ id, title: known.get(id) ?? id }));
}

const QUESTION_HASH = /^question-(\d+)$/;

/** The detail view's fragment: #question-{id}. */
export function questionHash(questionId: number): string {
  return `question-${questionId}`;
}

/** The question id of a fragment (with or without its #), or null for the list. */
export function questionIdOfHash(hash: string): number | null {
  const match = QUESTION_HASH.exec(hash.replace(/^#/, ""));
  return match ? Number(match[1]) : null;
}

/**
 * The questions the detail view steps through: the filtered list when it holds the question,
 * else every flagged question when that does (a link from the dashboard), else the question
 * alone (it is no longer flagged, or was opened by its address).
 */
export function detailSequence(questionId: number, filtered: readonly number[], all: readonly number[]): number[] {
  if (filtered.includes(questionId)) return [...filtered];
  if (all.includes(questionId)) return [...all];
  return [questionId];
}

export type IncludeChoice = "all" | "filtered";

/** 'Create test' Include: All flagged questions, or the Filtered questions on the list. */
export function questionsToInclude(
  include: IncludeChoice,
  all: readonly number[],
  filtered: readonly number[],
): number[] {
  return [...(include === "all" ? all : filtered)];
}
