/**
 * What the My notes page shows, as pure functions over the device's notes and bank: which notes
 * a search and a subject keep (the search itself is sync-protocol's `notedQuestionMatches`), the
 * subject choices with their counts, the empty message, and how much of the list is shown.
 */
import { normalizeNoteSearch, notedQuestionMatches } from "@preflight/sync-protocol/rules/notes";
import type { NotedQuestion } from "./queries.ts";

export const NOTES_WORDS = {
  title: "My notes",
  noneYet: "You haven't written any notes yet",
  noneYetHint:
    "Write a note on any question in the side panel while you take a test, when you review your results, or on a flagged question. Your notes are kept on this device and synced to your account.",
  noMatch: "No notes match your search",
  search: "Search my notes",
  searchPlaceholder: "Words in a note, a question or a reference",
  subject: "Subject",
  allSubjects: "All subjects",
  notOnDevice: (id: number) => `Question ${id} is not on this device`,
  edit: "Edit note",
  done: "Done",
  showMore: "Show more",
} as const;

/** How many notes the list shows at first, and how many more each 'Show more' adds. */
export const NOTES_PAGE_SIZE = 20;

export interface NotesFilter {
  search: string;
  /** A subject code, or "" for every subject. */
  subject: string;
}

export const NO_NOTES_FILTER: NotesFilter = { search: "", subject: "" };

export function filterNotes(notes: readonly NotedQuestion[], filter: NotesFilter): NotedQuestion[] {
  const search = normalizeNoteSearch(filter.search);
  return notes.filter(
    ({ note, question }) =>
      (filter.subject === "" || question?.subject === filter.subject) &&
      notedQuestionMatches(note.text, question, search),
  );
}

export interface NotesSubjectChoice {
  code: string;
  title: string;
  notes: number;
}

/** The subjects that hold a noted question on this device, in code order, with how many. */
export function notesSubjectChoices(
  subjects: readonly { code: string; title: string }[],
  notes: readonly NotedQuestion[],
): NotesSubjectChoice[] {
  const counts = new Map<string, number>();
  for (const { question } of notes) if (question) counts.set(question.subject, (counts.get(question.subject) ?? 0) + 1);
  const titles = new Map(subjects.map((s) => [s.code, s.title]));
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => ({ code, title: titles.get(code) ?? code, notes: n }));
}

/** The empty message, or null when there are notes to show. */
export function notesEmptyMessage(total: number, matching: number): string | null {
  if (total === 0) return NOTES_WORDS.noneYet;
  if (matching === 0) return NOTES_WORDS.noMatch;
  return null;
}

/** "1 note", "3 notes"; with a filter, of how many. */
export function notesCountText(matching: number, total: number): string {
  const noun = (n: number) => (n === 1 ? "note" : "notes");
  return matching === total ? `${total} ${noun(total)}` : `${matching} of ${total} ${noun(total)}`;
}
