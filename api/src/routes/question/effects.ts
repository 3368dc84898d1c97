/**
 * Queued writes about one question: flag, unflag all, the student's note and mark for review,
 * seen in exam.
 *
 * Flags converge on the latest intent across devices: each flags row keeps the time of the
 * intent that set it (see intentTime), and user_settings.flags_cleared_at the time of the last
 * "unflag all". A set-state intent older than either is a no-op whose reply is the state held.
 * The toggle form (no `flagged`, the spec's online call) always applies to the state held now.
 *
 * Notes and review marks converge the same way (rules/latest-write.ts, SR24, SR26; written by
 * latest-write.ts): each row keeps the time of the write that set it, and a write older than it
 * changes nothing and replies the record held.
 */
import { latestWriteApplies } from "@preflight/sync-protocol/rules/latest-write";
import { normalizeNote } from "@preflight/sync-protocol/rules/notes";
import { isFutureMonth } from "@preflight/sync-protocol/rules/question";
import { MAX_ROW_ID } from "@preflight/sync-protocol/schemas/ids";
import type {
  FlagQuestion,
  FlagReply,
  NoteReply,
  QuestionNote,
  ReviewMarkReply,
  ReviewMarkWrite,
  SeenInExam,
  SeenInExamReply,
} from "@preflight/sync-protocol/schemas/question";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { type Effect, intentTime } from "../../sync/effects.ts";
import { writeLatest } from "./latest-write.ts";

export const SEEN_IN_EXAM_THANKS = "Thank you, this question has been marked as seen in exam.";

export async function requireQuestion(trx: Transaction<Database>, questionId: number): Promise<void> {
  const row = await trx.selectFrom("questions").select("id").where("id", "=", questionId).executeTakeFirst();
  if (!row) throw new ApiError("bad_request", `Question ${questionId} does not exist`);
}

/** A path parameter that must be a question id. */
export function questionIdParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ROW_ID)
    throw new ApiError("bad_request", "The question id in the path must be a positive whole number");
  return Number(value);
}

async function flagsClearedAt(trx: Transaction<Database>, userId: string): Promise<string | null> {
  const row = await trx
    .selectFrom("user_settings")
    .select("flags_cleared_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.flags_cleared_at ?? null;
}

/** POST /api/question/flag: set (queued clients) or toggle (online call); replies the state held. */
export const flagQuestion: Effect = async (ctx, raw) => {
  const body = raw as FlagQuestion;
  await requireQuestion(ctx.trx, body.question_id);
  const at = intentTime(ctx);
  const current = await ctx.trx
    .selectFrom("flags")
    .select(["flagged", "updated_at"])
    .where("user_id", "=", ctx.user.id)
    .where("question_id", "=", body.question_id)
    .executeTakeFirst();
  const held = current?.flagged === 1;
  let next: boolean;
  let stamp = at;
  if (body.flagged === undefined) {
    next = !held;
    // A toggle acts on what is held, so it is at least as late as the state it flips.
    if (current && current.updated_at > stamp) stamp = current.updated_at;
  } else {
    const cleared = await flagsClearedAt(ctx.trx, ctx.user.id);
    const stale =
      !latestWriteApplies(at, current && { updatedAt: current.updated_at }) || (cleared !== null && at < cleared);
    if (stale) {
      const reply: FlagReply = { flagged: held };
      return { status: "applied", reply };
    }
    next = body.flagged;
  }
  await ctx.trx
    .insertInto("flags")
    .values({ user_id: ctx.user.id, question_id: body.question_id, flagged: next ? 1 : 0, updated_at: stamp })
    .onConflict((oc) =>
      oc.columns(["user_id", "question_id"]).doUpdateSet({ flagged: next ? 1 : 0, updated_at: stamp }),
    )
    .execute();
  const reply: FlagReply = { flagged: next };
  return { status: "applied", reply };
};

/** POST /api/question/unflag_all: clears every flag set before this intent; later ones stay. */
export const unflagAll: Effect = async (ctx) => {
  const at = intentTime(ctx);
  await ctx.trx
    .updateTable("flags")
    .set({ flagged: 0, updated_at: at })
    .where("user_id", "=", ctx.user.id)
    .where("flagged", "=", 1)
    .where("updated_at", "<=", at)
    .execute();
  const cleared = await flagsClearedAt(ctx.trx, ctx.user.id);
  const latest = cleared !== null && cleared > at ? cleared : at;
  const now = ctx.clock.now().toISOString();
  await ctx.trx
    .insertInto("user_settings")
    .values({
      user_id: ctx.user.id,
      zoom_tenths: null,
      zoom_updated_at: null,
      flags_cleared_at: latest,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ flags_cleared_at: latest, updated_at: now }))
    .execute();
  return { status: "applied", reply: { success: true } };
};

/**
 * POST /api/question/note: the student's note on a question as it now reads; empty text clears
 * it (the row stays, empty, so an older write cannot bring the text back). A write older than the
 * note held changes nothing. Replies the note held afterwards.
 */
export const saveNote: Effect = async (ctx, raw) => {
  const body = raw as QuestionNote;
  await requireQuestion(ctx.trx, body.question_id);
  const held = await writeLatest(ctx, "question_notes", body.question_id, { text: normalizeNote(body.text) });
  const reply: NoteReply = { text: held.text, updated_at: held.updated_at };
  return { status: "applied", reply };
};

/**
 * POST /api/question/review_mark: the student's mark for review on a question, set or taken off
 * (the row stays, 0, so an older mark cannot come back). An intent older than the mark held
 * changes nothing. Replies the mark held afterwards.
 */
export const saveReviewMark: Effect = async (ctx, raw) => {
  const body = raw as ReviewMarkWrite;
  await requireQuestion(ctx.trx, body.question_id);
  const held = await writeLatest(ctx, "question_review_marks", body.question_id, { marked: body.marked ? 1 : 0 });
  const reply: ReviewMarkReply = { marked: held.marked === 1, updated_at: held.updated_at };
  return { status: "applied", reply };
};

/**
 * POST /questions/{id}/seen-in-exam: one report per report_id (a resent report is answered
 * again, not stored twice). The month may not lie in the future by the server's clock (with
 * the easternmost time zone's slack), and the authority must be one the server lists.
 */
export const seenInExam: Effect = async (ctx, raw) => {
  const body = raw as SeenInExam;
  const questionId = questionIdParam(ctx.params.id);
  await requireQuestion(ctx.trx, questionId);
  if (isFutureMonth(body.date_seen, ctx.clock.now()))
    throw new ApiError("bad_request", `date_seen: ${body.date_seen} is in the future`);
  const authority = await ctx.trx
    .selectFrom("authorities")
    .select("id")
    .where("id", "=", body.authority)
    .executeTakeFirst();
  if (!authority) throw new ApiError("bad_request", `authority: unknown authority "${body.authority}"`);
  const existing = await ctx.trx
    .selectFrom("seen_in_exam")
    .select(["user_id", "question_id"])
    .where("id", "=", body.report_id)
    .executeTakeFirst();
  if (existing) {
    if (existing.user_id !== ctx.user.id || existing.question_id !== questionId)
      throw new ApiError("conflict", "report_id is already used by another report");
  } else {
    await ctx.trx
      .insertInto("seen_in_exam")
      .values({
        id: body.report_id,
        user_id: ctx.user.id,
        question_id: questionId,
        date_seen: body.date_seen,
        authority_id: body.authority,
        created_at: intentTime(ctx),
      })
      .execute();
  }
  const reply: SeenInExamReply = { message: SEEN_IN_EXAM_THANKS };
  return { status: "applied", reply };
};
