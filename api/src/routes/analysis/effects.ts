/**
 * POST /analysis/progress/reset/{subject_id} (the spec's GET /analysis/progress/reset/{subject_id},
 * queued like every write). Keeps one progress_resets row named by the mutation id, at the time of
 * the intent (never later than the server's clock); the graphs of that subject then count only
 * answers given from then on. Tests, answers and results are left as they are.
 */
import type { ProgressResetReply } from "@preflight/sync-protocol/schemas/analysis";
import { ApiError } from "../../errors.ts";
import { type Effect, intentTime } from "../../sync/effects.ts";
import { bankQuestions, syllabusOf } from "./queries.ts";

/** A path parameter that must name a subject by its three-digit code. */
export function subjectIdParam(value: string | undefined): string {
  if (!value || !/^\d{3}$/.test(value))
    throw new ApiError("bad_request", "The subject id in the path must be a subject code of three digits, e.g. 010");
  return value;
}

/** The subject must hold questions of the student's bank. */
export function unknownSubject(subject: string): ApiError {
  return new ApiError("not_found", `Subject ${subject} is not in your question bank`);
}

export const resetProgress: Effect = async (ctx) => {
  const subject = subjectIdParam(ctx.params.subject_id);
  const questions = await bankQuestions(ctx.trx, syllabusOf(ctx.user.syllabus_id), subject);
  if (questions.length === 0) throw unknownSubject(subject);
  // The id is the device's (its mutation id or Idempotency-Key), unique across students: one
  // already held is refused as a conflict, never a failed insert (a 500) nor someone else's row.
  const taken = await ctx.trx
    .selectFrom("progress_resets")
    .select("id")
    .where("id", "=", ctx.mutationId)
    .executeTakeFirst();
  if (taken) throw new ApiError("conflict", "This change's id is already used by another reset");
  const reply: ProgressResetReply = {
    success: true,
    id: ctx.mutationId,
    subject_id: subject,
    reset_at: intentTime(ctx),
  };
  await ctx.trx
    .insertInto("progress_resets")
    .values({ id: reply.id, user_id: ctx.user.id, subject_id: subject, reset_at: reply.reset_at })
    .execute();
  return { status: "applied", reply };
};
