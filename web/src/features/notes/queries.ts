/** Live reads of the device's store for the My notes page, so it works offline. */
import { useLiveQuery } from "dexie-react-hooks";
import { getMeta, type LocalNote, type LocalQuestion, type UserDb } from "../../local/store/db.ts";

/** A note that says something, with its question when the device holds it. */
export interface NotedQuestion {
  note: LocalNote;
  /** Undefined when the question is not in the bank on this device. */
  question: LocalQuestion | undefined;
}

/** Every note that says something, most recently written first, with its question. */
export async function readNotedQuestions(db: UserDb): Promise<NotedQuestion[]> {
  // A few hundred at most: sorted here rather than by an index the first page would declare.
  const notes = (await db.notes.toArray())
    .filter((n) => n.text !== "")
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.questionId - b.questionId));
  const questions = await db.questions.bulkGet(notes.map((n) => n.questionId));
  return notes.map((note, i) => ({ note, question: questions[i] }));
}

export function useNotedQuestions(db: UserDb): NotedQuestion[] | undefined {
  return useLiveQuery(() => readNotedQuestions(db), [db]);
}

export function useBankSubjects(db: UserDb): { code: string; title: string }[] | undefined {
  return useLiveQuery(async () => (await getMeta<{ code: string; title: string }[]>(db, "subjects")) ?? [], [db]);
}
