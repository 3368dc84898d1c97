import { searchReplySchema, searchSubjectsReplySchema } from "@preflight/sync-protocol/schemas/lessons";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

for (const dialect of DIALECTS) {
  describe(`lesson search [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let userId: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      userId = ((await (await t.request("/api/auth/me", { cookie })).json()) as { user: { id: string } }).user.id;
    });
    afterAll(() => t.close());

    const search = async (body: Record<string, unknown>) => {
      const res = await t.request("/search", { method: "POST", cookie, json: body });
      expect(res.status, await res.clone().text()).toBe(200);
      return searchReplySchema.parse(await res.json()).results;
    };
    const marked = (match: string) => /<mark>(.*?)<\/mark>/.exec(match)?.[1] ?? "";

    it("finds the pages of the student's lessons with the term, the hit marked, best first", async () => {
      const results = await search({ search_term: "chicago convention" });
      expect(results.length).toBeGreaterThan(0);
      expect(results[0]).toMatchObject({ lesson_id: 1, title: "The Chicago Convention and ICAO", subject: "010" });
      for (const r of results) expect(marked(r.match).toLowerCase()).toBe("chicago convention");
      const scores = results.map((r) => r.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it("matches from a word's start; whole word needs the whole word", async () => {
      const prefix = await search({ search_term: "press", whole_word: false });
      expect(prefix.some((r) => marked(r.match).toLowerCase() === "press")).toBe(true);
      expect(prefix.length).toBeGreaterThan(0);
      const whole = await search({ search_term: "pressure", whole_word: true });
      expect(whole.length).toBeGreaterThan(0);
      for (const r of whole) expect(marked(r.match).toLowerCase()).toBe("pressure");
      expect(await search({ search_term: "pressur", whole_word: true })).toEqual([]);
      expect((await search({ search_term: "pressur", whole_word: false })).length).toBe(whole.length);
    });

    it("keeps to one subject when one is chosen", async () => {
      const all = await search({ search_term: "ICAO" });
      expect(new Set(all.map((r) => r.subject))).toEqual(new Set(["010", "050"]));
      const airLaw = await search({ search_term: "ICAO", subject: "010" });
      expect(airLaw.length).toBeGreaterThan(0);
      expect(airLaw.every((r) => r.subject === "010")).toBe(true);
    });

    it("keeps to the lessons the student started or completed", async () => {
      expect(await search({ search_term: "ICAO", lessons: "started" })).toEqual([]);
      const now = t.clock.now().toISOString();
      await t.deps.db
        .insertInto("lesson_progress")
        .values([
          { user_id: userId, lesson_id: 1, page: 4, completed: 1, updated_at: now },
          { user_id: userId, lesson_id: 3, page: 2, completed: 0, updated_at: now },
        ])
        .execute();
      const completed = await search({ search_term: "ICAO", lessons: "completed" });
      expect(new Set(completed.map((r) => r.lesson_id))).toEqual(new Set([1]));
      const started = await search({ search_term: "ICAO", lessons: "started" });
      expect(new Set(started.map((r) => r.lesson_id))).toEqual(new Set([1, 3]));
    });

    it("says nothing was found with an empty list", async () => {
      expect(await search({ search_term: "zzzqqq" })).toEqual([]);
    });

    it.each([
      [{ search_term: "ab" }, "search_term must have at least 3 characters"],
      [{ search_term: "   ab   " }, "search_term must have at least 3 characters"],
      [{}, "search_term"],
      [{ search_term: 123 }, "search_term must be text"],
      [{ search_term: "icao", lessons: "some" }, "lessons must be all, started or completed"],
      [{ search_term: "icao", subject: "10" }, "subject must be all or a subject code"],
      [{ search_term: "icao", whole_word: "yes" }, "whole_word must be true or false"],
      [{ search_term: "icao", extra: 1 }, "extra"],
      ["{", "Malformed JSON in request body"],
    ])("refuses %j with a 400 that says why", async (body, message) => {
      const res =
        typeof body === "string"
          ? await t.request("/search", {
              method: "POST",
              cookie,
              headers: { "Content-Type": "application/json" },
              body,
            })
          : await t.request("/search", { method: "POST", cookie, json: body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
    });

    it("lists the subjects of the student's lessons", async () => {
      const res = await t.request("/search/subjects", { cookie });
      expect(res.status).toBe(200);
      const { subjects } = searchSubjectsReplySchema.parse(await res.json());
      expect(subjects.map((s) => s.code)).toEqual(["010", "050"]);
      expect(subjects[0]).toMatchObject({ id: "010", title: expect.stringMatching(/law/i) });
    });

    it("[ID2] needs a session", async () => {
      expect((await t.request("/search", { method: "POST", json: { search_term: "icao" } })).status).toBe(401);
      expect((await t.request("/search/subjects")).status).toBe(401);
    });
  });
}
