/**
 * The student's notes on the flagged questions, read apart from the flagged entries (queries.ts):
 * the dashboard's short list of flagged questions needs none, so it does not load them.
 */
import { useLiveQuery } from "dexie-react-hooks";
import type { UserDb } from "../../local/store/db.ts";
import type { FlaggedEntry } from "./flagged-model.ts";

/** The notes that say something of some questions, by question id. */
export async function notesOf(db: UserDb, questionIds: readonly number[]): Promise<Map<number, string>> {
  const notes = await db.notes.bulkGet([...questionIds]);
  const out = new Map<number, string>();
  for (const note of notes) if (note && note.text !== "") out.set(note.questionId, note.text);
  return out;
}

/**
 * The student's notes on the flagged questions, by question id (the list shows them and Contains
 * finds them). Read apart from the entries: the dashboard's short list needs none.
 */
export function useFlaggedNotes(
  db: UserDb,
  entries: readonly FlaggedEntry[] | undefined,
): Map<number, string> | undefined {
  const ids = entries?.map((e) => e.question.id).join(",");
  return useLiveQuery(
    async () => (ids === undefined ? undefined : notesOf(db, ids === "" ? [] : ids.split(",").map(Number))),
    [db, ids],
  );
}
