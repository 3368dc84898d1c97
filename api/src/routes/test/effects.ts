import { gradeAnswer } from "@preflight/sync-protocol/rules/grading";
import { testOutcome } from "@preflight/sync-protocol/rules/pass-mark";
import { isLate, LATE_ANSWER_MESSAGE, type TestTimeMeasures } from "@preflight/sync-protocol/rules/timed-tests";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { FinishTest, GenerateTest, SaveAnswer, SaveAnswerReply } from "@preflight/sync-protocol/schemas/test";
import type { Selectable, Transaction } from "kysely";
import type { Database, UserTestsTable } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { visibilityOf } from "../../read/result-visibility.ts";
import { LATE_REASON } from "../../read/tests.ts";
import { type Effect, type EffectContext, type EffectOutcome, serverIntentTime } from "../../sync/effects.ts";
import { visibleTestResult } from "../fixed/visibility.ts";
import { loadOwnTest } from "./queries.ts";

/** POST /test/generate/{test_type}: a test built on the device, named by its own uuid. */
export const generateTest: Effect = async (ctx, raw) => {
  const body = raw as GenerateTest;
  if (ctx.params.test_type !== body.test_type)
    throw new ApiError("bad_request", "test_type in the path and the body differ");
  const existing = await ctx.trx
    .selectFrom("user_tests")
    .select("user_id")
    .where("id", "=", body.user_test_id)
    .executeTakeFirst();
  if (existing) throw new ApiError("conflict", "A test with this id already exists");
  const unique = [...new Set(body.question_ids)];
  if (unique.length !== body.question_ids.length) throw new ApiError("bad_request", "question_ids repeat");
  const rows = await ctx.trx
    .selectFrom("questions")
    .select(["id", "current_version", "school_id"])
    .where("id", "in", unique)
    .execute();
  // A school's own question is taken only in that school's fixed tests (checked by their rules).
  const fromFixedTest = (body.fixed_test_id ?? null) !== null;
  const version = new Map(
    rows.filter((r) => fromFixedTest || r.school_id === null).map((r) => [r.id, r.current_version]),
  );
  const missing = unique.filter((id) => !version.has(id));
  if (missing.length) throw new ApiError("bad_request", `Unknown question ids: ${missing.slice(0, 10).join(", ")}`);
  // The test keeps the versions the device showed, so an edit published meanwhile never
  // changes how this test is graded.
  if (body.question_versions) {
    if (body.question_versions.length !== body.question_ids.length)
      throw new ApiError("bad_request", "question_versions must give one version per question id");
    const known = await knownVersions(ctx.trx, unique);
    body.question_ids.forEach((id, i) => {
      const v = body.question_versions?.[i] as number;
      if (!known.has(`${id}:${v}`)) throw new ApiError("bad_request", `Question ${id} has no version ${v}`);
      version.set(id, v);
    });
  }
  const retakeOf = body.retake_of ?? null;
  if (retakeOf !== null) {
    const previous = await ctx.trx
      .selectFrom("user_tests")
      .select("id")
      .where("id", "=", retakeOf)
      .where("user_id", "=", ctx.user.id)
      .executeTakeFirst();
    if (!previous) throw new ApiError("bad_request", "retake_of does not name one of your tests");
  }
  const now = ctx.clock.now().toISOString();
  await ctx.trx
    .insertInto("user_tests")
    .values({
      id: body.user_test_id,
      user_id: ctx.user.id,
      title: body.title,
      test_type: body.test_type,
      display_answers: body.display_answers,
      time_limit: body.time_limit,
      pass_percentage: body.pass_percentage,
      started: body.started,
      created_at: now,
      finished_at: null,
      score: null,
      total_score: unique.length,
      percentage: null,
      pass: null,
      ended: null,
      can_retake: 1,
      hide_results: 0,
      retake_of: retakeOf,
      last_position: 1,
      server_started_at: serverIntentTime(ctx).toISOString(),
    })
    .execute();
  const CHUNK = 500;
  for (let i = 0; i < unique.length; i += CHUNK) {
    await ctx.trx
      .insertInto("user_test_questions")
      .values(
        unique.slice(i, i + CHUNK).map((question_id, j) => ({
          user_test_id: body.user_test_id,
          position: i + j + 1,
          question_id,
          question_version: version.get(question_id) as number,
          accessed: 0 as const,
        })),
      )
      .execute();
  }
  return { status: "applied", reply: { success: true, user_test_id: body.user_test_id } };
};

/**
 * POST /test/current/save: the server grades from its own copy of the question version the
 * test was built with. Answers are only ever added. A save for a finished test is kept on
 * record, not applied, and refused with test_finished (409).
 */
export const saveAnswer: Effect = async (ctx, raw): Promise<EffectOutcome> => {
  const body = raw as SaveAnswer;
  const test = await loadOwnTest(ctx.trx, ctx.user.id, body.user_test_id);
  const slot = await ctx.trx
    .selectFrom("user_test_questions")
    .innerJoin("question_versions", (j) =>
      j
        .onRef("question_versions.question_id", "=", "user_test_questions.question_id")
        .onRef("question_versions.version", "=", "user_test_questions.question_version"),
    )
    .select(["user_test_questions.question_version", "question_versions.content"])
    .where("user_test_questions.user_test_id", "=", test.id)
    .where("user_test_questions.question_id", "=", body.question_id)
    .executeTakeFirst();
  if (!slot) throw new ApiError("bad_request", `Question ${body.question_id} is not part of this test`);

  const question = JSON.parse(slot.content) as BankQuestion;
  const grade = gradeAnswer(question, body.answers);
  if (!grade.answered) {
    // Spec: saving with no selection does nothing.
    const reply: SaveAnswerReply = { success: true, answered: false, correct: null };
    return { status: "applied", reply };
  }
  // Answer ids are the devices' mutation ids, one id space for every student: another student's
  // id is refused here (a conflict), never left to fail the insert.
  const holder = await ctx.trx
    .selectFrom("answers")
    .select("user_id")
    .where("id", "=", ctx.mutationId)
    .executeTakeFirst();
  if (holder && holder.user_id !== ctx.user.id) throw new ApiError("conflict", "An answer with this id already exists");
  const finished = test.finished_at !== null;
  const late = !finished && isLate(test.time_limit, timeInto(test, ctx, body.elapsed_ms));
  await ctx.trx
    .insertInto("answers")
    .values({
      id: ctx.mutationId,
      user_id: ctx.user.id,
      user_test_id: test.id,
      question_id: body.question_id,
      question_version: slot.question_version,
      given: JSON.stringify(body.answers),
      answered: 1,
      correct: grade.correct ? 1 : 0,
      applied: finished || late ? 0 : 1,
      reason: finished ? "test_finished" : late ? LATE_REASON : null,
      mutation_id: ctx.mutationId,
      created_at: ctx.createdAt,
      received_at: ctx.clock.now().toISOString(),
    })
    .execute();
  if (finished) {
    return {
      status: "failed",
      error: {
        code: "test_finished",
        message: "This test was already finished, so this answer was kept on record but not counted.",
      },
    };
  }
  if (late) return { status: "failed", error: { code: "time_expired", message: LATE_ANSWER_MESSAGE } };
  // A test whose answers go to the school only says nothing of whether this one was right.
  const review = (await visibilityOf(ctx.trx, test)).review;
  const reply: SaveAnswerReply = { success: true, answered: true, correct: review ? grade.correct : null };
  return { status: "applied", reply };
};

/**
 * How far into the test this intent came, each way there is to tell (rules/timed-tests.ts): the
 * device's monotonic count, its wall clock from the test's start (only when the time of the
 * intent was read from the device), and the server's clock from the test's own server start.
 */
function timeInto(
  test: Selectable<UserTestsTable>,
  ctx: EffectContext,
  deviceElapsedMs: number | undefined,
): TestTimeMeasures {
  const serverStart = Date.parse(test.server_started_at ?? test.created_at);
  return {
    deviceElapsedMs,
    wallElapsedMs: ctx.deviceClock ? Date.parse(ctx.createdAt) - Date.parse(test.started) : null,
    serverElapsedMs: serverIntentTime(ctx).getTime() - serverStart,
  };
}

/**
 * POST /test/current/finish/{id}: marks the test from the answers the server holds, and keeps
 * how it ended (finished, abandoned or time_expired: an abandoned test is still marked, spec).
 * A finished test is immutable: a second finish changes nothing and replies with the marking.
 */
export const finishTest: Effect = async (ctx: EffectContext, raw) => {
  const body = raw as FinishTest;
  const testId = ctx.params.id as string;
  const test = await loadOwnTest(ctx.trx, ctx.user.id, testId);
  if (test.finished_at === null) {
    const latest = await latestAnswers(ctx.trx, testId);
    const score = latest.filter((a) => a.correct === 1).length;
    const outcome = testOutcome(score, test.total_score, test.pass_percentage);
    // A finish after the limit and grace closes the test as its time ran out, at its deadline.
    const late = isLate(test.time_limit, timeInto(test, ctx, body.elapsed_ms));
    const deadline = late && test.time_limit ? Date.parse(test.started) + test.time_limit * 60_000 : null;
    await ctx.trx
      .updateTable("user_tests")
      .set({
        finished_at: deadline !== null ? new Date(deadline).toISOString() : (body.finished ?? ctx.createdAt),
        score: outcome.score,
        percentage: outcome.percentage,
        pass: outcome.pass ? 1 : 0,
        ended: late ? "time_expired" : (body.reason ?? "finished"),
      })
      .where("id", "=", testId)
      .execute();
  }
  // A test whose results the school hides is answered without its score or pass.
  return { status: "applied", reply: { success: true, result: await visibleTestResult(ctx.trx, ctx.user.id, testId) } };
};

/** The last applied answer per question of a test (by the device's time, then arrival). */
export async function latestAnswers(trx: Transaction<Database>, testId: string) {
  const rows = await trx
    .selectFrom("answers")
    .select(["question_id", "correct", "created_at", "received_at"])
    .where("user_test_id", "=", testId)
    .where("applied", "=", 1)
    .orderBy("created_at")
    .orderBy("received_at")
    .execute();
  const byQuestion = new Map<number, (typeof rows)[number]>();
  for (const row of rows) byQuestion.set(row.question_id, row);
  return [...byQuestion.values()];
}

async function knownVersions(trx: Transaction<Database>, ids: number[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom("question_versions")
      .select(["question_id", "version"])
      .where("question_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) known.add(`${r.question_id}:${r.version}`);
  }
  return known;
}
