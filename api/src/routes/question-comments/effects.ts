/**
 * The queued writes of issue 19: a comment on a question of an exam, and a report of an error in
 * a question. Both are applied by the replay (api/src/sync/replay.ts) exactly once per mutation.
 *
 * - A comment is kept on its test question (`user_test_questions.comment`). The latest intent
 *   wins across devices (intentTime, as flags, SR18): an older intent changes nothing and replies
 *   what is held. A comment may be written until the test ends: an intent after the test's end
 *   is refused (`test_finished`); one made before it that arrives late (from a second device)
 *   still counts, as the student wrote it during the test.
 * - A report is stored once per `report_id` (SR19's rule for seen-in-exam reports): a resent
 *   report is answered again without a second row or a second count against the student's rate
 *   limit, and an id another report holds is a `conflict`. Every stored report counts against
 *   LIMITS.questionReportsUser in the replay's own transaction.
 */

import type { TestType } from "@preflight/sync-protocol/rules/constants";
import {
  allowsComments,
  QUESTION_COMMENT_MESSAGES,
  type QuestionReport,
  type QuestionReportReply,
  type TestComment,
  type TestCommentReply,
} from "@preflight/sync-protocol/schemas/question-comments";
import { LIMITS } from "../../auth/limits.ts";
import { bucket, countFailure, roomLeft } from "../../auth/limits-store.ts";
import { ApiError } from "../../errors.ts";
import { type Effect, intentTime } from "../../sync/effects.ts";
import { questionIdParam } from "../question/effects.ts";
import { loadOwnTest } from "../test/queries.ts";

/** POST /test/current/comment: the comment as it is now on one question of the student's exam. */
export const testComment: Effect = async (ctx, raw) => {
  const body = raw as TestComment;
  const test = await loadOwnTest(ctx.trx, ctx.user.id, body.user_test_id);
  if (!allowsComments(test.test_type as TestType))
    throw new ApiError("bad_request", QUESTION_COMMENT_MESSAGES.commentNotExam);
  const slot = await ctx.trx
    .selectFrom("user_test_questions")
    .select(["comment", "comment_updated_at"])
    .where("user_test_id", "=", test.id)
    .where("question_id", "=", body.question_id)
    .executeTakeFirst();
  if (!slot) throw new ApiError("bad_request", `Question ${body.question_id} is not part of this test`);
  const at = intentTime(ctx);
  if (test.finished_at !== null && at > test.finished_at)
    return { status: "failed", error: { code: "test_finished", message: QUESTION_COMMENT_MESSAGES.commentTestEnded } };
  const heldAt = slot.comment_updated_at ?? null;
  if (heldAt !== null && at < heldAt) {
    const reply: TestCommentReply = { success: true, comment: slot.comment ?? null, updated_at: heldAt };
    return { status: "applied", reply };
  }
  const comment = body.comment === "" ? null : body.comment;
  await ctx.trx
    .updateTable("user_test_questions")
    .set({ comment, comment_updated_at: at })
    .where("user_test_id", "=", test.id)
    .where("question_id", "=", body.question_id)
    .execute();
  // The comments travel in the test's pulled row: touching a stamped column gives the test a new
  // change number, so the student's other devices pull it again.
  await ctx.trx
    .updateTable("user_tests")
    .set((eb) => ({ title: eb.ref("title") }))
    .where("id", "=", test.id)
    .execute();
  const reply: TestCommentReply = { success: true, comment, updated_at: at };
  return { status: "applied", reply };
};

/** POST /questions/{id}/report-error: one report per report_id, for the content team. */
export const reportQuestionError: Effect = async (ctx, raw) => {
  const body = raw as QuestionReport;
  const questionId = questionIdParam(ctx.params.id);
  const existing = await ctx.trx
    .selectFrom("question_reports")
    .select(["user_id", "question_id"])
    .where("id", "=", body.report_id)
    .executeTakeFirst();
  const reply: QuestionReportReply = { success: true, message: QUESTION_COMMENT_MESSAGES.reportThanks };
  if (existing) {
    if (existing.user_id !== ctx.user.id || existing.question_id !== questionId)
      throw new ApiError("conflict", "report_id is already used by another report");
    return { status: "applied", reply };
  }
  const version = await ctx.trx
    .selectFrom("question_versions")
    .select("version")
    .where("question_id", "=", questionId)
    .where("version", "=", body.question_version)
    .executeTakeFirst();
  if (!version) throw new ApiError("bad_request", `Question ${questionId} has no version ${body.question_version}`);
  if (body.user_test_id) await loadOwnTest(ctx.trx, ctx.user.id, body.user_test_id);
  // The student's bucket, counted in this transaction: a push undone counts nothing.
  const limits = { db: ctx.trx, clock: ctx.clock };
  const student = bucket(LIMITS.questionReportsUser, ctx.user.id);
  if ((await roomLeft(limits, student, ctx.clock.now())) === 0)
    throw new ApiError("too_many_requests", QUESTION_COMMENT_MESSAGES.tooManyReports);
  await ctx.trx
    .insertInto("question_reports")
    .values({
      id: body.report_id,
      user_id: ctx.user.id,
      question_id: questionId,
      question_version: body.question_version,
      user_test_id: body.user_test_id ?? null,
      category: body.category,
      description: body.description,
      created_at: intentTime(ctx),
      received_at: ctx.clock.now().toISOString(),
      resolved_at: null,
      resolved_by: null,
    })
    .execute();
  await countFailure(limits, student);
  return { status: "applied", reply };
};
