/**
 * Intents about one question or the student's display: flag, unflag all, write a note, report
 * seen in exam, mark a results-review question viewed, set the zoom. Each is one runAction: the
 * local change and its queued write commit together. Flags are queued as the state they set
 * (never as a toggle), and notes as the whole text, so replays from two devices converge on the
 * latest intent.
 */
import { NOTE_TOO_LONG_MESSAGE, normalizeNote, noteTooLong } from "@preflight/sync-protocol/rules/notes";
import {
  isFutureMonth,
  isValidZoom,
  MONTH_PATTERN,
  normalizeZoom,
  userTestQuestionId,
  ZOOM_RULE_MESSAGE,
} from "@preflight/sync-protocol/rules/question";
import { seenInExamReplySchema } from "@preflight/sync-protocol/schemas/question";
import { v7 as uuidv7 } from "uuid";
import { delay, now } from "../../platform.ts";
import { type LocalScope, runAction } from "../outbox/action.ts";
import { registerCallHandling } from "../outbox/calls.ts";
import type { LocalSeenInExam, OutboxEntry, UserDb } from "../store/db.ts";

export type QuestionInputRefusal =
  | "month_format"
  | "future_month"
  | "no_authority"
  | "unknown_authority"
  | "test_not_finished"
  | "zoom_out_of_range"
  | "note_too_long";

/** Input the server would refuse, caught on the device before anything is queued. */
export class QuestionInputError extends Error {
  constructor(
    readonly reason: QuestionInputRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Flips the flag of a question; returns the new state. */
export async function toggleFlag(scope: LocalScope, questionId: number): Promise<boolean> {
  const { db } = scope;
  return runAction(scope, [db.flags], async (ctx) => {
    const flagged = !((await db.flags.get(questionId))?.flagged ?? false);
    await db.flags.put({ questionId, flagged, updatedAt: ctx.now.toISOString() });
    await ctx.enqueue("POST /api/question/flag", {}, { question_id: questionId, flagged });
    return flagged;
  });
}

/** Clears every flag; returns how many were cleared on this device. */
export async function unflagAll(scope: LocalScope): Promise<number> {
  const { db } = scope;
  return runAction(scope, [db.flags], async (ctx) => {
    const updatedAt = ctx.now.toISOString();
    const cleared = await db.flags
      .filter((f) => f.flagged)
      .modify((f) => {
        f.flagged = false;
        f.updatedAt = updatedAt;
      });
    await ctx.enqueue("POST /api/question/unflag_all", {}, {});
    return cleared;
  });
}

/**
 * Keeps the student's note on a question as it now reads (plain text; empty or only white space
 * clears it) and queues it whole. A note that already reads so changes and queues nothing.
 * Returns whether a change was queued. Too long a note is refused before anything is written.
 */
export async function saveNote(scope: LocalScope, questionId: number, text: string): Promise<boolean> {
  if (noteTooLong(text)) throw new QuestionInputError("note_too_long", NOTE_TOO_LONG_MESSAGE);
  const note = normalizeNote(text);
  const { db } = scope;
  return runAction(scope, [db.notes], async (ctx) => {
    if (((await db.notes.get(questionId))?.text ?? "") === note) return false;
    const entry = await ctx.enqueue("POST /api/question/note", {}, { question_id: questionId, text: note });
    // The note's time is its write's, as the server keeps it (SR24).
    await db.notes.put({ questionId, text: note, updatedAt: entry.createdAt });
    return true;
  });
}

/** Reports a question as seen in an exam in month `date_seen` (YYYY-MM) with an authority id. */
export async function reportSeenInExam(
  scope: LocalScope,
  questionId: number,
  date_seen: string,
  authority: string,
): Promise<LocalSeenInExam> {
  const { db } = scope;
  return runAction(scope, [db.seenInExam, db.authorities], async (ctx) => {
    if (!MONTH_PATTERN.test(date_seen))
      throw new QuestionInputError("month_format", "date_seen must be a month, YYYY-MM");
    if (isFutureMonth(date_seen, ctx.now))
      throw new QuestionInputError("future_month", `date_seen: ${date_seen} is in the future`);
    if (!authority.trim()) throw new QuestionInputError("no_authority", "Please choose an authority");
    // The list may not be on the device yet; then the server decides.
    if ((await db.authorities.count()) > 0 && !(await db.authorities.get(authority)))
      throw new QuestionInputError("unknown_authority", `authority: unknown authority "${authority}"`);
    const report: LocalSeenInExam = {
      id: uuidv7(),
      questionId,
      date_seen,
      authority,
      createdAt: ctx.now.toISOString(),
    };
    await db.seenInExam.add(report);
    await ctx.enqueue(
      "POST /questions/{id}/seen-in-exam",
      { id: String(questionId) },
      { report_id: report.id, date_seen, authority },
    );
    return report;
  });
}

const SEEN_IN_EXAM_CALL = "POST /questions/{id}/seen-in-exam";

const reportIdOf = (entry: OutboxEntry): string | undefined => (entry.body as { report_id?: string }).report_id;

// The server's reply keeps its message on the report; a refused report is taken off the device.
registerCallHandling(SEEN_IN_EXAM_CALL, {
  tables: ["seenInExam"],
  async onApplied(reply, entry, db) {
    const id = reportIdOf(entry);
    const parsed = seenInExamReplySchema.safeParse(reply);
    if (id && parsed.success) await db.seenInExam.update(id, { serverMessage: parsed.data.message });
  },
  async onRefused(entry, db) {
    const id = reportIdOf(entry);
    if (id) await db.seenInExam.delete(id);
  },
});

/** What became of a seen-in-exam report: the server took it or refused it (with its message), or it still waits. */
export type SeenInExamOutcome =
  | { kind: "applied"; message: string | null }
  | { kind: "refused"; message: string }
  | { kind: "queued" };

/**
 * Waits up to `waitMs` for the outbox to send report `reportId` (study §8: the dialog shows the
 * server's message, Success or Error); still waiting then (offline, server unreachable), "queued".
 */
export async function seenInExamOutcome(
  db: UserDb,
  reportId: string,
  { waitMs = 8000, pollMs = 200 }: { waitMs?: number; pollMs?: number } = {},
): Promise<SeenInExamOutcome> {
  const until = now() + waitMs;
  for (;;) {
    const entry = (await db.outbox.toArray()).find((e) => reportIdOf(e) === reportId);
    if (entry?.status === "failed") {
      const notice = await db.notices.get(entry.id);
      return { kind: "refused", message: notice?.message ?? entry.lastError ?? "" };
    }
    if (!entry) return { kind: "applied", message: (await db.seenInExam.get(reportId))?.serverMessage ?? null };
    if (now() >= until) return { kind: "queued" };
    await delay(pollMs);
  }
}

/**
 * Marks question `questionNumber` (1-based) of a finished test viewed in the results review.
 * Idempotent: a second mark of the same question does nothing and queues nothing. Returns
 * whether this call marked it.
 */
export async function markReviewed(
  scope: LocalScope,
  testId: string,
  questionNumber: number,
  questionId: number,
): Promise<boolean> {
  const { db } = scope;
  const key = userTestQuestionId(testId, questionNumber);
  return runAction(scope, [db.reviews, db.userTests], async (ctx) => {
    if (await db.reviews.get(key)) return false;
    const test = await db.userTests.get(testId);
    if (test && !test.finished)
      throw new QuestionInputError("test_not_finished", "Only the questions of a finished test can be reviewed");
    await db.reviews.add({ key, testId, questionId, viewedAt: ctx.now.toISOString() });
    await ctx.enqueue("POST /api/review", {}, { user_test_question_id: key });
    return true;
  });
}

/** Sets the zoom (1.0 to 1.8 in steps of 0.1), kept in meta "zoom"; returns the stored value. */
export async function setZoom(scope: LocalScope, zoom: number): Promise<number> {
  if (!isValidZoom(zoom)) throw new QuestionInputError("zoom_out_of_range", ZOOM_RULE_MESSAGE);
  const value = normalizeZoom(zoom);
  return runAction(scope, [], async (ctx) => {
    await ctx.db.meta.put({ key: "zoom", value });
    await ctx.enqueue("POST /zoom", {}, { zoom: value });
    return value;
  });
}
