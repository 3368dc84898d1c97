/**
 * Live reads of the device's store for the flagged pages, so they work offline: the student's
 * flags joined with the bank, the bank's subjects, and a subject's topics (their notes: notes.ts).
 */
import { byMostRecentlyFlagged } from "@preflight/sync-protocol/rules/flagged-list";
import { useLiveQuery } from "dexie-react-hooks";
import { getMeta, type UserDb } from "../../local/store/db.ts";
import type { FlaggedEntry, TopicChoice } from "./flagged-model.ts";
import { topicChoices } from "./flagged-model.ts";

/** The flagged questions on this device, most recently flagged first (at most `limit`). */
export async function readFlagged(db: UserDb, limit = Number.POSITIVE_INFINITY): Promise<FlaggedEntry[]> {
  // `flagged` is a boolean, which IndexedDB cannot index: filter instead.
  const flags = (await db.flags.filter((f) => f.flagged).toArray())
    .map((f) => ({ questionId: f.questionId, flaggedAt: f.updatedAt }))
    .sort(byMostRecentlyFlagged);
  const entries: FlaggedEntry[] = [];
  // A flag whose question is not on this device (yet) cannot be shown; read in chunks so a
  // short list (the dashboard's) does not load every flagged question.
  const CHUNK = 50;
  for (let i = 0; i < flags.length && entries.length < limit; i += CHUNK) {
    const slice = flags.slice(i, i + CHUNK);
    const questions = await db.questions.bulkGet(slice.map((f) => f.questionId));
    slice.forEach((f, k) => {
      const question = questions[k];
      if (question && entries.length < limit) entries.push({ question, flaggedAt: f.flaggedAt });
    });
  }
  return entries;
}

export function useFlaggedEntries(db: UserDb, limit?: number): FlaggedEntry[] | undefined {
  return useLiveQuery(() => readFlagged(db, limit), [db, limit]);
}

export function useBankSubjects(db: UserDb): { code: string; title: string }[] | undefined {
  return useLiveQuery(async () => (await getMeta<{ code: string; title: string }[]>(db, "subjects")) ?? [], [db]);
}

/** A subject's topics from the bank on this device, titled from the syllabus headings its content pack brought. */
export function useTopicChoices(db: UserDb, subject: string): TopicChoice[] | undefined {
  return useLiveQuery(async () => {
    if (!subject) return [];
    const [codes, headings] = await Promise.all([
      db.questions
        .where("subject")
        .equals(subject)
        .toArray((qs) => qs.map((q) => q.syllabus_code)),
      db.syllabusNodes.where("subject").equals(subject).toArray(),
    ]);
    return topicChoices(
      codes,
      headings.map((h) => ({ id: h.code, title: h.title })),
    );
  }, [db, subject]);
}
