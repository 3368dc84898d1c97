/**
 * What each pull changed of the student's answers, by question: the review queue's kept schedule
 * (features/review/queries.ts) schedules only those questions again, not every answer.
 *
 * A journal in meta, numbered by pull: the pull step adds an entry in the transaction that
 * writes the records, so the entry and the records land together. Only the latest entries are
 * kept; a schedule kept before the oldest of them is computed again from every answer.
 */
import { getMeta, type UserDb } from "./db.ts";

export const PULLED_ANSWERS_KEY = "pulledAnswers";

/** Entries kept: a device that missed more pulls than this since its queue was read computes it whole. */
const ENTRIES_KEPT = 64;

export interface PulledAnswersJournal {
  /** The latest pull's number (0: none noted yet). */
  seq: number;
  entries: { seq: number; questionIds: number[] }[];
}

const EMPTY: PulledAnswersJournal = { seq: 0, entries: [] };

/** The journal with one more pull's questions noted. */
export function withPull(
  journal: PulledAnswersJournal | undefined,
  questionIds: Iterable<number>,
): PulledAnswersJournal {
  const { seq, entries } = journal ?? EMPTY;
  const next = { seq: seq + 1, questionIds: [...new Set(questionIds)] };
  return { seq: next.seq, entries: [...entries, next].slice(-ENTRIES_KEPT) };
}

/** Notes a pull's questions; call inside the pull's transaction (which must hold `meta`). */
export async function notePulledAnswers(db: UserDb, questionIds: Iterable<number>): Promise<void> {
  const journal = await getMeta<PulledAnswersJournal>(db, PULLED_ANSWERS_KEY);
  await db.meta.put({ key: PULLED_ANSWERS_KEY, value: withPull(journal, questionIds) });
}

/**
 * The questions pulls changed after pull `since`, up to the journal's latest; null when the
 * journal no longer holds every one of those pulls.
 */
export function pulledSince(journal: PulledAnswersJournal | undefined, since: number): number[] | null {
  const { seq, entries } = journal ?? EMPTY;
  if (since === seq) return [];
  const after = entries.filter((entry) => entry.seq > since);
  if (since > seq || after.length !== seq - since) return null;
  return [...new Set(after.flatMap((entry) => entry.questionIds))];
}
