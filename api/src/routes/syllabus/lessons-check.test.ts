import { lessonsCheckReplySchema } from "@preflight/sync-protocol/schemas/syllabus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

/** GET check-lessons and check-lessons-status (spec study 7): status and percentage of ready lessons. */
for (const dialect of DIALECTS) {
  describe(`check-lessons [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
    });
    afterAll(() => t.close());

    const check = async (path: string) => {
      const res = await t.request(path, { cookie });
      expect(res.status).toBe(200);
      return lessonsCheckReplySchema.parse(await res.json());
    };

    it("every lesson of the demo syllabus has pages: complete, 100 %, and both calls agree", async () => {
      const asked = await check("/check-lessons");
      expect(asked).toMatchObject({ status: "complete", percentage: 100 });
      expect(asked.lessons.total).toBeGreaterThan(1);
      expect(asked.lessons.available).toBe(asked.lessons.total);
      expect(await check("/check-lessons-status")).toEqual(asked);
    });

    it("a lesson without pages makes the check incomplete, with the share that is ready", async () => {
      const before = await check("/check-lessons");
      const lesson = await t.deps.db
        .selectFrom("lessons")
        .select(["id", "pages"])
        .orderBy("id")
        .executeTakeFirstOrThrow();
      await t.deps.db.updateTable("lessons").set({ pages: "[]" }).where("id", "=", lesson.id).execute();
      try {
        const total = before.lessons.total;
        expect(await check("/check-lessons-status")).toEqual({
          status: "incomplete",
          percentage: Math.floor(((total - 1) / total) * 100),
          lessons: { available: total - 1, total },
        });
      } finally {
        await t.deps.db.updateTable("lessons").set({ pages: lesson.pages }).where("id", "=", lesson.id).execute();
      }
    });

    it("needs a session", async () => {
      expect((await t.request("/check-lessons")).status).toBe(401);
      expect((await t.request("/check-lessons-status")).status).toBe(401);
    });
  });
}
