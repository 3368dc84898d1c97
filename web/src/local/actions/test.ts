/** Test-taking intents: create a test, save an answer, finish. Each is one runAction. */
import type { DisplayAnswers, TestType } from "@preflight/sync-protocol/rules/constants";
import { testOutcome } from "@preflight/sync-protocol/rules/pass-mark";
import { pickQuestions } from "@preflight/sync-protocol/rules/selection";
import { localDay, testStartRefusal } from "@preflight/sync-protocol/rules/subscription-access";
import { isTimeUp } from "@preflight/sync-protocol/rules/timed-tests";
import { gradeOnDevice } from "@preflight/sync-protocol/rules/withheld-answers";
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { type TestResult, testResultSchema } from "@preflight/sync-protocol/schemas/test";
import { v7 as uuidv7 } from "uuid";
import { type LocalScope, runAction } from "../outbox/action.ts";
import { registerCallHandling } from "../outbox/calls.ts";
import {
  answerKey,
  archiveKey,
  getMeta,
  type LocalShownQuestion,
  type LocalUserTest,
  type TestEnd,
  type UserDb,
} from "../store/db.ts";
import { testElapsedMs } from "./test-clock.ts";

export interface NewTest {
  test_type: TestType;
  title: string;
  count: number;
  /** Choose from these questions only (default: the whole bank on the device). */
  from?: number[];
  /** `from` is the test already chosen and ordered (the practice builder): take it as it is. */
  ordered?: boolean;
  display_answers: DisplayAnswers;
  seed: number;
  time_limit?: number | null;
  pass_percentage?: number | null;
  /** A fixed test: its questions in the school's order and versions, and the school's choices. */
  fixed?: FixedTestStart;
  /** The progress test this test is taken of (its questions come as `from`, `ordered`); the server checks its access rules. */
  progress_test_id?: number;
}

/** What a test taken from a fixed test keeps of it (the server applies the same on replay). */
export interface FixedTestStart {
  id: number;
  question_ids: number[];
  question_versions: number[];
  hide_results: boolean;
  hide_answers: boolean;
  /** Another attempt remains after this one. */
  can_retake: boolean;
}

/** A test the device will not start, with words for the student (screens show its message). */
export class TestStartRefusedError extends Error {}

export class NoQuestionsError extends TestStartRefusedError {}

/** A new test while no subscription or free trial runs (the message says when it ended and what stays open). */
export class SubscriptionRequiredError extends TestStartRefusedError {}

/**
 * Called before the action's transaction (which may only await Dexie's own calls).
 * The device's copy of the subscription decides offline whether a new test may start
 * (rules/subscription-access.ts); the server checks again on replay. Before the first profile
 * step the device knows nothing, and the server decides.
 */
async function refuseWithoutSubscription(db: UserDb, now: Date, fixed: boolean): Promise<void> {
  const profile = await getMeta<PulledProfile>(db, "profile");
  if (!profile) return;
  const refusal = testStartRefusal(profile.account?.subscription ?? profile.subscription, { fixed }, localDay(now));
  if (refusal) throw new SubscriptionRequiredError(refusal);
}

/** Builds a test on the device from the local bank (offline too) and queues its creation. */
export async function createTest(scope: LocalScope, spec: NewTest): Promise<LocalUserTest> {
  const { db } = scope;
  await refuseWithoutSubscription(db, scope.now(), spec.fixed !== undefined);
  return runAction(scope, [db.userTests, db.questions], async (ctx) => {
    const ids = spec.from ?? ((await db.questions.toCollection().primaryKeys()) as number[]);
    // A fixed test keeps the school's questions, order and versions; others are picked at random.
    const question_ids = spec.fixed
      ? spec.fixed.question_ids
      : spec.ordered && spec.from
        ? spec.from
        : pickQuestions(ids, spec.count, spec.seed);
    if (question_ids.length === 0) throw new NoQuestionsError("There are no questions available on this device yet.");
    const question_versions =
      spec.fixed?.question_versions ?? (await db.questions.bulkGet(question_ids)).map((q) => q?.version ?? 1);
    const test: LocalUserTest = {
      id: uuidv7(),
      title: spec.title,
      test_type: spec.test_type,
      display_answers: spec.display_answers,
      time_limit: spec.time_limit ?? null,
      pass_percentage: spec.pass_percentage ?? null,
      question_ids,
      question_versions,
      started: ctx.now.toISOString(),
      finished: null,
      ended: null,
      can_retake: spec.fixed?.can_retake ?? true,
      hide_results: spec.fixed?.hide_results ?? false,
      retake_of: null,
      ...(spec.fixed ? { fixed_test_id: spec.fixed.id, hide_answers: spec.fixed.hide_answers } : {}),
      ...(spec.progress_test_id ? { progress_test_id: spec.progress_test_id } : {}),
      predicted: null,
      marked: null,
      position: 1,
    };
    await db.userTests.add(test);
    await ctx.enqueue(
      "POST /test/generate/{test_type}",
      { test_type: spec.test_type },
      {
        user_test_id: test.id,
        test_type: test.test_type,
        title: test.title,
        display_answers: test.display_answers,
        time_limit: test.time_limit,
        pass_percentage: test.pass_percentage,
        question_ids,
        question_versions,
        started: test.started,
        ...(spec.fixed ? { fixed_test_id: spec.fixed.id } : {}),
        ...(spec.progress_test_id ? { progress_test_id: spec.progress_test_id } : {}),
      },
    );
    return test;
  });
}

export class TestFinishedError extends Error {}
export class TimeExpiredError extends Error {}

/**
 * Saves one answer: the local record and its mutation together. An empty answer does nothing
 * (spec). Returns the device's prediction of correctness; null when nothing was saved, or when
 * the school withholds the question's answers.
 */
export async function saveAnswer(
  scope: LocalScope,
  testId: string,
  questionId: number,
  given: GivenAnswer,
): Promise<boolean | null> {
  const { db } = scope;
  return runAction(scope, [db.userTests, db.questions, db.questionArchive, db.answers], async (ctx) => {
    const test = await db.userTests.get(testId);
    if (!test) throw new Error(`no test ${testId}`);
    if (test.finished) throw new TestFinishedError("This test has been finished; no further answers are accepted.");
    const elapsed_ms = testElapsedMs(test, ctx.now);
    if (isTimeUp(test.time_limit, { deviceElapsedMs: elapsed_ms })) throw new TimeExpiredError("Time expired");
    const question = (
      await testQuestions(db, { ...test, question_ids: [questionId], question_versions: [versionIn(test, questionId)] })
    )[0];
    if (!question) throw new Error(`question ${questionId} is not on this device`);
    // A withheld question is recorded ungraded: the server grades it on arrival.
    const grade = gradeOnDevice(question, given);
    if (!grade.answered) return null;
    await db.answers.put({
      key: answerKey(testId, questionId),
      testId,
      questionId,
      given,
      correct: grade.correct,
      savedAt: ctx.now.toISOString(),
    });
    await ctx.enqueue(
      "POST /test/current/save",
      {},
      { user_test_id: testId, question_id: questionId, answers: given, elapsed_ms },
    );
    return grade.correct;
  });
}

function versionIn(test: LocalUserTest, questionId: number): number {
  return test.question_versions[test.question_ids.indexOf(questionId)] ?? 1;
}

/** The questions of a test as it was taken: the bank's copy, or the archived version it used. */
export async function testQuestions(
  db: UserDb,
  test: Pick<LocalUserTest, "question_ids" | "question_versions">,
): Promise<(LocalShownQuestion | undefined)[]> {
  const current: (LocalShownQuestion | undefined)[] = await db.questions.bulkGet(test.question_ids);
  const stale = test.question_ids
    .map((id, i) => ({ id, i, version: test.question_versions[i] ?? 1 }))
    // Changed since the test was built, or gone from the bank (retired): the archive keeps it.
    .filter(({ i, version }) => current[i]?.version !== version);
  if (stale.length === 0) return current;
  const archived = await db.questionArchive.bulkGet(stale.map((s) => archiveKey(s.id, s.version)));
  const out = current.slice();
  stale.forEach((s, k) => {
    out[s.i] = archived[k]?.question;
  });
  return out;
}

/** The device's marking of a test, or null when some answer is the server's to grade (withheld). */
export async function predictResult(db: UserDb, test: LocalUserTest): Promise<TestResult | null> {
  const answers = await db.answers.where("testId").equals(test.id).toArray();
  if (answers.some((a) => a.correct === null)) return null;
  const score = answers.filter((a) => a.correct).length;
  const outcome = testOutcome(score, test.question_ids.length, test.pass_percentage);
  return {
    id: test.id,
    title: test.title,
    test_type: test.test_type,
    ...outcome,
    marked: true,
    answered: answers.length,
  };
}

/** The moment a timed test runs out, or null for an untimed one. */
export function deadlineOf(test: Pick<LocalUserTest, "started" | "time_limit">): Date | null {
  return test.time_limit ? new Date(new Date(test.started).getTime() + test.time_limit * 60_000) : null;
}

/**
 * Ends the test: finished by the student, abandoned (still marked, spec), or closed when its
 * time ran out (marked with what was answered, as of the deadline). The device predicts the
 * result at once; the server's marking follows.
 */
export async function finishTest(
  scope: LocalScope,
  testId: string,
  reason: TestEnd = "finished",
): Promise<LocalUserTest> {
  const { db } = scope;
  return runAction(scope, [db.userTests, db.answers], async (ctx) => {
    const test = await db.userTests.get(testId);
    if (!test) throw new Error(`no test ${testId}`);
    if (test.finished) return test;
    const deadline = deadlineOf(test);
    const elapsed_ms = testElapsedMs(test, ctx.now);
    const ended: TestEnd = isTimeUp(test.time_limit, { deviceElapsedMs: elapsed_ms }) ? "time_expired" : reason;
    const finished = (ended === "time_expired" && deadline ? deadline : ctx.now).toISOString();
    const predicted = await predictResult(db, test);
    await db.userTests.update(testId, { finished, ended, predicted });
    await ctx.enqueue(
      "POST /test/current/finish/{id}",
      { id: testId },
      { flush_session: true, finished, reason: ended, elapsed_ms },
    );
    return { ...test, finished, ended, predicted };
  });
}

// The server's marking replaces the device's prediction once the finish is applied. A reply
// without the result (e.g. the school hides it) leaves the prediction as it is.
registerCallHandling("POST /test/current/finish/{id}", {
  tables: ["userTests"],
  onApplied: async (reply, _entry, db) => {
    const parsed = testResultSchema.safeParse((reply as { result?: unknown } | null)?.result);
    if (parsed.success) await db.userTests.update(parsed.data.id, { marked: parsed.data });
  },
});

/** Retake: a new test with the same questions and settings (spec: /test/retake/{user_test_id}). */
export async function retakeTest(scope: LocalScope, previousId: string): Promise<LocalUserTest> {
  const { db } = scope;
  // Read outside the action's transaction: it may only await Dexie's own calls.
  const fixed = (await db.userTests.get(previousId))?.fixed_test_id != null;
  await refuseWithoutSubscription(db, scope.now(), fixed);
  return runAction(scope, [db.userTests], async (ctx) => {
    const previous = await db.userTests.get(previousId);
    if (!previous) throw new Error(`no test ${previousId}`);
    if (!previous.can_retake) throw new Error("This test cannot be retaken.");
    const test: LocalUserTest = {
      ...previous,
      id: uuidv7(),
      started: ctx.now.toISOString(),
      finished: null,
      ended: null,
      predicted: null,
      marked: null,
      position: 1,
      retake_of: previous.id,
    };
    await db.userTests.add(test);
    await ctx.enqueue(
      "POST /test/generate/{test_type}",
      { test_type: test.test_type },
      {
        user_test_id: test.id,
        test_type: test.test_type,
        title: test.title,
        display_answers: test.display_answers,
        time_limit: test.time_limit,
        pass_percentage: test.pass_percentage,
        question_ids: test.question_ids,
        question_versions: test.question_versions,
        started: test.started,
        retake_of: previous.id,
        // A retaken fixed test is another attempt at it, checked again on replay.
        ...(previous.fixed_test_id ? { fixed_test_id: previous.fixed_test_id } : {}),
        // A retaken progress test is another attempt at it, checked again on replay.
        ...(previous.progress_test_id ? { progress_test_id: previous.progress_test_id } : {}),
      },
    );
    return test;
  });
}

/** Where the student is in the test; local only, so a reload returns to the same question. */
export async function setPosition(db: UserDb, testId: string, position: number): Promise<void> {
  await db.userTests.update(testId, { position });
}
