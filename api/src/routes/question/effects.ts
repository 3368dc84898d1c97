/**
 * Queued writes about one question: flag, unflag all, seen in exam.
 *
 * Flags converge on the latest intent across devices: each flags row keeps the time of the
 * intent that set it (see intentTime), and user_settings.flags_cleared_at the time of the last
 * "unflag all". A set-state intent older than either is a no-op whose reply is the state held.
 * The toggle form (no `flagged`, the spec's online call) always applies to the state held now.
 */
import { isFutureMonth } from "@preflight/sync-protocol/rules/question";
import { MAX_ROW_ID } from "@preflight/sync-protocol/schemas/ids";
import type { FlagQuestion, FlagReply, SeenInExam, SeenInExamReply } from "@preflight/sync-protocol/schemas/question";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { type Effect, intentTime } from "../../sync/effects.ts";

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
    const stale = (current !== undefined && at < current.updated_at) || (cleared !== null && at < cleared);
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
