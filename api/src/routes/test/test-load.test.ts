import { randomUUID } from "node:crypto";
import { testLoadReplySchema } from "@preflight/sync-protocol/schemas/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, generateBody, questionsByType } from "../../test-support/mutations.ts";

/** GET /test/load/{test_type}/{test_id} (spec study 7): the student's own test, by type and id. */
for (const dialect of DIALECTS) {
  describe(`GET /test/load [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let testId: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      const [question] = (await questionsByType(t)).multiple_choice;
      if (!question) throw new Error("no multiple choice question in the demo bank");
      testId = randomUUID();
      const post = (path: string, json: unknown) => t.request(path, { method: "POST", cookie, json });
      expect((await post("/test/generate/practice", generateBody(testId, [question.id]))).status).toBe(200);
      expect(
        (
          await post("/test/current/save", {
            user_test_id: testId,
            question_id: question.id,
            answers: correctIds(question),
          })
        ).status,
      ).toBe(200);
    });
    afterAll(() => t.close());

    const load = (path: string, headers: Record<string, string> = {}) => t.request(path, { cookie, headers });

    it("a running test loads at its own page; a browser is sent there", async () => {
      const res = await load(`/test/load/practice/${testId}`);
      expect(res.status).toBe(200);
      expect(testLoadReplySchema.parse(await res.json())).toEqual({ url: `/test/${testId}`, finished: false });
      const page = await load(`/test/load/practice/${testId}`, { Accept: "text/html" });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe(`/test/${testId}`);
    });

    it("a finished test loads at its results", async () => {
      const finish = await t.request(`/test/current/finish/${testId}`, {
        method: "POST",
        cookie,
        json: { flush_session: true },
      });
      expect(finish.status).toBe(200);
      const res = await load(`/test/load/practice/${testId}`);
      expect(testLoadReplySchema.parse(await res.json())).toEqual({ url: `/test/results/${testId}`, finished: true });
    });

    it.each([
      ["/test/load/practice/not-a-uuid", 400, "test_id must be a uuid"],
      ["/test/load/homework/00000000-0000-4000-8000-000000000000", 400, "test_type must be one of"],
      ["/test/load/timed/{id}", 404, "is not a timed test"],
      ["/test/load/practice/00000000-0000-4000-8000-000000000000", 404, ""],
    ])("GET %s is answered %i with a clear message", async (path, status, message) => {
      const res = await load(path.replace("{id}", testId));
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toContain(message);
    });

    it("another student's test is not found, and a session is needed", async () => {
      const other = await t.login("class@preflight.test");
      expect((await t.request(`/test/load/practice/${testId}`, { cookie: other })).status).toBe(404);
      expect((await t.request(`/test/load/practice/${testId}`)).status).toBe(401);
    });
  });
}
