/**
 * The client engine (actions, outbox, drain on fake-indexeddb) against the real API in
 * process, on every dialect: what a student does offline reaches the server exactly once.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../api/src/test-support/harness.ts";
import { createTest, finishTest, saveAnswer } from "../../web/src/local/actions/test.ts";
import { type DrainDeps, drainUnlocked } from "../../web/src/local/outbox/drain.ts";
import type { LocalQuestion } from "../../web/src/local/store/db.ts";
import { resetDatabases, signedInScope } from "../../web/src/local/test-support.ts";

for (const dialect of DIALECTS) {
  describe(`client engine against the API [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let userId: string;
    let bank: LocalQuestion[];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      const me = (await (await t.request("/api/auth/me", { cookie })).json()) as { user: { id: string } };
      userId = me.user.id;
      bank = ((await (await t.request("/api/content/bank", { cookie })).json()) as { questions: LocalQuestion[] })
        .questions;
    });
    afterAll(() => t.close());
    beforeEach(resetDatabases);

    /** fetch into the in-process app, with the session cookie the browser would send. */
    function serverFetch(fault?: "lose-response"): typeof fetch {
      return (async (url: string | URL | Request, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        headers.set("Cookie", cookie);
        const response = await t.request(String(url), { ...init, headers });
        if (fault === "lose-response") throw new TypeError("network lost the response");
        return response;
      }) as typeof fetch;
    }
    const deps = (fetch: typeof globalThis.fetch): DrainDeps => ({ fetch, now: () => new Date(), random: () => 0.5 });

    async function offlineSession() {
      const scope = await signedInScope({
        id: userId,
        email: "student@preflight.test",
        firstname: "Sam",
        lastname: "Student",
        role: "student",
        syllabus_id: 3,
        class_name: null,
        subscription_end: null,
        features: { flagged: true, seen_in_exam: true, ai_tutor: false, display_answers: true },
      });
      await scope.db.questions.bulkPut(bank);
      const test = await createTest(scope, {
        test_type: "practice",
        title: "Offline",
        count: 10,
        display_answers: "after_test",
        seed: 42,
      });
      const byId = new Map(bank.map((q) => [q.id, q]));
      const answered = test.question_ids.slice(0, 6);
      for (const id of answered) {
        const q = byId.get(id) as LocalQuestion;
        const given =
          q.type === "text" ? { value: q.text_range?.exact ?? 0 } : q.answers.filter((a) => a.correct).map((a) => a.id);
        await saveAnswer(scope, test.id, id, given);
      }
      await finishTest(scope, test.id);
      return { scope, test };
    }

    it("[PL6][SR1] replays a whole offline test once; the server marks it as the device predicted", async () => {
      const { scope, test } = await offlineSession();
      expect(await scope.db.outbox.count()).toBe(8);
      expect(await drainUnlocked(deps(serverFetch()))).toEqual({ kind: "drained", sent: 8, failed: 0 });
      const answers = await t.deps.db.selectFrom("answers").selectAll().where("user_test_id", "=", test.id).execute();
      expect(answers).toHaveLength(6);
      expect(answers.every((a) => a.correct === 1 && a.applied === 1)).toBe(true);
      const local = await scope.db.userTests.get(test.id);
      expect(local?.marked).toMatchObject({ score: 6, total_score: 10, percentage: 60, pass: false, marked: true });
      expect(local?.marked?.score).toBe(local?.predicted?.score);
    });

    it("[SR1][DR2] a lost response is resent and answered from the stored reply: nothing doubled", async () => {
      const { scope, test } = await offlineSession();
      expect((await drainUnlocked(deps(serverFetch("lose-response")))).kind).toBe("retry-later");
      expect(await scope.db.outbox.count()).toBe(8);
      expect(await drainUnlocked(deps(serverFetch()), { force: true })).toEqual({
        kind: "drained",
        sent: 8,
        failed: 0,
      });
      const answers = await t.deps.db.selectFrom("answers").select("id").where("user_test_id", "=", test.id).execute();
      expect(answers).toHaveLength(6);
      const tests = await t.deps.db.selectFrom("user_tests").select("id").where("id", "=", test.id).execute();
      expect(tests).toHaveLength(1);
    });
  });
}
