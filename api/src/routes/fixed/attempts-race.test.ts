import { randomUUID } from "node:crypto";
import { fixedTestsReplySchema } from "@preflight/sync-protocol/schemas/fixed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice } from "../../test-support/mutations.ts";

/**
 * [FX1] The attempts limit holds when several of the student's clients start the same fixed
 * test at the same moment: each push counts the attempts after the one before it committed.
 */
for (const dialect of DIALECTS) {
  describe(`fixed test attempts under concurrent starts [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it("[FX1] three clients start a two-attempt test at once: two starts apply, the third is refused", async () => {
      const first = await FakeDevice.signIn(t);
      // The same signed-in student on three clients (tabs, or the page and its service worker).
      const clients = [
        first,
        new FakeDevice(t, first.cookie, first.userId),
        new FakeDevice(t, first.cookie, first.userId),
      ];
      const reply = fixedTestsReplySchema.parse(
        await (await t.request("/api/user/fixed_tests", { cookie: first.cookie })).json(),
      );
      const test = reply.tests.find((x) => x.title === "Instrumentation review test");
      expect(test?.attempts).toBe(2);
      if (!test) return;

      const results = await Promise.all(
        clients.map((client) =>
          client.pushOk([
            client.mutation("POST /test/generate/exam", {
              user_test_id: randomUUID(),
              test_type: "exam",
              title: test.title,
              display_answers: "after_test",
              time_limit: null,
              pass_percentage: 70,
              question_ids: test.question_ids,
              question_versions: test.question_versions,
              started: "2026-11-21T09:00:00.000Z",
              fixed_test_id: test.id,
            }),
          ]),
        ),
      );
      const statuses = results.map(([r]) => r?.status).sort();
      expect(statuses).toEqual(["applied", "applied", "failed"]);
      const refused = results.map(([r]) => r).find((r) => r?.status === "failed");
      expect(JSON.stringify(refused)).toContain("You have used all 2 attempts allowed for this test.");
      const rows = await t.deps.db
        .selectFrom("user_tests")
        .select("id")
        .where("user_id", "=", first.userId)
        .where("fixed_test_id", "=", test.id)
        .execute();
      expect(rows).toHaveLength(2);
    });
  });
}
