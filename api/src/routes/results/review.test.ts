import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { questionDataReplySchema } from "@preflight/sync-protocol/schemas/question";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, generateBody, questionsByType } from "../../test-support/mutations.ts";
import { ACTIVITY_TABLES, rowCounts } from "../../test-support/rows.ts";

for (const dialect of DIALECTS) {
  describe(`results review [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    const post = (path: string, json: unknown, as = cookie) => t.request(path, { method: "POST", cookie: as, json });

    async function newTest(finish: boolean, as = cookie) {
      const id = randomUUID();
      const ids = mc.slice(0, 3).map((q) => q.id);
      expect((await post("/test/generate/practice", generateBody(id, ids), as)).status).toBe(200);
      if (finish) expect((await post(`/test/current/finish/${id}`, { flush_session: true }, as)).status).toBe(200);
      return id;
    }

    it("[SR20] marks a question of a finished test viewed, once, and question-data shows it", async () => {
      const testId = await newTest(true);
      const res = await post("/api/review", { user_test_question_id: `${testId}:2` });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      t.clock.advance(60_000);
      expect((await post("/api/review", { user_test_question_id: `${testId}:2` })).status).toBe(200);
      const rows = await t.deps.db.selectFrom("reviews").selectAll().where("user_test_id", "=", testId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ question_id: mc[1]?.id, viewed_at: "2026-11-21T09:00:00.000Z" });
      const data = questionDataReplySchema.parse(
        await (await post("/test/question-data", { user_test_id: testId })).json(),
      );
      expect(data.questions.map((q) => [q.question_number, q.question_version, q.reviewed])).toEqual([
        [1, 1, false],
        [2, 1, true],
        [3, 1, false],
      ]);
    });

    it("a queued review replays after the finish it follows", async () => {
      const device = await FakeDevice.signIn(t);
      cookie = device.cookie;
      const testId = randomUUID();
      const results = await device.pushOk([
        device.mutation("POST /test/generate/practice", generateBody(testId, [mc[0]?.id as number])),
        device.mutation(`POST /test/current/finish/${testId}`, { flush_session: true }),
        device.mutation("POST /api/review", { user_test_question_id: `${testId}:1` }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["applied", "applied", "applied"]);
    });

    it("[SR20] [SR14] refuses bad reviews with a 4xx that says why, and writes nothing", async () => {
      const unfinished = await newTest(false);
      const finished = await newTest(true);
      const other = await t.login("class@preflight.test");
      const theirs = await newTest(true, other);
      cookie = await t.login();
      const cases: [unknown, number, string][] = [
        [{ user_test_question_id: `${unfinished}:1` }, 409, "Only the questions of a finished test can be reviewed"],
        [{ user_test_question_id: `${theirs}:1` }, 404, "This test can no longer be accessed."],
        [{ user_test_question_id: `${finished}:4` }, 400, "Question 4 is not part of this test"],
        [
          { user_test_question_id: `${finished}:0` },
          400,
          "user_test_question_id must be <user_test_id>:<question_number>",
        ],
        [{ user_test_question_id: finished }, 400, "user_test_question_id must be <user_test_id>:<question_number>"],
        [{}, 400, "user_test_question_id"],
      ];
      for (const [body, status, message] of cases) {
        const before = await rowCounts(t.deps.db, ACTIVITY_TABLES);
        const res = await post("/api/review", body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
        expect(await rowCounts(t.deps.db, ACTIVITY_TABLES)).toEqual(before);
      }
      const malformed = await t.request("/api/review", {
        method: "POST",
        cookie,
        headers: { "Content-Type": "application/json" },
        body: "{",
      });
      expect(malformed.status).toBe(400);
    });

    it("[ID2] needs a session", async () => {
      expect((await t.request("/api/review", { method: "POST", json: {} })).status).toBe(401);
    });
  });
}
