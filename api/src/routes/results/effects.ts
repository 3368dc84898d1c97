import { parseUserTestQuestionId } from "@preflight/sync-protocol/rules/question";
import type { Review, SuccessReply } from "@preflight/sync-protocol/schemas/question";
import { ApiError } from "../../errors.ts";
import { type Effect, intentTime } from "../../sync/effects.ts";

/**
 * POST /api/review: a question of a finished test was shown in the results review. The
 * question is named "<user_test_id>:<question_number>"; the first view is kept, a repeat is
 * harmless.
 */
export const markReviewed: Effect = async (ctx, raw) => {
  const body = raw as Review;
  const parsed = parseUserTestQuestionId(body.user_test_question_id);
  if (!parsed) throw new ApiError("bad_request", "user_test_question_id must be <user_test_id>:<question_number>");
  const test = await ctx.trx
    .selectFrom("user_tests")
    .select(["id", "finished_at"])
    .where("id", "=", parsed.userTestId)
    .where("user_id", "=", ctx.user.id)
    .executeTakeFirst();
  if (!test) throw new ApiError("not_found", "This test can no longer be accessed.");
  if (test.finished_at === null)
    throw new ApiError("conflict", "Only the questions of a finished test can be reviewed");
  const slot = await ctx.trx
    .selectFrom("user_test_questions")
    .select("question_id")
    .where("user_test_id", "=", test.id)
    .where("position", "=", parsed.questionNumber)
    .executeTakeFirst();
  if (!slot) throw new ApiError("bad_request", `Question ${parsed.questionNumber} is not part of this test`);
  await ctx.trx
    .insertInto("reviews")
    .values({ user_id: ctx.user.id, user_test_id: test.id, question_id: slot.question_id, viewed_at: intentTime(ctx) })
    .onConflict((oc) => oc.columns(["user_id", "user_test_id", "question_id"]).doNothing())
    .execute();
  const reply: SuccessReply = { success: true };
  return { status: "applied", reply };
};
