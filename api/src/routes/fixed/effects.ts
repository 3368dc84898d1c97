/**
 * POST /test/generate/{test_type} for fixed tests. The device builds the test from the fixed
 * test it downloaded; on replay the server decides: the test must be the student's to start
 * (not disabled, attempts left, password given online) and its questions must be the school's.
 * Title, time limit, pass mark and hiding come from the fixed test, never from the device.
 */
import { FIXED_TEST_MESSAGES, fixedTestAccess } from "@preflight/sync-protocol/rules/fixed-tests";
import { FIXED_TEST_TYPE, isFixedTestType } from "@preflight/sync-protocol/rules/hidden-results";
import type { GenerateTest } from "@preflight/sync-protocol/schemas/test";
import { ApiError } from "../../errors.ts";
import { hideFixedResults } from "../../read/result-visibility.ts";
import { type Effect, lockStudent, serverIntentTime } from "../../sync/effects.ts";
import { generateTest } from "../test/effects.ts";
import { attemptsUsed, loadFixedTest, passwordGranted, questionIdsOf } from "./queries.ts";

export const generateTestWithFixedRules: Effect = async (ctx, raw) => {
  const body = raw as GenerateTest;
  const fixedTestId = body.fixed_test_id ?? null;
  if (fixedTestId === null) {
    if (isFixedTestType(body.test_type))
      throw new ApiError("bad_request", `A test of type ${FIXED_TEST_TYPE} is a fixed test: fixed_test_id is required`);
    return generateTest(ctx, raw);
  }
  if (!isFixedTestType(body.test_type))
    throw new ApiError("bad_request", `fixed_test_id is only for tests of type ${FIXED_TEST_TYPE}`);

  const fixed = await loadFixedTest(ctx.trx, ctx.user, fixedTestId);
  // Two devices starting the last attempt at once: the second counts after the first commits.
  await lockStudent(ctx);
  const used = (await attemptsUsed(ctx.trx, ctx.user.id, [fixed.id])).get(fixed.id) ?? 0;
  const access = fixedTestAccess({
    disabled_reason: fixed.disabled_reason,
    // The window is judged at the start the student made (offline too), not at replay.
    opens_at: fixed.opens_at,
    closes_at: fixed.closes_at,
    now: serverIntentTime(ctx),
    attempts: fixed.attempts,
    used,
    password_access: fixed.password_hash !== null,
    password_granted: await passwordGranted(ctx.trx, ctx.user.id, fixed),
  });
  if (!access.ok) throw new ApiError("conflict", access.message);

  const expected = questionIdsOf(fixed);
  const sent = new Set(body.question_ids);
  if (sent.size !== expected.length || !expected.every((id) => sent.has(id)))
    throw new ApiError("conflict", FIXED_TEST_MESSAGES.changed);

  const outcome = await generateTest(ctx, {
    ...body,
    title: fixed.title,
    display_answers: "after_test",
    time_limit: fixed.time_limit,
    pass_percentage: fixed.pass_percentage,
  } satisfies GenerateTest);
  if (outcome.status !== "applied") return outcome;
  const hideResults = fixed.hide_results === 1 || (await hideFixedResults(ctx.trx));
  await ctx.trx
    .updateTable("user_tests")
    .set({
      fixed_test_id: fixed.id,
      hide_results: hideResults ? 1 : 0,
      hide_answers: fixed.hide_answers,
      can_retake: fixed.attempts === 0 || used + 1 < fixed.attempts ? 1 : 0,
    })
    .where("id", "=", body.user_test_id)
    .execute();
  return outcome;
};
