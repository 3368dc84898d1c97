/**
 * Issue 14, exam integrity: a timed test's answers and finish count only within its limit plus
 * the grace (TIMED_TEST_GRACE_SECONDS), judged from the server's start stamp, the time a change
 * waited in the device's outbox and the device's monotonic elapsed time. Late answers are kept
 * on record, not scored, and the result says how many there were.
 */
import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType } from "../../test-support/mutations.ts";

const MINUTE = 60_000;
const LIMIT_MINUTES = 20;

for (const dialect of DIALECTS) {
  describe(`timed tests are judged by the clock [${dialect}]`, () => {
    let t: TestApp;
    let questions: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      questions = (await questionsByType(t)).multiple_choice.slice(0, 4);
    });
    afterAll(() => t.close());

    const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    const timedBody = (testId: string, started: string, timeLimit: number | null = LIMIT_MINUTES) => ({
      ...generateBody(
        testId,
        questions.map((q) => q.id),
      ),
      test_type: "timed",
      title: "Timed exam",
      time_limit: timeLimit,
      started,
    });
    const save = (testId: string, q: BankQuestion, elapsedMs?: number) => ({
      user_test_id: testId,
      question_id: q.id,
      answers: correctIds(q),
      ...(elapsedMs === undefined ? {} : { elapsed_ms: elapsedMs }),
    });
    const answerRows = (testId: string) =>
      t.deps.db
        .selectFrom("answers")
        .select(["question_id", "applied", "reason"])
        .where("user_test_id", "=", testId)
        .orderBy("question_id")
        .execute();

    async function direct(cookie: string, path: string, json: unknown) {
      const res = await t.request(path, { method: "POST", cookie, json });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }

    it("counts an answer in time online, and keeps one three hours late on record without scoring it", async () => {
      const cookie = await t.login();
      const testId = randomUUID();
      expect((await direct(cookie, "/test/generate/timed", timedBody(testId, at(0)))).status).toBe(200);
      t.clock.advance(10 * MINUTE);
      expect(
        await direct(cookie, "/test/current/save", save(testId, questions[0] as BankQuestion, 10 * MINUTE)),
      ).toEqual({
        status: 200,
        body: { success: true, answered: true, correct: true },
      });
      t.clock.advance(170 * MINUTE);
      // A hand-made call claiming almost no time has passed: the server's own clock says otherwise.
      const late = await direct(cookie, "/test/current/save", save(testId, questions[1] as BankQuestion, 60_000));
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ error: { code: "time_expired" } });
      const finish = await direct(cookie, `/test/current/finish/${testId}`, {
        flush_session: true,
        elapsed_ms: 60_000,
      });
      expect(finish.body).toMatchObject({ result: { score: 1, answered: 1, late_answers: 1 } });
      const row = await t.deps.db
        .selectFrom("user_tests")
        .select(["ended", "finished_at", "started"])
        .where("id", "=", testId)
        .executeTakeFirstOrThrow();
      // Closed as its time ran out, at its deadline.
      expect(row.ended).toBe("time_expired");
      expect(Date.parse(row.finished_at as string) - Date.parse(row.started)).toBe(LIMIT_MINUTES * MINUTE);
      expect(await answerRows(testId)).toEqual(
        [
          { question_id: questions[0]?.id, applied: 1, reason: null },
          { question_id: questions[1]?.id, applied: 0, reason: "time_expired" },
        ].sort((a, b) => (a.question_id as number) - (b.question_id as number)),
      );
    });

    it("still counts an answer within the grace after the limit", async () => {
      const cookie = await t.login();
      const testId = randomUUID();
      await direct(cookie, "/test/generate/timed", timedBody(testId, at(0)));
      t.clock.advance(LIMIT_MINUTES * MINUTE + 30_000);
      const saved = await direct(
        cookie,
        "/test/current/save",
        save(testId, questions[0] as BankQuestion, LIMIT_MINUTES * MINUTE + 30_000),
      );
      expect(saved.status).toBe(200);
      const finish = await direct(cookie, `/test/current/finish/${testId}`, { flush_session: true });
      expect(finish.body).toMatchObject({ result: { score: 1, late_answers: 0 } });
    });

    it("judges a test taken offline by when each answer was given, not when it arrived hours later", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      const testId = randomUUID();
      const start = t.clock.now().getTime();
      const iso = (ms: number) => new Date(start + ms).toISOString();
      const mutations = [
        device.mutation("POST /test/generate/timed", timedBody(testId, iso(0)), { createdAt: iso(0) }),
        device.mutation("POST /test/current/save", save(testId, questions[0] as BankQuestion, 5 * MINUTE), {
          createdAt: iso(5 * MINUTE),
        }),
        // The device's clock was set back: its wall clock says minute 6, its monotonic count minute 35.
        device.mutation("POST /test/current/save", save(testId, questions[1] as BankQuestion, 35 * MINUTE), {
          createdAt: iso(6 * MINUTE),
        }),
        device.mutation("POST /test/current/save", save(testId, questions[2] as BankQuestion, 19 * MINUTE), {
          createdAt: iso(19 * MINUTE),
        }),
        device.mutation(
          `POST /test/current/finish/${testId}`,
          { flush_session: true, finished: iso(19 * MINUTE), elapsed_ms: 19 * MINUTE },
          { createdAt: iso(19 * MINUTE) },
        ),
      ];
      // Back online two hours later; the device says when it sent the batch (its own clock).
      t.clock.advance(120 * MINUTE);
      const res = await t.request("/sync/push", {
        method: "POST",
        cookie: device.cookie,
        json: { protocol: 1, clientId: device.clientId, mutations, sentAt: iso(120 * MINUTE) },
      });
      const { results } = (await res.json()) as { results: { status: string; error?: { code: string } }[] };
      expect(results.map((r) => r.error?.code ?? r.status)).toEqual([
        "applied",
        "applied",
        "time_expired",
        "applied",
        "applied",
      ]);
      const test = await t.deps.db
        .selectFrom("user_tests")
        .select(["score", "ended", "server_started_at"])
        .where("id", "=", testId)
        .executeTakeFirstOrThrow();
      expect(test).toMatchObject({ score: 2, ended: "finished" });
      // The server's start stamp is the start's arrival less its two hours in the outbox.
      expect(test.server_started_at).toBe(iso(0));
    });

    it("judges a push that does not say when it was sent by arrival: hours after an online start is late", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      const testId = randomUUID();
      const started = at(0);
      await device.pushOk([
        device.mutation("POST /test/generate/timed", timedBody(testId, started), { createdAt: started }),
      ]);
      t.clock.advance(180 * MINUTE);
      // Hand-made: the answer claims the fifth minute on every clock the device controls.
      const results = await device.pushOk([
        device.mutation("POST /test/current/save", save(testId, questions[0] as BankQuestion, 5 * MINUTE), {
          createdAt: new Date(Date.parse(started) + 5 * MINUTE).toISOString(),
        }),
      ]);
      expect(results[0]).toMatchObject({ status: "failed", error: { code: "time_expired" } });
    });

    it("never judges an untimed test late", async () => {
      const cookie = await t.login();
      const testId = randomUUID();
      await direct(cookie, "/test/generate/timed", timedBody(testId, at(0), null));
      t.clock.advance(180 * MINUTE);
      expect((await direct(cookie, "/test/current/save", save(testId, questions[0] as BankQuestion))).status).toBe(200);
    });

    it("tells the student's other devices how many answers came too late", async () => {
      const cookie = await t.login();
      const testId = randomUUID();
      await direct(cookie, "/test/generate/timed", timedBody(testId, at(0)));
      t.clock.advance(LIMIT_MINUTES * MINUTE + 5 * MINUTE);
      await direct(cookie, "/test/current/save", save(testId, questions[0] as BankQuestion));
      await direct(cookie, `/test/current/finish/${testId}`, { flush_session: true });
      const pulled = (await (
        await t.request("/user-sync/sync", { method: "POST", cookie, json: { cursor: null } })
      ).json()) as {
        tests: { id: string; ended: string; result: { late_answers: number; score: number } | null }[];
        answers: { user_test_id: string; applied: boolean }[];
      };
      const test = pulled.tests.find((x) => x.id === testId);
      expect(test).toMatchObject({ ended: "time_expired", result: { late_answers: 1, score: 0 } });
      expect(pulled.answers.filter((a) => a.user_test_id === testId).map((a) => a.applied)).toEqual([false]);
    });
  });
}
