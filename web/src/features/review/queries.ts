/**
 * The review queue on the device (issue 19), offline: the schedule of rules/review-schedule.ts
 * over every answer the device holds, the pulled records of all the student's devices and this
 * device's own answers not sent or pulled back yet, and the student's marks for review (the
 * device's own and those pulled, one record per question). One answer held both ways is one test
 * question's latest answer, so it is counted once. A subject's answers before its latest progress
 * reset are left out (the device's resets, its own and those pulled).
 */

import type { ProgressResetFact } from "@preflight/sync-protocol/rules/analysis";
import {
  endOfDay,
  inDueOrder,
  type ReviewAnswer,
  type ReviewMark,
  reviewParameters,
  reviewSchedule,
  sinceResets,
} from "@preflight/sync-protocol/rules/review-schedule";
import type { ReviewWeights } from "@preflight/sync-protocol/schemas/pull";
import { useLiveQuery } from "dexie-react-hooks";
import { REVIEW_WEIGHTS_KEY } from "../../local/pull/steps/profile.ts";
import { answerKey, getMeta, type LocalAnswer, type LocalAnswerRecord, type UserDb } from "../../local/store/db.ts";
import { PULLED_ANSWERS_KEY, type PulledAnswersJournal, pulledSince } from "../../local/store/pulled-answers.ts";
import { monotonicNow } from "../../platform.ts";

type FSRSParameters = ReturnType<typeof reviewParameters>;

/** The User Timing entry each read of the queue leaves (read by `npm run bench -- review`). */
export const REVIEW_QUEUE_MEASURE = "preflight:review-queue";

export interface SubjectDue {
  code: string;
  title: string;
  count: number;
}

export interface ReviewQueue {
  /** The questions due by the end of today that are on this device, the longest overdue first. */
  due: number[];
  /** How many of those each subject has, in subject order. */
  bySubject: SubjectDue[];
  /** When the next question falls due after today (null: none scheduled). */
  nextDue: Date | null;
  /** Questions in the schedule at all (of the bank on this device). */
  scheduled: number;
  /** The student's own weights the schedule uses, once fitted (FSRS's defaults until then). */
  ownWeights: { reviews: number; fittedAt: Date } | null;
}

/**
 * Answers as reviews: applied, and graded (the school may withhold grading). The server's records
 * come first; the device's own answers table mirrors them for the tests it shows (with a withheld
 * grade as false), so an own answer counts only where no record of its test question is as
 * recent: one saved here and not pulled back yet.
 */
function asReviews(records: LocalAnswerRecord[], own: LocalAnswer[]): ReviewAnswer[] {
  const answers: ReviewAnswer[] = [];
  const recorded = new Map<string, string>();
  for (const r of records) {
    const key = answerKey(r.testId, r.questionId);
    if ((recorded.get(key) ?? "") < r.createdAt) recorded.set(key, r.createdAt);
    if (r.applied && r.correct !== null)
      answers.push({ questionId: r.questionId, testId: r.testId, answeredAt: r.createdAt, correct: r.correct });
  }
  for (const a of own)
    if (a.correct !== null && (recorded.get(a.key) ?? "") < a.savedAt)
      answers.push({ questionId: a.questionId, testId: a.testId, answeredAt: a.savedAt, correct: a.correct });
  return answers;
}

/** Every answer the device holds, as reviews. */
async function reviewAnswers(db: UserDb): Promise<ReviewAnswer[]> {
  const [records, own] = await Promise.all([db.answerRecords.toArray(), db.answers.toArray()]);
  return asReviews(records, own);
}

/** The questions marked for review now, each with its mark's time, by question: what of the marks the schedule reads. */
type MarkedQuestion = [questionId: number, markedAt: string];

function markedQuestions(marks: readonly ReviewMark[]): MarkedQuestion[] {
  return marks
    .filter((mark) => mark.marked)
    .map((mark): MarkedQuestion => [mark.questionId, mark.updatedAt])
    .sort((a, b) => a[0] - b[0]);
}

const asMarks = (marked: readonly MarkedQuestion[]): ReviewMark[] =>
  marked.map(([questionId, updatedAt]) => ({ questionId, marked: true, updatedAt }));

/**
 * The schedule as last computed (meta REVIEW_KEPT_KEY): each scheduled question of the bank on
 * this device with its due time and subject, in due order, and what it was computed from.
 */
interface KeptSchedule {
  inputs: ScheduleInputs;
  cards: Card[];
}
type Card = [questionId: number, due: number, subject: string];
const REVIEW_KEPT_KEY = "reviewSchedule";

/** The bank's subjects as its download lists them (meta "subjects"). */
type BankSubject = { code: string; title: string };

/**
 * What the schedule is computed from, told apart cheaply: the pulled records (only ever added,
 * each pull numbered in the journal of local/store/pulled-answers.ts), the device's own answers
 * (a new or changed one is saved later than any before it), the marks for review (few: each held
 * one), and the bank.
 */
interface ScheduleInputs {
  records: number;
  /** The latest pull noted in the journal (absent from a schedule kept before the journal was). */
  pulled?: number;
  answers: number;
  latestSaved: string;
  questions: number;
  /** When the student's own weights were fitted ("" for FSRS's defaults). */
  weightsFittedAt: string;
  /** The questions marked for review (absent from a schedule kept before marks were). */
  marked?: MarkedQuestion[];
  /** The progress resets held, one key for all (absent from a schedule kept before resets counted). */
  resets?: string;
}

/** The progress resets the device holds, as the shared rules read them. */
async function progressResets(db: UserDb): Promise<ProgressResetFact[]> {
  return (await db.progressResets.toArray()).map((r) => ({ subject: r.subject, reset_at: r.resetAt }));
}

/** One key for a list of resets: a reset added, or moved by the server, changes it. */
const resetsKey = (resets: readonly ProgressResetFact[]) =>
  resets
    .map((r) => `${r.subject}@${r.reset_at}`)
    .sort()
    .join(",");

async function scheduleInputs(
  db: UserDb,
  weights: ReviewWeights | null,
  journal: PulledAnswersJournal | undefined,
  resets: readonly ProgressResetFact[],
): Promise<ScheduleInputs> {
  const [records, answers, latest, questions, marks] = await Promise.all([
    db.answerRecords.count(),
    db.answers.count(),
    db.answers.orderBy("savedAt").last(),
    db.questions.count(),
    db.reviewMarks.toArray(),
  ]);
  return {
    records,
    pulled: journal?.seq ?? 0,
    answers,
    latestSaved: latest?.savedAt ?? "",
    questions,
    weightsFittedAt: weights?.fitted_at ?? "",
    marked: markedQuestions(marks),
    resets: resetsKey(resets),
  };
}

/** The questions whose mark for review differs between two inputs (set, taken off or set again). */
function marksChanged(a: ScheduleInputs, b: ScheduleInputs): number[] {
  const before = new Map(a.marked ?? []);
  const after = new Map(b.marked ?? []);
  const changed: number[] = [];
  for (const questionId of new Set([...before.keys(), ...after.keys()]))
    if (before.get(questionId) !== after.get(questionId)) changed.push(questionId);
  return changed;
}

const sameInputs = (a: ScheduleInputs, b: ScheduleInputs) =>
  a.records === b.records &&
  a.pulled === b.pulled &&
  a.answers === b.answers &&
  a.latestSaved === b.latestSaved &&
  a.questions === b.questions &&
  a.weightsFittedAt === b.weightsFittedAt &&
  a.resets === b.resets &&
  marksChanged(a, b).length === 0;

/**
 * Since the kept schedule, only answers saved on this device, answers pulled or marks for review
 * changed (the bank the same, no answer taken away, every pull since in the journal): the
 * questions they touch are scheduled again from their own answers and marks, and the rest of the
 * kept schedule stays. Null when anything else changed.
 */
async function withChanges(
  db: UserDb,
  kept: KeptSchedule,
  inputs: ScheduleInputs,
  journal: PulledAnswersJournal | undefined,
  resets: readonly ProgressResetFact[],
  parameters: FSRSParameters,
): Promise<KeptSchedule | null> {
  const was = kept.inputs;
  if (
    inputs.records < was.records ||
    inputs.questions !== was.questions ||
    inputs.answers < was.answers ||
    inputs.weightsFittedAt !== was.weightsFittedAt ||
    inputs.resets !== was.resets
  )
    return null;
  // Records written other than by a pull (a device file imported) are not in the journal.
  const pulled = was.pulled === undefined ? null : pulledSince(journal, was.pulled);
  if (pulled === null || (pulled.length === 0 && inputs.records !== was.records)) return null;
  const saved = await db.answers.where("savedAt").above(was.latestSaved).toArray();
  const touched = [...new Set([...saved.map((a) => a.questionId), ...pulled, ...marksChanged(was, inputs)])];
  const [records, own, questions] = await Promise.all([
    db.answerRecords.where("questionId").anyOf(touched).toArray(),
    db.answers.where("questionId").anyOf(touched).toArray(),
    db.questions.bulkGet(touched),
  ]);
  const again = new Set(touched);
  const marks = asMarks((inputs.marked ?? []).filter(([questionId]) => again.has(questionId)));
  const subjectOf = new Map(questions.flatMap((q) => (q ? [[q.id, q.subject] as const] : [])));
  const answers = sinceResets(asReviews(records, own), (id) => subjectOf.get(id), resets);
  const schedule = reviewSchedule(answers, parameters, marks);
  const cards = kept.cards.filter(([questionId]) => !again.has(questionId));
  touched.forEach((questionId, k) => {
    const card = schedule.get(questionId);
    const question = questions[k];
    if (card && question) cards.push([questionId, card.due.getTime(), question.subject]);
  });
  return { inputs, cards: cards.sort(byDue) };
}

const byDue = (a: Card, b: Card) => a[1] - b[1] || a[0] - b[0];

/** Every answer scheduled, with the subject of each question on this device (from the bank's subject index, never the questions). */
async function computeSchedule(
  db: UserDb,
  inputs: ScheduleInputs,
  subjects: BankSubject[],
  resets: readonly ProgressResetFact[],
  parameters: FSRSParameters,
): Promise<KeptSchedule> {
  const subjectOf = new Map<number, string>();
  const readSubjects = Promise.all(
    subjects.map(async ({ code }) => {
      for (const id of (await db.questions.where("subject").equals(code).primaryKeys()) as number[])
        subjectOf.set(id, code);
    }),
  );
  const [answers] = await Promise.all([reviewAnswers(db), readSubjects]);
  const reviews = sinceResets(answers, (id) => subjectOf.get(id), resets);
  const schedule = reviewSchedule(reviews, parameters, asMarks(inputs.marked ?? []));
  const cards: Card[] = [];
  // A question no longer in the bank on this device cannot be reviewed here.
  for (const q of inDueOrder(schedule)) {
    const subject = subjectOf.get(q.questionId);
    if (subject !== undefined) cards.push([q.questionId, q.due.getTime(), subject]);
  }
  return { inputs, cards };
}

let keeping: Promise<unknown> = Promise.resolve();

/** Settles once the schedule the latest read computed is kept (tests wait on it). */
export function scheduleKept(): Promise<unknown> {
  return keeping;
}

/**
 * The queue, from the kept schedule while the answers, the marks and the bank are as it was
 * computed from; after answers saved or pulled or marks changed, with their questions scheduled
 * again; otherwise computed again from every answer. Kept each time it changed.
 */
export async function readReviewQueue(db: UserDb, now: Date): Promise<ReviewQueue> {
  const started = monotonicNow();
  const [kept, subjects, weights, journal, resets] = await Promise.all([
    getMeta<KeptSchedule>(db, REVIEW_KEPT_KEY),
    getMeta<BankSubject[]>(db, "subjects"),
    getMeta<ReviewWeights>(db, REVIEW_WEIGHTS_KEY),
    getMeta<PulledAnswersJournal>(db, PULLED_ANSWERS_KEY),
    progressResets(db),
  ]);
  const inputs = await scheduleInputs(db, weights ?? null, journal, resets);
  let schedule = kept;
  if (!schedule || !sameInputs(schedule.inputs, inputs)) {
    const parameters = reviewParameters(weights?.weights);
    const computed =
      (schedule && (await withChanges(db, schedule, inputs, journal, resets, parameters))) ??
      (await computeSchedule(db, inputs, subjects ?? [], resets, parameters));
    schedule = computed;
    // Kept once the caller's read is over: a live query may not write (its writes are refused).
    keeping = new Promise((done) =>
      setTimeout(() => void db.meta.put({ key: REVIEW_KEPT_KEY, value: computed }).then(done, done), 0),
    );
  }
  const until = endOfDay(now).getTime();
  const due: number[] = [];
  const counts = new Map<string, number>();
  let next: number | null = null;
  for (const [questionId, at, subject] of schedule.cards) {
    if (at > until) {
      next = at;
      break;
    }
    due.push(questionId);
    counts.set(subject, (counts.get(subject) ?? 0) + 1);
  }
  const titles = new Map((subjects ?? []).map((s) => [s.code, s.title]));
  const bySubject = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, count]) => ({ code, title: titles.get(code) ?? code, count }));
  const queue = {
    due,
    bySubject,
    nextDue: next === null ? null : new Date(next),
    scheduled: schedule.cards.length,
    ownWeights: weights ? { reviews: weights.reviews, fittedAt: new Date(weights.fitted_at) } : null,
  };
  performance.measure(REVIEW_QUEUE_MEASURE, { start: started });
  return queue;
}

export function useReviewQueue(db: UserDb, now: () => Date): ReviewQueue | undefined {
  return useLiveQuery(() => readReviewQueue(db, now()), [db, now]);
}
