import { gradeAnswer } from "@preflight/sync-protocol/rules/grading";
import { testOutcome } from "@preflight/sync-protocol/rules/pass-mark";
import { isLate, LATE_ANSWER_MESSAGE, type TestTimeMeasures } from "@preflight/sync-protocol/rules/timed-tests";
import type { FinishTest, GenerateTest, SaveAnswer, SaveAnswerReply } from "@preflight/sync-protocol/schemas/test";
import { type Insertable, type Selectable, sql, type Transaction } from "kysely";
import { firstChangeNumbers, numberChanges, takeChangeNumbers } from "../../db/change-seq.ts";
import { writeOrCombine } from "../../db/combined-writes.ts";
import type { AnswersTable, Database, UserTestsTable } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { visibilityOf } from "../../read/result-visibility.ts";
import { LATE_REASON } from "../../read/tests.ts";
import {
  type BatchContext,
  type BatchEffect,
  type BatchItem,
  type BatchOutcome,
  type Effect,
  type EffectContext,
  refusedItem,
  serverIntentTime,
} from "../../sync/effects.ts";
import { visibleTestResult } from "../fixed/visibility.ts";
import { type LatestAnswerChange, latestAnswersUpdate } from "./latest-answers-update.ts";
import { loadOwnTest } from "./queries.ts";
import { QuestionVersions, versionKey } from "./question-versions.ts";

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
 *
 * A run of saves in one push is applied at once: the tests, their slots, the answer ids and the
 * parsed question versions are read once for the run, and the answers written in one insert.
 * A single save (a direct call) is a run of one.
 */
export function answerEffects(versions = new QuestionVersions()): { saveAnswer: Effect; saveAnswers: BatchEffect } {
  const saveAnswers: BatchEffect = async (ctx, items) => {
    const bodies = items.map((item) => item.body as SaveAnswer);
    // PostgreSQL: the answers' change numbers are taken with the read, a statement (a round trip
    // the push waits on) fewer, one per save whether it writes a row or not; the numbers of
    // those that do not stay unused, which a pull never misses.
    const { tests, slots, reserved } = await testsAndSlots(
      ctx.trx,
      items.map((item) => ({ ...(item.body as SaveAnswer), user_id: item.userId })),
      ctx.dialect === "postgres" ? savesPerStudent(items) : undefined,
    );
    const questions = await versions.load(ctx.trx, [...slots.values()]);
    // Applied together: an id held already fails the group's write instead (effects.ts `heldIdRedoesGroup`).
    const held = ctx.heldIdRedoesGroup
      ? new Set<string>()
      : await heldAnswerIds(
          ctx.trx,
          items.map((item) => item.mutationId),
        );
    const reviewOf = memoByTest((test) => visibilityOf(ctx.trx, test).then((v) => v.review));
    const now = ctx.clock.now().toISOString();
    const rows: Insertable<AnswersTable>[] = [];
    const outcomes: BatchOutcome[] = [];
    for (const [i, item] of items.entries()) {
      const body = bodies[i] as SaveAnswer;
      const test = tests.get(body.user_test_id);
      if (!test || test.user_id !== item.userId) {
        outcomes.push(refusedItem("not_found", "This test can no longer be accessed."));
        continue;
      }
      const slot = slots.get(slotKey(test.id, body.question_id));
      const question = slot && questions.get(versionKey(slot.question_id, slot.version));
      if (!slot || !question) {
        outcomes.push(refusedItem("bad_request", `Question ${body.question_id} is not part of this test`));
        continue;
      }
      const grade = gradeAnswer(question, body.answers);
      if (!grade.answered) {
        // Spec: saving with no selection does nothing.
        const reply: SaveAnswerReply = { success: true, answered: false, correct: null };
        outcomes.push({ outcome: { status: "applied", reply }, kept: true });
        continue;
      }
      // Answer ids are the devices' mutation ids, one id space for every student: an id held
      // already (another student's, or this mutation's own answer sent again under a new seq,
      // which the replay then answers from its row) is refused here, never left to fail the insert.
      if (held.has(item.mutationId)) {
        outcomes.push(refusedItem("conflict", "An answer with this id already exists"));
        continue;
      }
      const finished = test.finished_at !== null;
      const late = !finished && isLate(test.time_limit, timeInto(test, { ...ctx, ...item }, body.elapsed_ms));
      rows.push({
        id: item.mutationId,
        user_id: item.userId,
        user_test_id: test.id,
        question_id: body.question_id,
        question_version: slot.version,
        given: JSON.stringify(body.answers),
        answered: 1,
        correct: grade.correct ? 1 : 0,
        applied: finished || late ? 0 : 1,
        reason: finished ? "test_finished" : late ? LATE_REASON : null,
        mutation_id: item.mutationId,
        created_at: item.createdAt,
        received_at: now,
      });
      if (finished) {
        outcomes.push({
          outcome: {
            status: "failed",
            error: {
              code: "test_finished",
              message: "This test was already finished, so this answer was kept on record but not counted.",
            },
          },
          kept: true,
        });
        continue;
      }
      if (late) {
        outcomes.push({
          outcome: { status: "failed", error: { code: "time_expired", message: LATE_ANSWER_MESSAGE } },
          kept: true,
        });
        continue;
      }
      // A test whose answers go to the school only says nothing of whether this one was right.
      const reply: SaveAnswerReply = {
        success: true,
        answered: true,
        correct: (await reviewOf(test)) ? grade.correct : null,
      };
      outcomes.push({ outcome: { status: "applied", reply }, kept: true });
    }
    await countIntoQuestionStats(ctx, rows, slots);
    await numberAnswers(ctx.trx, rows, reserved);
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await writeOrCombine(
        ctx.trx,
        ctx.combined,
        ctx.trx.insertInto("answers").values(rows.slice(i, i + INSERT_CHUNK)),
      );
    return outcomes;
  };

  const saveAnswer: Effect = async (ctx, body) => {
    const [run] = await saveAnswers(ctx, [{ ...ctx, userId: ctx.user.id, body }]);
    if (!run) throw new Error("saveAnswers gave no outcome");
    // A refusal that kept nothing is the single effect's thrown refusal (nothing written).
    if (!run.kept && run.outcome.status === "failed")
      throw new ApiError(run.outcome.error.code, run.outcome.error.message);
    return run.outcome;
  };

  return { saveAnswer, saveAnswers };
}

/**
 * Gives each answer its change number (the pull's order): from those taken with the read when
 * there are (`reserved`, each student's first), or every student's taken now in one statement.
 */
async function numberAnswers(
  trx: Transaction<Database>,
  rows: Insertable<AnswersTable>[],
  reserved: Map<string, number> | undefined,
): Promise<void> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.user_id, (counts.get(r.user_id) ?? 0) + 1);
  const next = reserved ? new Map(reserved) : await numberChanges(trx, counts);
  for (const r of rows) {
    const seq = next.get(r.user_id);
    if (seq === undefined) throw new Error(`no change number was taken for ${r.user_id}`);
    r.change_seq = seq;
    next.set(r.user_id, seq + 1);
  }
}

/** How many saves of the run each student sent: the most answers of theirs it can write. */
function savesPerStudent(items: BatchItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.userId, (counts.get(item.userId) ?? 0) + 1);
  return counts;
}

/** Rows per multi-row insert: 13 columns, well under either database's limit on bound values. */
const INSERT_CHUNK = 500;

const slotKey = (testId: string, questionId: number) => `${testId}:${questionId}`;

/** A test question as a run of saves needs it: its place in the test, version, and latest applied answer so far. */
interface Slot {
  question_id: number;
  /** With the test's id, the row's primary key: what its update is keyed by. */
  position: number;
  version: number;
  latest: CountedAnswer | null;
}

/**
 * The saves' tests that are their senders' own (by id; the caller checks whose), and the version
 * each holds of each question saved (by slotKey; a question not in its test is absent), read
 * together: one query per 500 questions.
 */
async function testsAndSlots(
  trx: Transaction<Database>,
  saves: { user_id: string; user_test_id: string; question_id: number }[],
  reserve: Map<string, number> | undefined,
) {
  const tests = new Map<string, SavedTest>();
  const slots = new Map<string, Slot>();
  /** Where each student's counter ended once the numbers asked for were taken. */
  const taken = new Map<string, number>();
  const testIds = [...new Set(saves.map((s) => s.user_test_id))];
  const userIds = [...new Set(saves.map((s) => s.user_id))];
  const questionIds = [...new Set(saves.map((s) => s.question_id))];
  if (testIds.length === 0) return { tests, slots, reserved: undefined };
  for (let i = 0; i < questionIds.length; i += INSERT_CHUNK) {
    const chunk = questionIds.slice(i, i + INSERT_CHUNK);
    // The first query takes the change numbers asked for, in a WITH; otherwise the WITH is empty.
    const numbers = i === 0 ? reserve : undefined;
    const rows = await trx
      .with("numbered", (db) =>
        numbers
          ? takeChangeNumbers(db, numbers)
          : db.selectFrom("user_change_counters").select(["user_id", "last_seq"]).where(sql<boolean>`1 = 0`),
      )
      .selectFrom("user_tests")
      .leftJoin("user_test_questions as q", (join) =>
        join.onRef("q.user_test_id", "=", "user_tests.id").on("q.question_id", "in", chunk),
      )
      .select(SAVED_TEST_COLUMNS.map((column) => `user_tests.${column}` as const))
      .select([
        "q.question_id as slot_question_id",
        "q.position",
        "q.question_version",
        "q.latest_answer_id",
        "q.latest_correct",
        "q.latest_created_at",
        "q.latest_received_at",
      ])
      .leftJoin("numbered", "numbered.user_id", "user_tests.user_id")
      .select("numbered.last_seq as taken_to")
      .where("user_tests.id", "in", testIds)
      .where("user_tests.user_id", "in", userIds)
      .execute();
    for (const row of rows) {
      if (numbers && row.taken_to !== null) taken.set(row.user_id, row.taken_to);
      // The test's columns once per test: a rest copy of each of its 40 rows cost more than the query on SQLite.
      if (!tests.has(row.id)) tests.set(row.id, testColumns(row));
      const { slot_question_id, position, question_version, latest_answer_id } = row;
      if (slot_question_id === null || position === null || question_version === null) continue;
      slots.set(slotKey(row.id, slot_question_id), {
        question_id: slot_question_id,
        position,
        version: question_version,
        latest:
          latest_answer_id === null
            ? null
            : {
                id: latest_answer_id,
                correct: row.latest_correct,
                created_at: row.latest_created_at ?? "",
                received_at: row.latest_received_at ?? "",
              },
      });
    }
  }
  const takenRows = [...taken].map(([user_id, last_seq]) => ({ user_id, last_seq }));
  return { tests, slots, reserved: reserve ? firstChangeNumbers(takenRows, reserve) : undefined };
}

/** What a save reads of its test (the 40 rows of a test's run repeat them, so no more). */
const SAVED_TEST_COLUMNS = [
  "id",
  "user_id",
  "test_type",
  "hide_results",
  "hide_answers",
  "time_limit",
  "started",
  "created_at",
  "server_started_at",
  "finished_at",
] as const satisfies readonly (keyof UserTestsTable)[];

type SavedTest = Pick<Selectable<UserTestsTable>, (typeof SAVED_TEST_COLUMNS)[number]>;

/** A row of `testsAndSlots`' query without its slot's columns. */
function testColumns<T extends SavedTest>({
  slot_question_id: _question,
  position: _position,
  question_version: _version,
  latest_answer_id: _answer,
  latest_correct: _correct,
  latest_created_at: _created,
  latest_received_at: _received,
  ...test
}: T & SlotColumns): SavedTest {
  return test;
}

interface SlotColumns {
  slot_question_id: number | null;
  position: number | null;
  question_version: number | null;
  latest_answer_id: string | null;
  latest_correct: number | null;
  latest_created_at: string | null;
  latest_received_at: string | null;
}

/** Which of these answer ids are stored already (by anyone). */
async function heldAnswerIds(trx: Transaction<Database>, ids: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    const rows = await trx
      .selectFrom("answers")
      .select("id")
      .where("id", "in", ids.slice(i, i + INSERT_CHUNK))
      .execute();
    for (const r of rows) held.add(r.id);
  }
  return held;
}

/** What the statistics need of an answer: its order among its test question's answers, and whether it was right. */
interface CountedAnswer {
  id: string;
  correct?: number | null;
  created_at: string;
  received_at: string;
}

/**
 * The order the statistics take a test question's answers in (SR8): the device's time, then the
 * arrival, then (two answers of one push at one instant) the id, as `questionStatsByScan` does.
 */
const laterThan = (a: CountedAnswer, b: CountedAnswer) =>
  a.created_at !== b.created_at
    ? a.created_at > b.created_at
    : a.received_at !== b.received_at
      ? a.received_at > b.received_at
      : a.id > b.id;

/**
 * Keeps the summaries the question statistics are read from, in the transaction (and under the
 * savepoint) that writes the answers: each test question's latest applied answer
 * (`user_test_questions.latest_*`, migration 0019) and, per question, the test questions whose
 * latest applied answer exists, how many of those are correct, and when the latest of them
 * arrived (`question_stats`, migration 0017). A test question's first applied answer counts it;
 * a later one that becomes its latest moves the correct count by the difference. Nothing is read
 * but the slots the run read already; one multi-row update of the test questions, one multi-row
 * upsert in question order (so two pushes lock the rows in the same order). On PostgreSQL the
 * per-question deltas are appended to `question_stats_pending` instead (migration 0020): every
 * student answering the same questions would otherwise queue on their rows until each push commits.
 */
async function countIntoQuestionStats(
  { trx, dialect, combined }: Pick<BatchContext, "trx" | "dialect" | "combined">,
  rows: Insertable<AnswersTable>[],
  slots: Map<string, Slot>,
): Promise<void> {
  const before = new Map<string, CountedAnswer | null>();
  const latest = new Map<string, Insertable<AnswersTable>>();
  for (const r of rows) {
    if (r.applied !== 1) continue;
    const k = slotKey(r.user_test_id, r.question_id);
    if (!before.has(k)) before.set(k, slots.get(k)?.latest ?? null);
    const held = latest.get(k) ?? before.get(k);
    if (!held || laterThan(r, held)) latest.set(k, r);
  }
  if (latest.size === 0) return;
  const deltas = new Map<number, { answered: number; sum_correct: number; updated: string }>();
  const changed: LatestAnswerChange[] = [];
  for (const [k, r] of latest) {
    const was = before.get(k);
    const d = deltas.get(r.question_id) ?? { answered: 0, sum_correct: 0, updated: r.received_at };
    d.answered += was ? 0 : 1;
    d.sum_correct += Number(r.correct ?? 0) - Number(was?.correct ?? 0);
    if (r.received_at > d.updated) d.updated = r.received_at;
    deltas.set(r.question_id, d);
    const slot = slots.get(k);
    if (!slot) continue;
    const answer = { id: r.id, correct: r.correct ?? null, created_at: r.created_at, received_at: r.received_at };
    slot.latest = answer;
    changed.push({ ...answer, user_test_id: r.user_test_id, position: slot.position });
  }
  for (let i = 0; i < changed.length; i += INSERT_CHUNK)
    await writeOrCombine(trx, combined, latestAnswersUpdate(changed.slice(i, i + INSERT_CHUNK)));
  const stats = [...deltas].sort(([a], [b]) => a - b).map(([question_id, d]) => ({ question_id, ...d }));
  // PostgreSQL: appended, never a row other pushes wait on (folded later: routes/question/stats-fold.ts).
  if (dialect === "postgres") {
    for (let i = 0; i < stats.length; i += INSERT_CHUNK)
      await writeOrCombine(
        trx,
        combined,
        trx.insertInto("question_stats_pending").values(stats.slice(i, i + INSERT_CHUNK)),
      );
    return;
  }
  for (let i = 0; i < stats.length; i += INSERT_CHUNK)
    await trx
      .insertInto("question_stats")
      .values(stats.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) =>
        oc.column("question_id").doUpdateSet((eb) => ({
          answered: eb("question_stats.answered", "+", eb.ref("excluded.answered")),
          sum_correct: eb("question_stats.sum_correct", "+", eb.ref("excluded.sum_correct")),
          updated: sql<string>`case when question_stats.updated is null or excluded.updated > question_stats.updated
            then excluded.updated else question_stats.updated end`,
        })),
      )
      .execute();
}

/** A per-test answer computed once for a run. */
function memoByTest<T>(compute: (test: SavedTest) => Promise<T>) {
  const memo = new Map<string, Promise<T>>();
  return (test: SavedTest): Promise<T> => {
    let found = memo.get(test.id);
    if (!found) {
      found = compute(test);
      memo.set(test.id, found);
    }
    return found;
  };
}

/**
 * How far into the test this intent came, each way there is to tell (rules/timed-tests.ts): the
 * device's monotonic count, its wall clock from the test's start (only when the time of the
 * intent was read from the device), and the server's clock from the test's own server start.
 */
function timeInto(
  test: Pick<Selectable<UserTestsTable>, "server_started_at" | "created_at" | "started">,
  ctx: Pick<EffectContext, "createdAt" | "deviceClock" | "queuedMs" | "clock">,
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
