/**
 * A subject's learning-objective coverage on the device (sync-protocol rules/objective-coverage.ts),
 * offline: the syllabus headings and objectives of the subject's content pack, the questions of
 * the bank with the objectives they name (the kept objectives index, content/objectives-index.ts),
 * and the student's answers as the analysis graphs count them (`answerHistory` over the records
 * analysis-input.ts reads). The student's course is their syllabus's licence (meta "syllabus").
 *
 * Reading every answer is most of the cost (20,000 of them take longer than the page may), and
 * the rule needs only each question's latest counted answer. So, as the review queue keeps its
 * schedule, the device keeps per subject (meta `keptCoverageKey(subject)`) that history (the
 * subject's answered question ids, with the time and rightness of each one's latest counted
 * answer) with what it was computed from, and the tree last drawn from it:
 *
 *   { key: "objectiveCoverage:021",
 *     value: { inputs: { bankKey, pulled, records: 0, answers: 20000, latestSaved, tests: 1000, resets: 0, hideFixedResults: false },
 *              history: { ids: Int32Array, at: Float64Array, correct: Uint8Array },
 *              drawn: { course: "ATPL(A)", title: "Airframe…", tree: CoverageNode } } }
 *
 * One read in one transaction tells whether it still holds: the bank's key, the counts and
 * cursors the inputs name, the subject's row of the index and the kept row. While the inputs are
 * unchanged (and the course and title), the kept tree is the answer: nothing else is read. After
 * answers saved on this device only (nothing pulled, the same bank, no test, reset or setting
 * changed), the subject's new answers are laid over its history (an answer saved now is later
 * than any kept) and their questions counted again at the nodes of the kept tree they reach
 * (drawn again if it was drawn for another course). Anything else computes every subject's
 * history again from every answer (the cost is reading them, the same for one subject or all)
 * and keeps each.
 */
import { answerHistory, latestResets, sinceReset, visibleTests } from "@preflight/sync-protocol/rules/analysis";
import {
  type CoverageNode,
  type CoverageQuestion,
  objectiveCoverage,
  recountCoverage,
} from "@preflight/sync-protocol/rules/objective-coverage";
import { monotonicNow } from "../../platform.ts";
import {
  holdsQuestion,
  questionObjectives,
  readObjectivesIndex,
  readSubjectObjectivesRows,
  type StoredObjectivesIndex,
  type StoredSubject,
  subjectQuestions,
  usableSubjectObjectives,
} from "../content/objectives-index.ts";
import { currentBankKey } from "../content/practice-index.ts";
import { HIDE_FIXED_RESULTS_META } from "../pull/keys.ts";
import { cursorKey } from "../pull/steps/cursor.ts";
import { readAnalysisRecords } from "./analysis-input.ts";
import { getMeta, type UserDb } from "./db.ts";

/** The User Timing entry each read leaves, its detail the subject (read by `npm run bench -- objectives`). */
export const OBJECTIVES_COVERAGE_MEASURE = "preflight:objectives-coverage";
/** Where a subject's history and tree are kept (meta). */
export const keptCoverageKey = (subject: string) => `objectiveCoverage:${subject}`;
/** Where an older version of the app kept every subject's history in one row: removed once computed again. */
const LEGACY_HISTORY_KEY = "objectiveHistory";

export type ObjectiveCoverageRead =
  /** The device keeps no objectives index for this bank yet: build it (`refreshPracticeIndexOffThread`), then read again. */
  | { state: "no-index"; bankKey: string }
  /** The bank on the device has no such subject. */
  | { state: "no-subject"; subjects: BankSubject[] }
  | {
      state: "ready";
      subjects: BankSubject[];
      tree: CoverageNode;
      /** The subject's questions with their objectives, for a practice test from a node (unpacked when asked). */
      questions: () => CoverageQuestion[];
    };

export interface BankSubject {
  code: string;
  title: string;
}

/** What the kept history was computed from, told apart cheaply. */
interface HistoryInputs {
  bankKey: string;
  /** The user step's cursor: moves with every pull that brought the student's records. */
  pulled: string;
  records: number;
  answers: number;
  latestSaved: string;
  tests: number;
  resets: number;
  hideFixedResults: boolean;
}

/** A subject's history, packed: its answered questions in id order. */
interface PackedHistory {
  ids: Int32Array;
  /** The latest counted answer's device time (ms). */
  at: Float64Array;
  correct: Uint8Array;
}

interface KeptCoverage {
  inputs: HistoryInputs;
  history: PackedHistory;
  /** The tree drawn from the history, for a course and a title; null until the subject is opened. */
  drawn: { course: string | null; title: string; tree: CoverageNode } | null;
}

/** A question's latest counted answer: its device time (ms) and rightness. */
type Latest = { at: number; correct: boolean };
type History = Map<number, Latest>;

/** The tables the first read covers: the bank's key, the inputs, the index and the kept row. */
const firstReadTables = (db: UserDb) => [
  db.installedPacks,
  db.meta,
  db.questions,
  db.answerRecords,
  db.answers,
  db.userTests,
  db.progressResets,
  db.bankIndexes,
];

async function historyInputs(db: UserDb): Promise<Omit<HistoryInputs, "bankKey">> {
  const [pulled, records, answers, latest, tests, resets, hide] = await Promise.all([
    getMeta<string>(db, cursorKey("user")),
    db.answerRecords.count(),
    db.answers.count(),
    db.answers.orderBy("savedAt").last(),
    db.userTests.count(),
    db.progressResets.count(),
    getMeta<boolean>(db, HIDE_FIXED_RESULTS_META),
  ]);
  return {
    pulled: pulled ?? "",
    records,
    answers,
    latestSaved: latest?.savedAt ?? "",
    tests,
    resets,
    hideFixedResults: hide === true,
  };
}

const sameExceptOwnAnswers = (a: HistoryInputs, b: HistoryInputs) =>
  a.bankKey === b.bankKey &&
  a.pulled === b.pulled &&
  a.records === b.records &&
  a.tests === b.tests &&
  a.resets === b.resets &&
  a.hideFixedResults === b.hideFixedResults;
const sameInputs = (a: HistoryInputs, b: HistoryInputs) =>
  sameExceptOwnAnswers(a, b) && a.answers === b.answers && a.latestSaved === b.latestSaved;

function unpack(kept: PackedHistory): History {
  const out: History = new Map();
  for (let i = 0; i < kept.ids.length; i++)
    out.set(kept.ids[i] as number, { at: kept.at[i] as number, correct: kept.correct[i] === 1 });
  return out;
}

/** The history of the subject's questions, in their (id) order. */
function pack(stored: StoredSubject, history: History): PackedHistory {
  const ids: number[] = [];
  const at: number[] = [];
  const correct: number[] = [];
  for (const id of stored.ids) {
    const latest = history.get(id);
    if (!latest) continue;
    ids.push(id);
    at.push(latest.at);
    correct.push(latest.correct ? 1 : 0);
  }
  return { ids: Int32Array.from(ids), at: Float64Array.from(at), correct: Uint8Array.from(correct) };
}

/**
 * Every answer read and counted (rules/analysis.ts `answerHistory`), subjects from the index;
 * each subject's history packed. A bank changed since the first read (its index gone) leaves the
 * subject's own questions, all this read needs.
 */
async function computeHistories(
  db: UserDb,
  bankKey: string,
  subject: string,
  stored: StoredSubject,
): Promise<Map<string, PackedHistory>> {
  const [records, kept] = await Promise.all([readAnalysisRecords(db), readObjectivesIndex(db, bankKey)]);
  const index: StoredObjectivesIndex = kept ?? { format: 0, subjects: { [subject]: stored } };
  const bank = Object.entries(index.subjects).flatMap(([code, questions]) =>
    Array.from(questions.ids, (id) => ({ id, subject: code, syllabus_code: code })),
  );
  const all: History = new Map();
  for (const [id, latest] of answerHistory({ ...records, bank, subjects: [] }))
    all.set(id, { at: Date.parse(latest.createdAt), correct: latest.correct });
  return new Map(Object.entries(index.subjects).map(([code, questions]) => [code, pack(questions, all)]));
}

/**
 * The subject's kept history with its answers saved on this device since laid over it, and what
 * the questions it changed held before; null when more than that changed (or an answer went
 * away), read before anything else is.
 */
async function withOwnAnswers(
  db: UserDb,
  kept: KeptCoverage,
  inputs: HistoryInputs,
  subject: string,
  stored: StoredSubject,
): Promise<{ history: History; before: Map<number, Latest | undefined> } | null> {
  if (!sameExceptOwnAnswers(kept.inputs, inputs) || inputs.answers < kept.inputs.answers) return null;
  const saved = (await db.answers.where("savedAt").above(kept.inputs.latestSaved).toArray()).filter((a) =>
    holdsQuestion(stored, a.questionId),
  );
  const [tests, resets] = await Promise.all([
    db.userTests.bulkGet([...new Set(saved.map((a) => a.testId))]),
    db.progressResets.where("subject").equals(subject).toArray(),
  ]);
  const visible = visibleTests({
    bank: [],
    subjects: [],
    answers: [],
    resets: [],
    hideFixedResults: inputs.hideFixedResults,
    tests: tests.flatMap((t) => (t ? [{ ...t, finished: t.finished !== null }] : [])),
  });
  const latestReset = latestResets(resets.map((r) => ({ subject: r.subject, reset_at: r.resetAt })));
  const history = unpack(kept.history);
  const before = new Map<number, Latest | undefined>();
  for (const a of saved) {
    if (a.correct === null || !visible.has(a.testId)) continue;
    if (!sinceReset(latestReset, subject, a.savedAt)) continue;
    const at = Date.parse(a.savedAt);
    const held = history.get(a.questionId);
    if (held && at <= held.at) continue;
    if (!before.has(a.questionId)) before.set(a.questionId, held);
    history.set(a.questionId, { at, correct: a.correct });
  }
  return { history, before };
}

/** What the first read found of the subject, for drawing its tree again. */
interface Drawing {
  subject: string;
  title: string;
  course: string | null;
  stored: StoredSubject;
  questions: () => CoverageQuestion[];
  inputs: HistoryInputs;
  kept: KeptCoverage | undefined;
}

/**
 * The subject's history: kept while its inputs are unchanged, laid over with the device's own new
 * answers, or computed again (with every other subject's: `computed`).
 */
async function readHistory(
  db: UserDb,
  { subject, stored, inputs, kept }: Drawing,
): Promise<{ history: History; computed: Map<string, PackedHistory> | null }> {
  if (kept && sameInputs(kept.inputs, inputs)) return { history: unpack(kept.history), computed: null };
  const laid = kept && (await withOwnAnswers(db, kept, inputs, subject, stored));
  if (laid) return { history: laid.history, computed: null };
  const computed = await computeHistories(db, inputs.bankKey, subject, stored);
  return { history: unpack(computed.get(subject) ?? pack(stored, new Map())), computed };
}

/**
 * The tree drawn again from the subject's history (`readHistory`), and kept with it; every other
 * subject's history too when it was computed again.
 */
async function drawCoverage(db: UserDb, drawing: Drawing): Promise<CoverageNode> {
  const { subject, title, course, stored, questions, inputs } = drawing;
  const [{ history, computed }, headings, objectives] = await Promise.all([
    readHistory(db, drawing),
    db.syllabusNodes.where("subject").equals(subject).toArray(),
    db.learningObjectives.get(subject),
  ]);
  const tree = objectiveCoverage({
    subject: { code: subject, title },
    headings,
    objectives: objectives?.objectives ?? [],
    questions: questions(),
    history,
    course,
  });
  const rows: KeptRow[] = [];
  for (const [code, packed] of computed ?? [])
    if (code !== subject) rows.push({ key: keptCoverageKey(code), value: { inputs, history: packed, drawn: null } });
  rows.push({
    key: keptCoverageKey(subject),
    value: { inputs, history: pack(stored, history), drawn: { course, title, tree } },
  });
  keep(db, rows, computed !== null);
  return tree;
}

/**
 * The kept tree with the subject's answers saved on this device since counted again at the nodes
 * their questions reach (rules/objective-coverage.ts `recountCoverage`: the figures drawing it
 * again gives, without reading the syllabus), when those answers are all that changed and the
 * tree was drawn for the same course and title; else null.
 */
async function recount(db: UserDb, drawing: Drawing): Promise<CoverageNode | null> {
  const { subject, title, course, stored, inputs, kept } = drawing;
  const drawn = kept?.drawn;
  if (!kept || !drawn || drawn.course !== course || drawn.title !== title) return null;
  const laid = await withOwnAnswers(db, kept, inputs, subject, stored);
  if (!laid) return null;
  const changes = [...laid.before].map(([id, before]) => ({
    objectives: questionObjectives(stored, id),
    before,
    after: laid.history.get(id),
  }));
  const tree = recountCoverage(drawn.tree, changes);
  const value = { inputs, history: pack(stored, laid.history), drawn: { course, title, tree } };
  keep(db, [{ key: keptCoverageKey(subject), value }], false);
  return tree;
}

type KeptRow = { key: string; value: KeptCoverage };

/** Keeps the rows once the caller's read is over: a live query may not write (its writes are refused). */
function keep(db: UserDb, rows: KeptRow[], computedAgain: boolean): void {
  setTimeout(() => {
    void db
      .transaction("rw", db.meta, async () => {
        await db.meta.bulkPut(rows);
        if (computedAgain) await db.meta.delete(LEGACY_HISTORY_KEY);
      })
      .catch(() => undefined);
  }, 0);
}

export async function readObjectiveCoverage(db: UserDb, subject: string): Promise<ObjectiveCoverageRead> {
  const started = monotonicNow();
  // One transaction, every read issued at once: a busy page answers each of its turns late.
  const [bankKey, rows, subjects, syllabus, facts, kept] = await db.transaction("r", firstReadTables(db), () =>
    Promise.all([
      currentBankKey(db),
      readSubjectObjectivesRows(db, subject),
      getMeta<BankSubject[]>(db, "subjects"),
      getMeta<{ licence?: string }>(db, "syllabus"),
      historyInputs(db),
      getMeta<KeptCoverage>(db, keptCoverageKey(subject)),
    ]),
  );
  const index = usableSubjectObjectives(rows, bankKey, subject);
  if (!index) return { state: "no-index", bankKey };
  const inBank = (subjects ?? []).filter((s) => index.subjects.includes(s.code));
  const title = inBank.find((s) => s.code === subject)?.title;
  if (title === undefined || index.subject === null) return { state: "no-subject", subjects: inBank };

  const stored = index.subject;
  let unpacked: CoverageQuestion[] | undefined;
  const questions = () => {
    unpacked ??= subjectQuestions(stored);
    return unpacked;
  };
  const inputs: HistoryInputs = { bankKey, ...facts };
  const course = syllabus?.licence ?? null;
  const drawn = kept?.drawn;
  const drawing: Drawing = { subject, title, course, stored, questions, inputs, kept };
  const tree =
    kept && drawn && sameInputs(kept.inputs, inputs) && drawn.course === course && drawn.title === title
      ? drawn.tree
      : ((await recount(db, drawing)) ?? (await drawCoverage(db, drawing)));
  performance.measure(OBJECTIVES_COVERAGE_MEASURE, { start: started, detail: { subject } });
  return { state: "ready", subjects: inBank, tree, questions };
}
