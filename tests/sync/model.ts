/**
 * The model of the sync property: what the student did (intents), and what the server must hold
 * once every intent has been applied exactly once, in order. It knows nothing of the outbox or
 * the drain; it is built from the spec's rules and the question bank alone.
 */
import { type GivenAnswer, gradeAnswer, pickQuestions, type TestOutcome, testOutcome } from "@preflight/sync-protocol";
import type { LocalQuestion } from "../../web/src/local/store/db.ts";

/** How a save picks its answer: empty (not an answer: nothing queued), right, or one of two wrong ones. */
export type AnswerPick = "empty" | "correct" | "wrong" | "other-wrong";

export type Intent =
  | { kind: "create"; count: number; seed: number; passPercentage: number | null }
  /** `test` and `question` are indexes, taken modulo the tests made so far and the test's questions. */
  | { kind: "save"; test: number; question: number; pick: AnswerPick }
  | { kind: "finish"; test: number; reason: "finished" | "abandoned" }
  /** `question` indexes a small pool of the bank, so flags repeat. */
  | { kind: "flag"; question: number }
  | { kind: "unflag-all" }
  /** `question` indexes the pool; `text` one of NOTE_TEXTS ("" clears the note). */
  | { kind: "note"; question: number; text: number }
  /** `question` indexes the pool; the mark for review set or taken off. */
  | { kind: "mark"; question: number; marked: boolean }
  | { kind: "seen"; question: number; month: string; authority: number }
  | { kind: "zoom"; tenths: number };

/** What a note intent writes: a few texts, so notes repeat and are cleared ("" and spaces alone). */
export const NOTE_TEXTS = ["", "QNH: field elevation", "Annex 2\nrules of the air", "   ", "✈️ check"] as const;

/** A given answer of the chosen kind for the question (empty ones are not answers at all). */
export function answerFor(q: LocalQuestion, pick: AnswerPick): GivenAnswer {
  if (q.type === "text") {
    const range = q.text_range ?? { min: 0, max: 0 };
    switch (pick) {
      case "empty":
        return { value: null };
      case "correct":
        return { value: "exact" in range ? range.exact : range.min };
      case "wrong":
        return { value: range.max + 1 };
      case "other-wrong":
        return { value: range.min - 1 };
    }
  }
  if (pick === "empty") return [];
  const right = q.answers.filter((a) => a.correct).map((a) => a.id);
  const wrong = q.answers.filter((a) => !a.correct).map((a) => a.id);
  if (pick === "correct") return right;
  if (q.type === "multiple_choice") return [(pick === "wrong" ? wrong[0] : wrong.at(-1)) as number];
  if (q.type === "multiple_select") return pick === "wrong" ? right.slice(0, 1) : q.answers.map((a) => a.id);
  // cloze: one option per gap; a wrong option in the first gap (or in every gap).
  const groups = [...new Set(q.answers.map((a) => a.group ?? 0))];
  return groups.map((g, i) => {
    const inGap = q.answers.filter((a) => (a.group ?? 0) === g);
    const useWrong = pick === "other-wrong" || i === 0;
    return ((useWrong ? inGap.find((a) => !a.correct) : inGap.find((a) => a.correct)) ?? inGap[0])?.id as number;
  });
}

export interface ModelTest {
  id: string;
  questionIds: number[];
  passPercentage: number | null;
  /** Non-empty saves queued while the test ran: each must be one applied answer row. */
  saves: number;
  /** The last answer given per question, in intent order. */
  latest: Map<number, { given: GivenAnswer; correct: boolean }>;
  finished: { reason: "finished" | "abandoned"; outcome: TestOutcome } | null;
}

export interface ModelReport {
  id: string;
  questionId: number;
  month: string;
  authority: string;
}

/** What the server must hold after a run, given where it started. */
export class Model {
  readonly tests: ModelTest[] = [];
  readonly reports: ModelReport[] = [];
  /** Local flag state of the device (a fresh device has none). */
  readonly deviceFlags = new Map<number, boolean>();
  /** The device's notes (a fresh device has none; a cleared one is ""). */
  readonly deviceNotes = new Map<number, string>();
  /** The device's marks for review (a fresh device has none). */
  readonly deviceMarks = new Map<number, boolean>();
  /** Intents that queued a mutation: each must be one `mutations` row of this client. */
  queued = 0;
  /** Whether this device's latest sign-in is still the student's live session (ID3). */
  sessionLive = true;

  constructor(
    readonly bank: ReadonlyMap<number, LocalQuestion>,
    /** The server's flags for this user when the run started. */
    readonly serverFlags: Map<number, boolean>,
    /** The server's zoom when the run started. */
    public zoomTenths: number | null,
    /** The server's notes for this user when the run started ("" a cleared one). */
    readonly serverNotes: Map<number, string> = new Map(),
    /** The server's marks for review for this user when the run started (false: taken off). */
    readonly serverMarks: Map<number, boolean> = new Map(),
  ) {}

  /** The device picks a test's questions from its whole bank, by seed (spec: seeded selection). */
  expectedQuestions(count: number, seed: number): number[] {
    return pickQuestions(
      [...this.bank.keys()].sort((a, b) => a - b),
      count,
      seed,
    );
  }

  testAt(index: number): ModelTest | undefined {
    return this.tests.length === 0 ? undefined : this.tests[index % this.tests.length];
  }

  created(id: string, questionIds: number[], passPercentage: number | null): void {
    this.tests.push({ id, questionIds, passPercentage, saves: 0, latest: new Map(), finished: null });
    this.queued++;
  }

  /** What a save should do: "ignored" (empty), "refused" (finished on the device) or "queued". */
  save(test: ModelTest, questionId: number, given: GivenAnswer): "ignored" | "refused" | "queued" {
    const grade = gradeAnswer(this.bank.get(questionId) as LocalQuestion, given);
    if (test.finished) return "refused";
    if (!grade.answered) return "ignored";
    test.latest.set(questionId, { given, correct: grade.correct });
    test.saves++;
    this.queued++;
    return "queued";
  }

  /** Finishing twice changes nothing and queues nothing. */
  finish(test: ModelTest, reason: "finished" | "abandoned"): boolean {
    if (test.finished) return false;
    const score = [...test.latest.values()].filter((a) => a.correct).length;
    test.finished = { reason, outcome: testOutcome(score, test.questionIds.length, test.passPercentage) };
    this.queued++;
    return true;
  }

  /** A toggle on the device sends the state it sets; returns that state. */
  flag(questionId: number): boolean {
    const next = !(this.deviceFlags.get(questionId) ?? false);
    this.deviceFlags.set(questionId, next);
    this.serverFlags.set(questionId, next);
    this.queued++;
    return next;
  }

  unflagAll(): void {
    for (const q of this.deviceFlags.keys()) this.deviceFlags.set(q, false);
    for (const q of this.serverFlags.keys()) this.serverFlags.set(q, false);
    this.queued++;
  }

  /**
   * A note as the device writes it: the whole text (spaces alone clear it), queued unless the
   * device's note already reads so; the last one queued is what the server must hold (SR24).
   */
  note(questionId: number, text: string): boolean {
    const written = text.trim() === "" ? "" : text;
    if ((this.deviceNotes.get(questionId) ?? "") === written) return false;
    this.deviceNotes.set(questionId, written);
    this.serverNotes.set(questionId, written);
    this.queued++;
    return true;
  }

  /**
   * A mark for review as the device sets it: the state, queued unless the device's mark already
   * stands so; the last one queued is what the server must hold (SR26).
   */
  mark(questionId: number, marked: boolean): boolean {
    if ((this.deviceMarks.get(questionId) ?? false) === marked) return false;
    this.deviceMarks.set(questionId, marked);
    this.serverMarks.set(questionId, marked);
    this.queued++;
    return true;
  }

  seen(report: ModelReport): void {
    this.reports.push(report);
    this.queued++;
  }

  zoom(tenths: number): void {
    this.zoomTenths = tenths;
    this.queued++;
  }
}

/** Short text of an intent for failure logs. */
export function describeIntent(intent: Intent): string {
  switch (intent.kind) {
    case "create":
      return `create(${intent.count} questions, seed ${intent.seed}, pass ${intent.passPercentage ?? "default"})`;
    case "save":
      return `save(test #${intent.test}, question #${intent.question}, ${intent.pick})`;
    case "finish":
      return `finish(test #${intent.test}, ${intent.reason})`;
    case "flag":
      return `toggleFlag(pool #${intent.question})`;
    case "unflag-all":
      return "unflagAll()";
    case "note":
      return `saveNote(pool #${intent.question}, ${JSON.stringify(NOTE_TEXTS[intent.text % NOTE_TEXTS.length])})`;
    case "mark":
      return `setReviewMark(pool #${intent.question}, ${intent.marked})`;
    case "seen":
      return `seenInExam(pool #${intent.question}, ${intent.month}, authority #${intent.authority})`;
    case "zoom":
      return `setZoom(${(intent.tenths / 10).toFixed(1)})`;
  }
}
