/**
 * Proof that each fault of the sync property does what it says (DESIGN.md: prove each fault
 * works before trusting a green run), that the world around it (server restart, page reload,
 * sign-in elsewhere) is real, and that the property's comparison catches what it must.
 */
import "fake-indexeddb/auto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DIALECTS } from "../../api/src/test-support/harness.ts";
import type { LocalQuestion } from "../../web/src/local/store/db.ts";
import type { Device } from "./device.ts";
import type { Fault } from "./faults.ts";
import { answerFor } from "./model.ts";
import { openStage, runSchedule, type Stage } from "./run.ts";
import type { Schedule } from "./schedule.ts";
import { CookieJar, loginFrom, type World } from "./world.ts";

interface PushReplyBody {
  results: { seq: number; status: string }[];
}

for (const dialect of DIALECTS)
  describe(`fault injectors [${dialect}]`, () => {
    let stage: Stage;
    let world: World;
    let device: Device;
    let testId: string;

    beforeAll(async () => {
      stage = await openStage(dialect);
      ({ world, device } = stage);
    });
    afterAll(async () => {
      vi.unstubAllGlobals();
      await world.close();
    });

    /** A fresh device with two queued intents: create a test, answer its first question correctly. */
    beforeEach(async () => {
      await device.reset();
      const { test: actions } = device.engine;
      const test = await actions.createTest(device.scope, {
        test_type: "practice",
        title: "Faults",
        count: 2,
        display_answers: "after_test",
        seed: 7,
      });
      testId = test.id;
      const first = stage.bank.get(test.question_ids[0] as number) as LocalQuestion;
      const given = answerFor(first, "correct");
      expect(await actions.saveAnswer(device.scope, test.id, first.id, given)).toBe(true);
      expect(await device.scope.db.outbox.count()).toBe(2);
    });

    /** The push the drain would send for the whole outbox. */
    async function pushInit(): Promise<RequestInit> {
      const entries = await device.scope.db.outbox.orderBy("seq").toArray();
      const mutations = entries.map(({ id, clientId, seq, userId, createdAt, call, body }) => ({
        id,
        clientId,
        seq,
        userId,
        createdAt,
        call,
        body,
      }));
      return {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ protocol: 1, clientId: await device.clientId(), mutations }),
      };
    }

    async function send(fault: Fault, init?: RequestInit): Promise<Response> {
      device.net.queue.push(fault);
      return device.net.fetch("/sync/push", init ?? (await pushInit()));
    }

    /** What the server holds of this device: its mutations, and the answers of the test. */
    async function server() {
      const mutations = await world.db
        .selectFrom("mutations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("client_id", "=", await device.clientId())
        .executeTakeFirstOrThrow();
      const answers = await world.db
        .selectFrom("answers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_test_id", "=", testId)
        .executeTakeFirstOrThrow();
      const tests = await world.db
        .selectFrom("user_tests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("id", "=", testId)
        .executeTakeFirstOrThrow();
      return { mutations: Number(mutations.n), answers: Number(answers.n), tests: Number(tests.n) };
    }

    const NOTHING = { mutations: 0, answers: 0, tests: 0 };
    const APPLIED = { mutations: 2, answers: 1, tests: 1 };

    function rejection(promise: Promise<unknown>): Promise<unknown> {
      return promise.then(
        () => "resolved",
        (err: unknown) => err,
      );
    }

    it("none: delivered once, applied, the device gets the reply", async () => {
      const before = world.delivered;
      const response = await send({ kind: "none" });
      expect(response.status).toBe(200);
      expect(((await response.json()) as PushReplyBody).results.map((r) => r.status)).toEqual(["applied", "applied"]);
      expect(world.delivered - before).toBe(1);
      expect(await server()).toEqual(APPLIED);
    });

    it("request lost: the server never sees it; the device gets a network error", async () => {
      const before = world.delivered;
      const error = await rejection(send({ kind: "request-lost" }));
      expect(error).toBeInstanceOf(TypeError);
      expect(world.delivered - before).toBe(0);
      expect(await server()).toEqual(NOTHING);
    });

    it("response lost: the effect is on the server, yet the device sees an error and keeps its entries", async () => {
      const error = await rejection(send({ kind: "response-lost" }));
      expect(error).toBeInstanceOf(TypeError);
      expect(device.net.log.at(-1)).toMatchObject({ fault: "response-lost", seen: "TypeError", deliveries: 1 });
      expect(await server()).toEqual(APPLIED);
      // Through the drain: the student's device still holds both entries and backs off.
      await device.reset();
      await device.engine.question.setZoom(device.scope, 1.3);
      device.net.queue.push({ kind: "response-lost" });
      const outcome = await device.drain();
      expect(outcome).toMatchObject({ kind: "retry-later", sent: 0 });
      expect(outcome.kind === "retry-later" && outcome.reason).toMatch(/^network: TypeError/);
      expect(await device.scope.db.outbox.count()).toBe(1);
      const zoom = await world.db
        .selectFrom("user_settings")
        .select("zoom_tenths")
        .where("user_id", "=", device.userId)
        .executeTakeFirst();
      expect(zoom?.zoom_tenths).toBe(13);
    });

    it.each([
      ["http-500", 500],
      ["http-503", 503],
    ] as const)("%s: answered by a proxy without reaching the server", async (kind, status) => {
      const before = world.delivered;
      const response = await send({ kind });
      expect(response.status).toBe(status);
      expect(world.delivered - before).toBe(0);
      expect(await server()).toEqual(NOTHING);
      device.net.queue.push({ kind });
      expect(await device.drain()).toMatchObject({ kind: "retry-later", reason: `server said ${status}` });
    });

    it("captive portal: 200 text/html without reaching the server; the drain retries later", async () => {
      const before = world.delivered;
      const response = await send({ kind: "captive-portal" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html");
      expect(world.delivered - before).toBe(0);
      device.net.queue.push({ kind: "captive-portal" });
      const outcome = await device.drain();
      expect(outcome.kind === "retry-later" && outcome.reason).toMatch(/^unreadable reply/);
      expect(await server()).toEqual(NOTHING);
    });

    it.each([false, true])(
      "[DR16] timeout (server reached: %s): the device's time-out fires (TimeoutError)",
      async (reached) => {
        const before = world.delivered;
        const error = await rejection(send({ kind: "timeout", reached }));
        expect(error).toBeInstanceOf(DOMException);
        expect((error as DOMException).name).toBe("TimeoutError");
        expect(world.delivered - before).toBe(reached ? 1 : 0);
        expect(await server()).toEqual(reached ? APPLIED : NOTHING);
        device.net.queue.push({ kind: "timeout", reached });
        const outcome = await device.drain();
        expect(outcome.kind === "retry-later" && outcome.reason).toMatch(/^network: TimeoutError/);
      },
    );

    it("duplicate: delivered twice in a row, applied once; the device gets the second reply", async () => {
      const before = world.delivered;
      const response = await send({ kind: "duplicate" });
      expect(world.delivered - before).toBe(2);
      expect(device.net.log.at(-1)).toMatchObject({ fault: "duplicate", seen: "200", deliveries: 2 });
      expect(((await response.json()) as PushReplyBody).results.map((r) => r.status)).toEqual([
        "duplicate",
        "duplicate",
      ]);
      expect(await server()).toEqual(APPLIED);
    });

    it("duplicate at once: both copies inside the server together, applied once", async () => {
      const before = world.delivered;
      world.maxInFlight = 0;
      const response = await send({ kind: "duplicate-concurrent" });
      expect(world.delivered - before).toBe(2);
      expect(world.maxInFlight).toBe(2);
      const statuses = ((await response.json()) as PushReplyBody).results.map((r) => r.status);
      expect(statuses.every((s) => s === "applied" || s === "duplicate")).toBe(true);
      expect(await server()).toEqual(APPLIED);
    });

    it("hold: the device times out, nothing arrives; it arrives right after the next request", async () => {
      const before = world.delivered;
      const error = await rejection(send({ kind: "hold" }));
      expect((error as DOMException).name).toBe("TimeoutError");
      expect(world.delivered - before).toBe(0);
      expect(await server()).toEqual(NOTHING);
      expect(device.net.held).toHaveLength(1);
      device.net.queue.push({ kind: "none" });
      const next = await device.net.fetch("/api/auth/me");
      expect(next.status).toBe(200);
      expect(world.arrivals.slice(-2)).toEqual(["/api/auth/me", "/sync/push"]);
      expect(device.net.held).toHaveLength(0);
      expect(await server()).toEqual(APPLIED);
    });

    it("replay stale: the request is delivered, then an earlier one arrives again", async () => {
      await send({ kind: "none" });
      const before = world.delivered;
      device.net.queue.push({ kind: "replay-stale", pick: 0 });
      const response = await device.net.fetch("/api/auth/me");
      expect(response.status).toBe(200);
      expect(world.delivered - before).toBe(2);
      expect(world.arrivals.slice(-2)).toEqual(["/api/auth/me", "/sync/push"]);
      expect(device.net.history).toHaveLength(2);
      expect(await server()).toEqual(APPLIED);
    });

    it("[SR23] replay stale after pruning: an earlier batch arriving once its rows are pruned writes nothing", async () => {
      await send({ kind: "none" });
      expect(await device.drain()).toMatchObject({ kind: "drained", sent: 2 });
      // One more answer, pushed on its own: that push acknowledges seqs 1 and 2, whose rows go.
      const test = await device.scope.db.userTests.get(testId);
      const second = stage.bank.get(test?.question_ids[1] as number) as LocalQuestion;
      expect(await device.engine.test.saveAnswer(device.scope, testId, second.id, answerFor(second, "correct"))).toBe(
        true,
      );
      expect(await device.drain()).toMatchObject({ kind: "drained", sent: 1 });
      const cursor = () =>
        device
          .clientId()
          .then((clientId) =>
            world.db
              .selectFrom("client_cursors")
              .select(["last_seq", "pruned_seq"])
              .where("client_id", "=", clientId)
              .executeTakeFirstOrThrow(),
          );
      expect(await cursor()).toEqual({ last_seq: 3, pruned_seq: 2 });
      const pruned = { mutations: 1, answers: 2, tests: 1 };
      expect(await server()).toEqual(pruned);
      const before = world.delivered;
      // The first push (seqs 1 and 2) arrives again: answered as duplicates, nothing applied twice.
      device.net.queue.push({ kind: "replay-stale", pick: 0 });
      expect((await device.net.fetch("/api/auth/me")).status).toBe(200);
      expect(world.delivered - before).toBe(2);
      expect(await server()).toEqual(pruned);
      expect(await cursor()).toEqual({ last_seq: 3, pruned_seq: 2 });
    });

    it("crash mid-push: a prefix of the batch is applied, the server restarts, the device sees a reset", async () => {
      const restarts = world.restarts;
      const error = await rejection(send({ kind: "crash-mid-push", keep: 0 }));
      expect(error).toBeInstanceOf(TypeError);
      expect(world.restarts).toBe(restarts + 1);
      // The test was created, the answer behind it never ran.
      expect(await server()).toEqual({ mutations: 1, answers: 0, tests: 1 });
      // The restarted server carries on from there.
      const outcome = await device.drain();
      expect(outcome).toEqual({ kind: "drained", sent: 2, failed: 0 });
      expect(await server()).toEqual(APPLIED);
    });

    it.each([false, true])("page dies (server reached: %s): no reply ever, the page is told", async (reached) => {
      let told = 0;
      device.net.onPageDeath = () => {
        told++;
      };
      device.net.queue.push({ kind: "page-dies", reached });
      const request = device.net.fetch("/sync/push", await pushInit()).then(() => "settled");
      // The page is told once the request has done what it does (on PostgreSQL a push takes a while).
      await vi.waitFor(() => expect(told).toBe(1), { timeout: 10_000 });
      const settled = await Promise.race([
        request,
        new Promise((resolve) => setTimeout(() => resolve("still pending"), 50)),
      ]);
      device.net.onPageDeath = () => {};
      expect(settled).toBe("still pending");
      expect(await server()).toEqual(reached ? APPLIED : NOTHING);
    });

    it("server restart: a new app on the same file keeps every row and every stored reply", async () => {
      await send({ kind: "none" });
      const db = world.db;
      await world.restart();
      expect(world.db).not.toBe(db);
      expect(await server()).toEqual(APPLIED);
      const response = await send({ kind: "none" });
      expect(((await response.json()) as PushReplyBody).results.map((r) => r.status)).toEqual([
        "duplicate",
        "duplicate",
      ]);
    });

    it("page reload: the page's memory is gone (modules, Dexie instances), IndexedDB stays", async () => {
      const oldEngine = device.engine;
      const oldDb = device.scope.db;
      const clientId = await device.clientId();
      await device.reload();
      expect(device.engine.db).not.toBe(oldEngine.db);
      expect(device.engine.drain.drainUnlocked).not.toBe(oldEngine.drain.drainUnlocked);
      expect(device.scope.db).not.toBe(oldDb);
      expect(oldDb.isOpen()).toBe(false);
      expect(device.engine.db.userDb(device.userId)).toBe(device.scope.db);
      expect(await device.scope.db.outbox.count()).toBe(2);
      expect(await device.clientId()).toBe(clientId);
      expect(await device.drain()).toEqual({ kind: "drained", sent: 2, failed: 0 });
    });

    it("signed in elsewhere: 401 session_replaced pauses the drain; signing in again lifts it", async () => {
      await loginFrom(world, new CookieJar());
      const direct = await send({ kind: "none" });
      expect(direct.status).toBe(401);
      expect(((await direct.json()) as { error: { code: string } }).error.code).toBe("session_replaced");
      // The dead cookie is not deleted (a late reply must never delete a newer session's cookie).
      expect(device.jar.cookie).not.toBeNull();
      expect(await server()).toEqual(NOTHING);
      await device.signIn();
      await loginFrom(world, new CookieJar());
      expect(await device.drain()).toEqual({ kind: "paused", reason: "server said 401" });
      expect(await device.drain()).toEqual({ kind: "paused", reason: "server said 401" });
      expect(await device.scope.db.outbox.count()).toBe(2);
      await device.signIn();
      expect(await device.paused()).toBeUndefined();
      expect(await device.drain()).toEqual({ kind: "drained", sent: 2, failed: 0 });
      expect(await server()).toEqual(APPLIED);
    });
  });

// The comparison is the harness's own (run.ts), whatever the database: its teeth are shown on the
// SQLite world, whose triggers break the server in the ways it must notice.
describe("the property's comparison has teeth", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage("sqlite");
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await stage.world.close();
  });

  const schedule: Schedule = {
    steps: [
      { kind: "intent", intent: { kind: "create", count: 2, seed: 3, passPercentage: null } },
      { kind: "intent", intent: { kind: "save", test: 0, question: 0, pick: "correct" } },
      { kind: "intent", intent: { kind: "seen", question: 1, month: "2026-03", authority: 0 } },
      { kind: "intent", intent: { kind: "finish", test: 0, reason: "finished" } },
      {
        kind: "drain",
        force: true,
        batchSize: 50,
        faults: [{ kind: "response-lost" }],
        during: [],
        alsoWorker: false,
      },
    ],
    lateEchoes: false,
  };

  it("a clean server passes", async () => {
    const { problems } = await runSchedule(stage, schedule);
    expect(problems).toEqual([]);
  });

  it("an answer applied twice is reported", async () => {
    await sql`create trigger double_answers after insert on answers when new.id not like '%-again'
      begin insert into answers (id, user_id, user_test_id, question_id, question_version, given, answered, correct,
      applied, reason, mutation_id, created_at, received_at)
      select new.id || '-again', user_id, user_test_id, question_id, question_version,
      given, answered, correct, applied, reason, mutation_id, created_at, received_at from answers where id = new.id; end`.execute(
      stage.world.db,
    );
    try {
      const { problems } = await runSchedule(stage, schedule);
      expect(problems.join("\n")).toMatch(/server holds 2 applied answers, should hold 1/);
    } finally {
      await sql`drop trigger double_answers`.execute(stage.world.db);
    }
  });

  it("[SR23] a replay row lost ahead of the acknowledged cursor is reported", async () => {
    await sql`create trigger lose_rows after insert on mutations when new.call like '%/seen-in-exam'
      begin delete from mutations where user_id = new.user_id and id = new.id; end`.execute(stage.world.db);
    try {
      const { problems } = await runSchedule(stage, schedule);
      expect(problems.join("\n")).toMatch(/server holds \d+ mutations of this client, should hold \d+/);
    } finally {
      await sql`drop trigger lose_rows`.execute(stage.world.db);
    }
  });

  it("a lost report and a lost mark are reported", async () => {
    await sql`create trigger lose_reports after insert on seen_in_exam begin delete from seen_in_exam where id = new.id; end`.execute(
      stage.world.db,
    );
    await sql`create trigger lose_marks after update of score on user_tests when new.score is not null
      begin update user_tests set score = null, pass = null, percentage = null where id = new.id; end`.execute(
      stage.world.db,
    );
    try {
      const { problems } = await runSchedule(stage, schedule);
      const text = problems.join("\n");
      expect(text).toMatch(/seen-in-exam report .* server holds undefined/);
      expect(text).toMatch(/server marked \{"score":null/);
    } finally {
      await sql`drop trigger lose_reports`.execute(stage.world.db);
      await sql`drop trigger lose_marks`.execute(stage.world.db);
    }
  });
});
