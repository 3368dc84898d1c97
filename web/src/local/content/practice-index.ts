/**
 * The practice builder's index of the bank (sync-protocol rules/practice-filter.ts,
 * `indexPracticeBank`), built once when the bank is installed or updated and kept on the device
 * with the bank it was built for, so opening the builder loads it instead of reading and
 * indexing every question again (seconds on a 30,000-question bank).
 *
 * Stored compact: ids and the newest-first order as typed arrays, subjects, heading codes and
 * dates as a list of distinct values with a code per question, the texts and references joined
 * into one string each (one string is far quicker for the browser to store and read back than
 * 30,000). The student's own facts (answers, flags…) are not part of it: they change with every
 * test and are added when the builder opens (`withHistory`, cheap).
 *
 * The bank it was built for is named by `bankKey`: the installed packs (subject, version, hash),
 * the legacy bank version and the question count. When the key no longer matches (a content
 * update, an older device that never built one), the builder builds it again and stores it.
 *
 * Beside it, in a row of its own, a summary (questions per subject and in all): small enough to
 * read at once, so the builder lists the subjects and shows its first count (a subject with no
 * other filter) before the whole index is read and unpacked.
 */
// practice-bank, not practice-filter: the worker that builds the index then brings no schemas.
import {
  indexPracticeBank,
  type PracticeBankIndex,
  type PracticeBankQuestion,
} from "@preflight/sync-protocol/rules/practice-bank";
import { getMeta, USER_DB_PREFIX, type UserDb } from "../store/db.ts";
import { BANK_CODES_KEY, bankCodesRow, isUsableBankCodes } from "./bank-codes-index.ts";
import {
  encodeObjectivesIndex,
  isUsableObjectivesIndex,
  OBJECTIVES_INDEX_KEY,
  type ObjectivesIndexQuestion,
  objectivesIndexRows,
} from "./objectives-index.ts";
import type { IndexReply, IndexRequest } from "./practice-index.worker.ts";
import type { BankIndexRow } from "./tables.ts";

export const PRACTICE_INDEX_KEY = "practice";
export const PRACTICE_SUMMARY_KEY = "practice-summary";
/** Joins the texts and references: a character stripped question text never holds. */
const SEPARATOR = "\u0000";
/** Questions read at a time while building. */
const READ_SLICE = 2000;
/** Bumped when the stored shape changes: an index in another shape is built again. */
const FORMAT = 1;

export interface StoredPracticeIndex {
  format: number;
  ids: Int32Array;
  subjects: string[];
  subjectOf: Uint32Array;
  codes: string[];
  codeOf: Uint32Array;
  dates: string[];
  dateOf: Uint32Array;
  text: string;
  reference: string;
  newestFirst: Int32Array;
}

/** Questions per subject of the bank and in all, as stored (`PRACTICE_SUMMARY_KEY`). */
export interface StoredPracticeSummary {
  format: number;
  total: number;
  subjects: [string, number][];
}

export interface PracticeSummary {
  total: number;
  /** Questions per subject code. */
  subjects: Map<string, number>;
}

/**
 * The bank on the device as the index names it: changes whenever its questions may have. The
 * questions are counted on the subject index (every question has a subject): counting the
 * table itself walks every stored question, which takes a large part of the builder's opening
 * on a big bank.
 */
export async function currentBankKey(db: UserDb): Promise<string> {
  const [packs, bankVersion, count] = await Promise.all([
    db.installedPacks.toArray(),
    getMeta<string>(db, "bankVersion"),
    db.questions.orderBy("subject").count(),
  ]);
  const parts = packs.map((p) => `${p.subject}@${p.version}:${p.sha256}`).sort();
  return `${parts.join(",")}|${bankVersion ?? ""}|${count}`;
}

function dictionary(values: readonly string[]): { list: string[]; codes: Uint32Array } {
  const position = new Map<string, number>();
  const list: string[] = [];
  const codes = new Uint32Array(values.length);
  values.forEach((value, i) => {
    let at = position.get(value);
    if (at === undefined) {
      at = list.length;
      position.set(value, at);
      list.push(value);
    }
    codes[i] = at;
  });
  return { list, codes };
}

export function encodePracticeIndex(index: PracticeBankIndex): StoredPracticeIndex {
  const subjects = dictionary(index.subject);
  const codes = dictionary(index.code);
  const dates = dictionary(index.added);
  return {
    format: FORMAT,
    ids: Int32Array.from(index.ids),
    subjects: subjects.list,
    subjectOf: subjects.codes,
    codes: codes.list,
    codeOf: codes.codes,
    dates: dates.list,
    dateOf: dates.codes,
    text: index.text.join(SEPARATOR),
    reference: index.reference.join(SEPARATOR),
    newestFirst: index.newestFirst,
  };
}

export function decodePracticeIndex(stored: StoredPracticeIndex): PracticeBankIndex {
  const n = stored.ids.length;
  const ids = Array.from(stored.ids);
  const positionOf = new Map<number, number>();
  const subject = new Array<string>(n);
  const code = new Array<string>(n);
  const added = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    positionOf.set(ids[i] as number, i);
    subject[i] = stored.subjects[stored.subjectOf[i] as number] as string;
    code[i] = stored.codes[stored.codeOf[i] as number] as string;
    added[i] = stored.dates[stored.dateOf[i] as number] as string;
  }
  const split = (joined: string) => (n === 0 ? [] : joined.split(SEPARATOR));
  return {
    ids,
    positionOf,
    subject,
    code,
    text: split(stored.text),
    reference: split(stored.reference),
    added,
    newestFirst: stored.newestFirst,
  };
}

export function summarizePracticeIndex(index: Pick<PracticeBankIndex, "subject">): StoredPracticeSummary {
  const subjects = new Map<string, number>();
  for (const subject of index.subject) subjects.set(subject, (subjects.get(subject) ?? 0) + 1);
  return { format: FORMAT, total: index.subject.length, subjects: [...subjects] };
}

function isUsable(row: BankIndexRow | undefined, bankKey: string): row is BankIndexRow {
  const value = row?.value as Partial<StoredPracticeIndex> | undefined;
  return row?.bankKey === bankKey && value?.format === FORMAT;
}

/**
 * Builds the index from the questions on the device and stores it with the bank it was built
 * for. The read, the build and the write are one snapshot of the bank: an update applied in
 * between changes the key, so the next open builds again. The same read builds the index of the
 * questions' learning objectives (objectives-index.ts) and the questions' codes for the graphs
 * (bank-codes-index.ts): one pass over the bank for all three.
 */
export async function buildPracticeIndex(db: UserDb): Promise<PracticeBankIndex> {
  const { bankKey, questions, objectives } = await db.transaction(
    "r",
    [db.installedPacks, db.meta, db.questions],
    async () => {
      // Read in slices, keeping only what the filter reads: the whole bank's answers and
      // explanations never sit in memory at once.
      const questions: PracticeBankQuestion[] = [];
      const objectives: ObjectivesIndexQuestion[] = [];
      for (let last = -Infinity; ; ) {
        const slice = await db.questions.where(":id").above(last).limit(READ_SLICE).toArray();
        for (const q of slice)
          questions.push({
            id: q.id,
            subject: q.subject,
            syllabus_code: q.syllabus_code,
            question: q.question,
            reference: q.reference,
            added: q.added,
          });
        for (const q of slice)
          objectives.push({ id: q.id, subject: q.subject, learning_objectives: q.learning_objectives });
        if (slice.length < READ_SLICE) break;
        last = (slice.at(-1) as { id: number }).id;
      }
      return { bankKey: await currentBankKey(db), questions, objectives };
    },
  );
  const index = indexPracticeBank(questions);
  await db.bankIndexes.bulkPut([
    { key: PRACTICE_INDEX_KEY, bankKey, value: encodePracticeIndex(index) },
    { key: PRACTICE_SUMMARY_KEY, bankKey, value: summarizePracticeIndex(index) },
    ...objectivesIndexRows(bankKey, encodeObjectivesIndex(objectives)),
    bankCodesRow(bankKey, questions),
  ]);
  return index;
}

/**
 * The stored index when it was built for the bank on the device, else null, with the bank's key
 * (nothing read of the questions themselves: cheap).
 */
export async function readPracticeIndex(db: UserDb): Promise<{ bankKey: string; index: PracticeBankIndex | null }> {
  const [bankKey, row] = await Promise.all([currentBankKey(db), db.bankIndexes.get(PRACTICE_INDEX_KEY)]);
  if (!isUsable(row, bankKey)) return { bankKey, index: null };
  // Unpacked in a task of its own: a tap that arrived while the row was read is handled first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { bankKey, index: decodePracticeIndex(row.value as StoredPracticeIndex) };
}

/**
 * The stored summary when it was built for the bank on the device, else null (an index kept by
 * an older version of the app has none: `keepPracticeSummary` adds it once the index is read).
 */
export async function readPracticeSummary(db: UserDb): Promise<PracticeSummary | null> {
  // One transaction for the key's reads and the row, not one per read.
  const [bankKey, row] = await db.transaction("r", summaryTables(db), () =>
    Promise.all([currentBankKey(db), db.bankIndexes.get(PRACTICE_SUMMARY_KEY)]),
  );
  if (!isUsable(row, bankKey)) return null;
  const value = row.value as StoredPracticeSummary;
  return { total: value.total, subjects: new Map(value.subjects) };
}

/** The tables `readPracticeSummary` reads: a caller's transaction over more may include it. */
export function summaryTables(db: UserDb) {
  return [db.installedPacks, db.meta, db.questions, db.bankIndexes];
}

/** Stores the summary of an index read for `bankKey` (kept by a version of the app without one). */
export async function keepPracticeSummary(db: UserDb, bankKey: string, index: PracticeBankIndex): Promise<void> {
  await db.bankIndexes.put({ key: PRACTICE_SUMMARY_KEY, bankKey, value: summarizePracticeIndex(index) });
}

/** The stored index, built and stored first when missing or built for another bank. */
export async function loadPracticeIndex(db: UserDb): Promise<PracticeBankIndex> {
  return (await readPracticeIndex(db)).index ?? buildPracticeIndex(db);
}

/**
 * Whether the kept indexes fit the bank on the device, told from their small rows: the builder's
 * index is written with its summary in one transaction, so the summary stands for it here, and
 * the index itself (megabytes on a full bank) is not read on the page's thread to know.
 */
export async function practiceIndexFits(db: UserDb): Promise<boolean> {
  const [bankKey, [summary, objectives, codes]] = await Promise.all([
    currentBankKey(db),
    db.bankIndexes.bulkGet([PRACTICE_SUMMARY_KEY, OBJECTIVES_INDEX_KEY, BANK_CODES_KEY]),
  ]);
  return (
    isUsable(summary, bankKey) && isUsableObjectivesIndex(objectives, bankKey) && isUsableBankCodes(codes, bankKey)
  );
}

/**
 * After an install or update: builds the index (and the others beside it) unless the stored
 * ones, the builder's own included, already fit the bank.
 */
export async function refreshPracticeIndex(db: UserDb): Promise<void> {
  const [bankKey, index] = await Promise.all([currentBankKey(db), db.bankIndexes.get(PRACTICE_INDEX_KEY)]);
  if (isUsable(index, bankKey) && (await practiceIndexFits(db))) return;
  await buildPracticeIndex(db);
}

/**
 * `refreshPracticeIndex` in a worker, so the page (the updater's progress) keeps moving while
 * the bank is read and indexed; in the page itself where workers are not available or the
 * worker fails (e.g. its script is not cached yet offline).
 */
export async function refreshPracticeIndexOffThread(db: UserDb): Promise<void> {
  if (typeof Worker === "undefined") return refreshPracticeIndex(db);
  const worker = new Worker(new URL("./practice-index.worker.ts", import.meta.url), { type: "module" });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<IndexReply>) =>
        event.data.ok ? resolve() : reject(new Error(event.data.message));
      worker.onerror = (event) => reject(new Error(event.message || "The index worker failed to start"));
      worker.postMessage({ userId: db.name.slice(USER_DB_PREFIX.length) } satisfies IndexRequest);
    });
  } catch {
    await refreshPracticeIndex(db);
  } finally {
    worker.terminate();
  }
}
