/**
 * Which learning objectives each question of the bank names, kept on the device (bankIndexes)
 * for the learning-objectives page (sync-protocol rules/objective-coverage.ts): no index of the
 * questions table holds them, and reading a subject's whole questions to find them takes far
 * longer than the page may. Built in the same read of the bank as the practice builder's index
 * (practice-index.ts, `buildPracticeIndex`), when the bank is installed or updated, and named by
 * the same bank key: a device without one builds both again.
 *
 * One row per subject (key "objectives:021"), as the page reads one subject at a time, and a row
 * naming the subjects (key "objectives"), all written together. A subject's row holds, compact,
 * the question ids (Int32Array, id order), and for question i its objectives as positions in the
 * subject's list of objective codes, from `start[i]` to `start[i + 1]` of `objectiveOf`:
 *
 *   { key: "objectives", bankKey, value: { format: 2, subjects: ["010", "021"] } }
 *   { key: "objectives:021", bankKey, value: { format: 2, subject: { ids, codes, start, objectiveOf } } }
 */
import type { CoverageQuestion } from "@preflight/sync-protocol/rules/objective-coverage";
import type { UserDb } from "../store/db.ts";
import type { BankIndexRow } from "./tables.ts";

export const OBJECTIVES_INDEX_KEY = "objectives";
/** The row of one subject's questions. */
export const objectivesSubjectKey = (subject: string) => `${OBJECTIVES_INDEX_KEY}:${subject}`;
/** Bumped when the stored shape changes: an index in another shape is built again (1: one row for the whole bank). */
const FORMAT = 2;

/** What the index reads of a bank question. */
export interface ObjectivesIndexQuestion {
  id: number;
  subject: string;
  learning_objectives: readonly string[];
}

export interface StoredSubject {
  ids: Int32Array;
  codes: string[];
  start: Uint32Array;
  objectiveOf: Uint32Array;
}

export interface StoredObjectivesIndex {
  format: number;
  subjects: Record<string, StoredSubject>;
}

/** The row naming the subjects (`OBJECTIVES_INDEX_KEY`). */
interface StoredContents {
  format: number;
  subjects: string[];
}

/** The row of a subject (`objectivesSubjectKey`). */
interface StoredSubjectRow {
  format: number;
  subject: StoredSubject;
}

export function encodeObjectivesIndex(questions: readonly ObjectivesIndexQuestion[]): StoredObjectivesIndex {
  const bySubject = new Map<string, ObjectivesIndexQuestion[]>();
  for (const q of questions) {
    const list = bySubject.get(q.subject);
    if (list) list.push(q);
    else bySubject.set(q.subject, [q]);
  }
  const subjects: Record<string, StoredSubject> = {};
  for (const [subject, list] of bySubject) {
    list.sort((a, b) => a.id - b.id);
    const position = new Map<string, number>();
    const codes: string[] = [];
    const start = new Uint32Array(list.length + 1);
    const objectiveOf: number[] = [];
    list.forEach((q, i) => {
      start[i] = objectiveOf.length;
      for (const code of q.learning_objectives) {
        let at = position.get(code);
        if (at === undefined) {
          at = codes.length;
          position.set(code, at);
          codes.push(code);
        }
        objectiveOf.push(at);
      }
    });
    start[list.length] = objectiveOf.length;
    subjects[subject] = {
      ids: Int32Array.from(list, (q) => q.id),
      codes,
      start,
      objectiveOf: Uint32Array.from(objectiveOf),
    };
  }
  return { format: FORMAT, subjects };
}

/** The rows that keep the index for `bankKey`: the one naming the subjects, then one per subject. */
export function objectivesIndexRows(bankKey: string, index: StoredObjectivesIndex): BankIndexRow[] {
  const subjects = Object.keys(index.subjects).sort();
  return [
    { key: OBJECTIVES_INDEX_KEY, bankKey, value: { format: FORMAT, subjects } satisfies StoredContents },
    ...subjects.map((subject) => ({
      key: objectivesSubjectKey(subject),
      bankKey,
      value: { format: FORMAT, subject: index.subjects[subject] as StoredSubject } satisfies StoredSubjectRow,
    })),
  ];
}

/** A subject's questions with their objectives, in id order. */
export function subjectQuestions(stored: StoredSubject): CoverageQuestion[] {
  return Array.from(stored.ids, (id, i) => ({ id, objectives: objectivesAt(stored, i) }));
}

/** The objectives of the subject's question at position i. */
function objectivesAt(stored: StoredSubject, i: number): string[] {
  const out: string[] = [];
  for (let k = stored.start[i] as number; k < (stored.start[i + 1] as number); k++)
    out.push(stored.codes[stored.objectiveOf[k] as number] as string);
  return out;
}

export function isUsableObjectivesIndex(row: BankIndexRow | undefined, bankKey: string): row is BankIndexRow {
  return row?.bankKey === bankKey && (row.value as Partial<StoredObjectivesIndex> | undefined)?.format === FORMAT;
}

/** Where question `id` is among the subject's questions (sorted ids), or -1. */
function positionOf(stored: StoredSubject, id: number): number {
  const { ids } = stored;
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = ids[middle] as number;
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Whether the subject's questions hold `id`. */
export function holdsQuestion(stored: StoredSubject, id: number): boolean {
  return positionOf(stored, id) >= 0;
}

/** The objectives question `id` of the subject names (none for a question not in it). */
export function questionObjectives(stored: StoredSubject, id: number): string[] {
  const i = positionOf(stored, id);
  return i < 0 ? [] : objectivesAt(stored, i);
}

/** What the index keeps of one subject: the subjects it holds and the subject's questions (null: none in the bank). */
export interface SubjectObjectives {
  subjects: string[];
  subject: StoredSubject | null;
}

/**
 * The two rows that keep a subject (the one naming the subjects, the subject's), read at once
 * without the bank's key, so a caller reads them beside it (in its transaction over bankIndexes):
 * `usableSubjectObjectives` then checks them against the key.
 */
export function readSubjectObjectivesRows(db: UserDb, subject: string): Promise<(BankIndexRow | undefined)[]> {
  return db.bankIndexes.bulkGet([OBJECTIVES_INDEX_KEY, objectivesSubjectKey(subject)]);
}

/** The subject as the rows keep it, when kept for `bankKey`, else null. */
export function usableSubjectObjectives(
  [contents, row]: (BankIndexRow | undefined)[],
  bankKey: string,
  subject: string,
): SubjectObjectives | null {
  if (!isUsableObjectivesIndex(contents, bankKey)) return null;
  const { subjects } = contents.value as StoredContents;
  if (!subjects.includes(subject)) return { subjects, subject: null };
  // Written with the row naming it: missing, or of another bank, only when the bank changed since.
  if (row?.bankKey !== bankKey || (row.value as Partial<StoredSubjectRow>).format !== FORMAT) return null;
  return { subjects, subject: (row.value as StoredSubjectRow).subject };
}

/** The whole kept index when it was built for `bankKey`, else null. */
export async function readObjectivesIndex(db: UserDb, bankKey: string): Promise<StoredObjectivesIndex | null> {
  const contents = await db.bankIndexes.get(OBJECTIVES_INDEX_KEY);
  if (!isUsableObjectivesIndex(contents, bankKey)) return null;
  const { subjects } = contents.value as StoredContents;
  const rows = await db.bankIndexes.bulkGet(subjects.map(objectivesSubjectKey));
  const out: StoredObjectivesIndex = { format: FORMAT, subjects: {} };
  for (const [i, row] of rows.entries()) {
    if (row?.bankKey !== bankKey || (row.value as Partial<StoredSubjectRow>).format !== FORMAT) return null;
    out.subjects[subjects[i] as string] = (row.value as StoredSubjectRow).subject;
  }
  return out;
}
