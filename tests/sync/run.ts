/**
 * Plays one schedule on a fresh device against the shared server, lets the queue settle over a
 * clean network, and compares the server (and the device) with the model. Returns the
 * discrepancies, each saying what is held and what should be; empty means the run holds.
 */

import type { GivenAnswer } from "@preflight/sync-protocol";
import type { Dialect } from "../../api/src/db/connect.ts";
import type { LocalQuestion } from "../../web/src/local/store/db.ts";
import { Device } from "./device.ts";
import { answerFor, describeIntent, type Intent, Model, NOTE_TEXTS } from "./model.ts";
import type { Meanwhile, Schedule, Step } from "./schedule.ts";
import { CookieJar, loginFrom, World } from "./world.ts";

export interface Stage {
  world: World;
  device: Device;
  bank: Map<number, LocalQuestion>;
  /** A few bank question ids that flags and seen-in-exam reports pick from. */
  pool: number[];
  /** Authority ids, in the device's list order. */
  authorities: string[];
}

/** How many bank questions flags and seen-in-exam reports pick from (so they repeat). */
export const POOL_SIZE = 6;

/** A new server (a SQLite file, or a PostgreSQL schema) and one installed device of the demo student. */
export async function openStage(on: Dialect = "sqlite"): Promise<Stage> {
  const world = await World.open(on);
  const device = new Device(world);
  await device.install();
  const questions = (await device.scope.db.questions.toArray()) as LocalQuestion[];
  const bank = new Map(questions.map((q) => [q.id, q]));
  const pool = [...bank.keys()].sort((a, b) => a - b).slice(0, POOL_SIZE);
  const authorities = (await device.scope.db.authorities.orderBy("position").toArray()).map((a) => a.id);
  if (bank.size === 0 || authorities.length === 0) throw new Error("the device has no bank or no authorities");
  return { world, device, bank, pool, authorities };
}

export interface RunOutcome {
  problems: string[];
  trace: string[];
}

const STEP_TIMEOUT_MS = 10_000;

export async function runSchedule(stage: Stage, schedule: Schedule): Promise<RunOutcome> {
  const { world, device } = stage;
  // A new device four hours later: every intent of this run is later than anything before it,
  // even on a device clock set up to three hours back (clock.test.ts), so "the latest intent
  // wins" only ever compares this run's own intents. (1000 runs move the clock about 5 months.)
  world.clock.tick(4 * 60 * 60_000);
  await device.reset();
  // The run starts signed in (an earlier run may have ended with a sign-in elsewhere).
  if (!(await sessionIsLive(stage))) await device.signIn();
  const trace: string[] = [`clientId ${await device.clientId()}`];
  const model = new Model(
    stage.bank,
    await serverFlags(world, device.userId),
    await serverZoom(world, device.userId),
    await serverNotes(world, device.userId),
    await serverMarks(world, device.userId),
  );
  const seenBefore = await seenCount(world, device.userId);

  for (const step of schedule.steps) {
    trace.push(await withTimeout(runStep(stage, model, step), `step ${describeStep(step)}`));
  }
  const settled = await withTimeout(settle(stage, model, schedule), "settle");
  trace.push(...settled.trace);
  const problems = [...settled.problems, ...(await compare(stage, model, seenBefore))];
  return { problems, trace };
}

/** Asks the server whether the device's cookie is a live session, without the device seeing the reply. */
async function sessionIsLive(stage: Stage): Promise<boolean> {
  const { world, device } = stage;
  if (!device.jar.cookie) return false;
  const response = await world.deliver({
    path: "/api/auth/me",
    method: "GET",
    headers: [["Cookie", device.jar.cookie]],
    body: undefined,
  });
  await response.arrayBuffer();
  return response.status === 200;
}

export function describeStep(step: Step): string {
  switch (step.kind) {
    case "intent":
      return describeIntent(step.intent);
    case "drain":
      return `${step.alsoWorker ? "page+worker " : ""}drain(${step.force ? "forced" : "unforced"}, batch ${step.batchSize}, faults [${step.faults
        .map((f) => f.kind + ("reached" in f ? (f.reached ? " after server" : " before server") : ""))
        .join(", ")}])`;
    default:
      return step.kind;
  }
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${STEP_TIMEOUT_MS} ms`)), STEP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, hung]);
  } finally {
    clearTimeout(timer);
  }
}

async function runStep(stage: Stage, model: Model, step: Step): Promise<string> {
  const { world, device } = stage;
  const label = describeStep(step);
  switch (step.kind) {
    case "intent":
      return `${label}: ${await runIntent(stage, model, step.intent)}`;
    case "drain": {
      const db = device.scope.db;
      const net = device.net;
      // The drain's own batch-size knob (meta.pushBatchSize), so one drain sends several pushes.
      if (step.batchSize !== 50) await db.meta.put({ key: "pushBatchSize", value: step.batchSize });
      net.queue.push(...step.faults);
      const meanwhile: string[] = [];
      let failedMeanwhile: unknown = null;
      // Runs inside the drain's fetch: its errors must not pass for network errors.
      const runDuring = async () => {
        try {
          for (const event of step.during) meanwhile.push(`  meanwhile ${await runMeanwhile(stage, model, event)}`);
        } catch (err) {
          failedMeanwhile = err;
        }
      };
      if (step.during.length) net.whileOnTheWire = runDuring;
      // Each drain either ends, or hangs for ever on a request whose page died.
      const drains = [device.drain({ force: step.force })];
      if (step.alsoWorker) drains.push(device.workerDrain({ force: step.force }));
      const outcomes: string[] = [];
      let deaths = 0;
      await new Promise<void>((resolve, reject) => {
        let ended = 0;
        const check = () => {
          if (ended + deaths === drains.length) resolve();
        };
        net.onPageDeath = () => {
          deaths++;
          check();
        };
        for (const drain of drains)
          drain.then(
            (outcome) => {
              outcomes.push(JSON.stringify(outcome));
              ended++;
              check();
            },
            (err: unknown) => reject(err),
          );
      });
      net.queue.length = 0;
      net.onPageDeath = () => {};
      // No request went out: the student's intents happen after the drain instead.
      if (net.whileOnTheWire) {
        net.whileOnTheWire = null;
        await runDuring();
      }
      if (failedMeanwhile) throw failedMeanwhile;
      if (deaths > 0) await device.reload();
      return [
        `${label} -> ${outcomes.join(" & ")}${deaths ? `${outcomes.length ? " & " : ""}page died mid-drain; reloaded` : ""}`,
        ...meanwhile,
      ].join("\n  ");
    }
    case "restart":
      await world.restart();
      return label;
    case "reload":
      await device.reload();
      return label;
    case "signed-in-elsewhere":
    case "sign-in":
      return runMeanwhile(stage, model, step);
    case "device-clock":
      device.clockOffsetMs = step.offsetMs;
      return `${label} set ${step.offsetMs / 60_000} min off the server's`;
  }
}

async function runMeanwhile(stage: Stage, model: Model, event: Meanwhile): Promise<string> {
  switch (event.kind) {
    case "intent":
      return `${describeIntent(event.intent)}: ${await runIntent(stage, model, event.intent)}`;
    case "signed-in-elsewhere":
      await loginFrom(stage.world, new CookieJar());
      model.sessionLive = false;
      return event.kind;
    case "sign-in":
      await stage.device.signIn();
      model.sessionLive = true;
      return event.kind;
  }
}

async function runIntent(stage: Stage, model: Model, intent: Intent): Promise<string> {
  const { device, bank, pool, authorities } = stage;
  const { test: tests, question: questions } = device.engine;
  const scope = device.scope;
  switch (intent.kind) {
    case "create": {
      const expected = model.expectedQuestions(intent.count, intent.seed);
      const test = await tests.createTest(scope, {
        test_type: "practice",
        title: "Property run",
        count: intent.count,
        display_answers: "after_test",
        seed: intent.seed,
        pass_percentage: intent.passPercentage,
      });
      if (JSON.stringify(test.question_ids) !== JSON.stringify(expected))
        throw new Error(`createTest picked ${test.question_ids} where the seed gives ${expected}`);
      model.created(test.id, test.question_ids, intent.passPercentage);
      return `test #${model.tests.length - 1} = ${test.id} [${test.question_ids}]`;
    }
    case "save": {
      const made = await ensureTest(stage, model, intent.question);
      const test = model.testAt(intent.test);
      if (!test) throw new Error("ensureTest made no test");
      const questionId = test.questionIds[intent.question % test.questionIds.length] as number;
      const given = answerFor(bank.get(questionId) as LocalQuestion, intent.pick);
      const expected = model.save(test, questionId, given);
      const what = `${test.id} q${questionId} ${JSON.stringify(given)}`;
      if (expected === "refused") {
        const error = await tests.saveAnswer(scope, test.id, questionId, given).then(
          () => null,
          (err: unknown) => err,
        );
        if (!(error instanceof tests.TestFinishedError))
          throw new Error(`saving into a finished test should throw TestFinishedError, got ${String(error)}`);
        return `${what}: refused on the device (test finished)`;
      }
      const correct = await tests.saveAnswer(scope, test.id, questionId, given);
      const want = expected === "ignored" ? null : test.latest.get(questionId)?.correct;
      if (correct !== want) throw new Error(`saveAnswer(${what}) returned ${correct}, expected ${want}`);
      return `${made}${what}: ${expected}`;
    }
    case "finish": {
      const made = await ensureTest(stage, model, intent.test);
      const test = model.testAt(intent.test);
      if (!test) throw new Error("ensureTest made no test");
      const queued = model.finish(test, intent.reason);
      const local = await tests.finishTest(scope, test.id, intent.reason);
      if (!local.finished) throw new Error(`finishTest left ${test.id} unfinished`);
      return `${made}${test.id}: ${queued ? `finished, predicted ${local.predicted?.score}` : "already finished"}`;
    }
    case "flag": {
      const questionId = pool[intent.question % pool.length] as number;
      const flagged = await questions.toggleFlag(scope, questionId);
      const expected = model.flag(questionId);
      if (flagged !== expected) throw new Error(`toggleFlag(${questionId}) gave ${flagged}, expected ${expected}`);
      return `q${questionId} -> ${flagged}`;
    }
    case "unflag-all":
      await questions.unflagAll(scope);
      model.unflagAll();
      return "done";
    case "note": {
      const questionId = pool[intent.question % pool.length] as number;
      const text = NOTE_TEXTS[intent.text % NOTE_TEXTS.length] as string;
      const queued = await questions.saveNote(scope, questionId, text);
      const expected = model.note(questionId, text);
      if (queued !== expected) throw new Error(`saveNote(${questionId}) queued ${queued}, expected ${expected}`);
      return `q${questionId} ${queued ? "queued" : "unchanged"}`;
    }
    case "mark": {
      const questionId = pool[intent.question % pool.length] as number;
      const queued = await device.engine.reviewMarks.setReviewMark(scope, questionId, intent.marked);
      const expected = model.mark(questionId, intent.marked);
      if (queued !== expected)
        throw new Error(`setReviewMark(${questionId}, ${intent.marked}) queued ${queued}, expected ${expected}`);
      return `q${questionId} ${queued ? `marked ${intent.marked}` : "unchanged"}`;
    }
    case "seen": {
      const questionId = pool[intent.question % pool.length] as number;
      const authority = authorities[intent.authority % authorities.length] as string;
      const report = await questions.reportSeenInExam(scope, questionId, intent.month, authority);
      model.seen({ id: report.id, questionId, month: intent.month, authority });
      return `report ${report.id} q${questionId} ${intent.month} ${authority}`;
    }
    case "zoom": {
      const zoom = await questions.setZoom(scope, intent.tenths / 10);
      if (Math.round(zoom * 10) !== intent.tenths) throw new Error(`setZoom stored ${zoom}`);
      model.zoom(intent.tenths);
      return `zoom ${zoom}`;
    }
  }
}

/** A save or finish before any test: the student starts one first (1 to 4 questions, by `n`). */
async function ensureTest(stage: Stage, model: Model, n: number): Promise<string> {
  if (model.tests.length > 0) return "";
  const create: Intent = { kind: "create", count: (n % 4) + 1, seed: n * 7919, passPercentage: null };
  return `(no test yet: ${describeIntent(create)}: ${await runIntent(stage, model, create)}) `;
}

/**
 * The faults stop: what the network held arrives, the student signs in again if the device was
 * paused, and the drain runs over a clean network until nothing is left to send.
 */
async function settle(
  stage: Stage,
  model: Model,
  schedule: Schedule,
): Promise<{ trace: string[]; problems: string[] }> {
  const { device } = stage;
  const trace: string[] = [];
  const problems: string[] = [];
  const held = await device.net.flushHeld();
  if (held) trace.push(`settle: the network delivered ${held} held request(s)`);
  // The student signed in on this device after any sign-in elsewhere: nothing from before that
  // may leave the device signed out or its replay paused (DR3, ID8).
  if (model.sessionLive) {
    const paused = await device.paused();
    if (paused)
      problems.push(
        `the device's replay is paused ("${paused}") although the student signed in again after the session ended`,
      );
    if (!device.jar.cookie)
      problems.push(
        "the device has lost its session cookie although the student signed in again after the session ended",
      );
  }
  let signedInAgain = false;
  for (let round = 0; round < 6 && (await device.unsettled()) > 0; round++) {
    if (await device.paused()) {
      if (signedInAgain) throw new Error("the drain is still paused after the same student signed in again (ID8)");
      await device.signIn();
      model.sessionLive = true;
      signedInAgain = true;
      trace.push("settle: signed in again");
      continue;
    }
    const outcome = await device.drain({ force: true });
    trace.push(`settle: drain -> ${JSON.stringify(outcome)}`);
    if (outcome.kind !== "paused") signedInAgain = false;
  }
  const left = await device.unsettled();
  if (left > 0) throw new Error(`the queue did not settle over a clean network: ${left} entries still to send`);
  if (schedule.lateEchoes) {
    // Every request of the run arrives once more, late (a proxy's retry, a stale connection).
    for (const req of device.net.history) {
      const response = await stage.world.deliver(req);
      await response.arrayBuffer();
    }
    trace.push(`settle: ${device.net.history.length} late echo(es) delivered`);
  }
  return { trace, problems };
}

async function serverFlags(world: World, userId: string): Promise<Map<number, boolean>> {
  const rows = await world.db
    .selectFrom("flags")
    .select(["question_id", "flagged"])
    .where("user_id", "=", userId)
    .execute();
  return new Map(rows.map((r) => [r.question_id, r.flagged === 1]));
}

async function serverNotes(world: World, userId: string): Promise<Map<number, string>> {
  const rows = await world.db
    .selectFrom("question_notes")
    .select(["question_id", "text"])
    .where("user_id", "=", userId)
    .execute();
  return new Map(rows.map((r) => [r.question_id, r.text]));
}

async function serverMarks(world: World, userId: string): Promise<Map<number, boolean>> {
  const rows = await world.db
    .selectFrom("question_review_marks")
    .select(["question_id", "marked"])
    .where("user_id", "=", userId)
    .execute();
  return new Map(rows.map((r) => [r.question_id, r.marked === 1]));
}

async function serverZoom(world: World, userId: string): Promise<number | null> {
  const row = await world.db
    .selectFrom("user_settings")
    .select("zoom_tenths")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.zoom_tenths ?? null;
}

async function seenCount(world: World, userId: string): Promise<number> {
  const row = await world.db
    .selectFrom("seen_in_exam")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The invariant: the server holds the intents applied once, in order; the device agrees with it. */
async function compare(stage: Stage, model: Model, seenBefore: number): Promise<string[]> {
  const { world, device } = stage;
  const db = world.db;
  const local = device.scope.db;
  const userId = device.userId;
  const problems: string[] = [];
  const expect = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };

  // Nothing left behind on the device, nothing refused.
  const outbox = await local.outbox.toArray();
  expect(
    outbox.length === 0,
    `device outbox holds ${outbox.length} entries, should be empty: ${JSON.stringify(outbox.map((e) => [e.seq, e.call, e.status, e.lastError]))}`,
  );
  const notices = await local.notices.toArray();
  expect(notices.length === 0, `device has notices, should have none: ${JSON.stringify(notices)}`);

  // Exactly once: one mutations row per queued intent the device has not acknowledged yet (the
  // rows behind its acknowledged cursor are pruned, SR23), the cursor at the last seq.
  const clientId = await device.clientId();
  const cursor = await db
    .selectFrom("client_cursors")
    .select(["last_seq", "pruned_seq"])
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  const pruned = cursor?.pruned_seq ?? 0;
  expect(
    pruned >= 0 && pruned <= model.queued,
    `server pruned this client's rows up to seq ${pruned}, beyond the ${model.queued} queued`,
  );
  const mutations = await db
    .selectFrom("mutations")
    .select(["seq", "status", "call", "reply"])
    .where("client_id", "=", clientId)
    .orderBy("seq")
    .execute();
  expect(
    mutations.length === model.queued - pruned,
    `server holds ${mutations.length} mutations of this client, should hold ${model.queued - pruned} (one per queued intent after the ${pruned} pruned)`,
  );
  expect(
    same(
      mutations.map((m) => m.seq),
      Array.from({ length: mutations.length }, (_, i) => pruned + i + 1),
    ),
    `server mutation seqs ${mutations.map((m) => m.seq)} should run ${pruned + 1}…${model.queued}`,
  );
  for (const m of mutations.filter((m) => m.status !== "applied"))
    problems.push(`server refused seq ${m.seq} ${m.call}: ${m.reply}; every intent was valid`);
  expect(
    (cursor?.last_seq ?? 0) === model.queued,
    `server cursor for this client is at ${cursor?.last_seq}, should be ${model.queued}`,
  );

  // Tests: created once, with the device's questions; finished ones marked as the model says.
  const ids = model.tests.map((t) => t.id);
  const serverTests = ids.length ? await db.selectFrom("user_tests").selectAll().where("id", "in", ids).execute() : [];
  const slots = ids.length
    ? await db
        .selectFrom("user_test_questions")
        .select(["user_test_id", "question_id", "position"])
        .where("user_test_id", "in", ids)
        .orderBy("position")
        .execute()
    : [];
  const answers = ids.length
    ? await db
        .selectFrom("answers")
        .select(["user_test_id", "question_id", "given", "correct", "applied", "created_at", "received_at"])
        .where("user_test_id", "in", ids)
        .orderBy("created_at")
        .orderBy("received_at")
        .execute()
    : [];
  for (const test of model.tests) {
    const row = serverTests.find((r) => r.id === test.id);
    if (!row) {
      problems.push(`server has no test ${test.id}; the device created it`);
      continue;
    }
    expect(row.user_id === userId, `test ${test.id} belongs to ${row.user_id}, should be ${userId}`);
    const questionIds = slots.filter((s) => s.user_test_id === test.id).map((s) => s.question_id);
    expect(
      same(questionIds, test.questionIds),
      `test ${test.id} holds questions ${questionIds}, should ${test.questionIds}`,
    );

    const rows = answers.filter((a) => a.user_test_id === test.id);
    const applied = rows.filter((a) => a.applied === 1);
    expect(
      applied.length === test.saves,
      `test ${test.id}: server holds ${applied.length} applied answers, should hold ${test.saves} (one per non-empty save)`,
    );
    expect(
      rows.length === applied.length,
      `test ${test.id}: server holds ${rows.length - applied.length} answers not applied, should hold none`,
    );
    const latest = new Map<number, (typeof rows)[number]>();
    for (const a of applied) latest.set(a.question_id, a);
    const localAnswers = await local.answers.where("testId").equals(test.id).toArray();
    expect(
      localAnswers.length === test.latest.size,
      `test ${test.id}: device holds ${localAnswers.length} answers, should hold ${test.latest.size}`,
    );
    for (const [questionId, want] of test.latest) {
      const held = latest.get(questionId);
      const heldGiven = held ? (JSON.parse(held.given) as GivenAnswer) : undefined;
      expect(
        same(heldGiven, want.given) && held?.correct === (want.correct ? 1 : 0),
        `test ${test.id} q${questionId}: server's latest answer is ${held?.given} (correct ${held?.correct}), should be ${JSON.stringify(want.given)} (correct ${want.correct})`,
      );
      const mine = localAnswers.find((a) => a.questionId === questionId);
      expect(
        same(mine?.given, want.given),
        `test ${test.id} q${questionId}: device's answer is ${JSON.stringify(mine?.given)}, should be ${JSON.stringify(want.given)}`,
      );
    }
    for (const questionId of latest.keys())
      expect(test.latest.has(questionId), `test ${test.id}: server holds an answer for q${questionId}, never given`);

    const localTest = await local.userTests.get(test.id);
    if (!test.finished) {
      expect(
        row.finished_at === null,
        `test ${test.id} is finished on the server (${row.finished_at}), never finished`,
      );
      continue;
    }
    const { outcome, reason } = test.finished;
    const serverOutcome = {
      score: row.score,
      total_score: row.total_score,
      percentage: row.percentage,
      pass: row.pass === null ? null : row.pass === 1,
    };
    expect(row.finished_at !== null, `test ${test.id} is not finished on the server; the device finished it`);
    expect(row.ended === reason, `test ${test.id} ended "${row.ended}" on the server, should be "${reason}"`);
    expect(
      same(serverOutcome, outcome),
      `test ${test.id}: server marked ${JSON.stringify(serverOutcome)}, should be ${JSON.stringify(outcome)}`,
    );
    expect(
      localTest?.predicted?.score === row.score,
      `test ${test.id}: the device predicted ${localTest?.predicted?.score} correct, the server marked ${row.score}`,
    );
    const marked = localTest?.marked;
    expect(
      marked != null &&
        marked.score === row.score &&
        marked.percentage === row.percentage &&
        marked.pass === (row.pass === 1) &&
        marked.total_score === row.total_score,
      `test ${test.id}: device's marked result is ${JSON.stringify(marked)}, should equal the server's ${JSON.stringify(serverOutcome)}`,
    );
  }

  // Flags: the latest intent per question (set states, unflag all clears).
  const flags = await serverFlags(world, userId);
  for (const q of new Set([...flags.keys(), ...model.serverFlags.keys()])) {
    const held = flags.get(q) ?? false;
    const want = model.serverFlags.get(q) ?? false;
    expect(held === want, `flag of q${q} is ${held} on the server, should be ${want}`);
  }
  for (const [q, want] of model.deviceFlags) {
    const mine = (await local.flags.get(q))?.flagged ?? false;
    expect(mine === want, `flag of q${q} is ${mine} on the device, should be ${want}`);
  }

  // Notes: the last text written per question, on the server and on the device (SR24).
  const notes = await serverNotes(world, userId);
  for (const q of new Set([...notes.keys(), ...model.serverNotes.keys()])) {
    const held = notes.get(q) ?? "";
    const want = model.serverNotes.get(q) ?? "";
    expect(held === want, `note of q${q} is ${JSON.stringify(held)} on the server, should be ${JSON.stringify(want)}`);
  }
  for (const [q, want] of model.deviceNotes) {
    const mine = (await local.notes.get(q))?.text ?? "";
    expect(mine === want, `note of q${q} is ${JSON.stringify(mine)} on the device, should be ${JSON.stringify(want)}`);
  }

  // Review marks: the last state set per question, on the server and on the device (SR26).
  const marks = await serverMarks(world, userId);
  for (const q of new Set([...marks.keys(), ...model.serverMarks.keys()])) {
    const held = marks.get(q) ?? false;
    const want = model.serverMarks.get(q) ?? false;
    expect(held === want, `review mark of q${q} is ${held} on the server, should be ${want}`);
  }
  for (const [q, want] of model.deviceMarks) {
    const mine = (await local.reviewMarks.get(q))?.marked ?? false;
    expect(mine === want, `review mark of q${q} is ${mine} on the device, should be ${want}`);
  }

  // Seen in exam: each report once.
  const reportIds = model.reports.map((r) => r.id);
  const reports = reportIds.length
    ? await db.selectFrom("seen_in_exam").selectAll().where("id", "in", reportIds).execute()
    : [];
  for (const want of model.reports) {
    const held = reports.find((r) => r.id === want.id);
    expect(
      held !== undefined &&
        held.user_id === userId &&
        held.question_id === want.questionId &&
        held.date_seen === want.month &&
        held.authority_id === want.authority,
      `seen-in-exam report ${want.id}: server holds ${JSON.stringify(held)}, should hold ${JSON.stringify(want)}`,
    );
  }
  const seenAfter = await seenCount(world, userId);
  expect(
    seenAfter === seenBefore + model.reports.length,
    `server holds ${seenAfter - seenBefore} new seen-in-exam rows, should hold ${model.reports.length}`,
  );

  // Zoom: the last one set.
  const zoom = await serverZoom(world, userId);
  expect(zoom === model.zoomTenths, `server zoom is ${zoom} tenths, should be ${model.zoomTenths}`);
  return problems;
}
