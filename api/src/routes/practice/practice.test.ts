import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { TestSummaryReply } from "@preflight/sync-protocol/schemas/fixed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, generateBody } from "../../test-support/mutations.ts";
import { ACTIVITY_TABLES, rowCounts } from "../../test-support/rows.ts";

type Headings = { data: { id: string; title: string }[] };

for (const dialect of DIALECTS) {
  describe(`practice builder lists [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    /** The demo student's bank (2020 syllabus including example questions). */
    let bank: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      bank = ((await (await t.request("/api/content/bank", { cookie })).json()) as { questions: BankQuestion[] })
        .questions;
    });
    afterAll(() => t.close());

    const get = (path: string) => t.request(path, { cookie });
    const errorOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { code: string; message: string } }).error;
    };

    it("need a session", async () => {
      for (const path of [
        "/api/question_subject",
        "/api/question_subtopic?topic_id=010.01",
        "/api/question_section?subtopic_id=010.01.01",
      ])
        expect((await t.request(path)).status).toBe(401);
    });

    it("GET /api/question_subject lists the bank's subjects in data.data, counted, in code order", async () => {
      const res = await get("/api/question_subject");
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: { data: { id: string; code: string; title: string; questions: number }[] };
      };
      const expected = new Map<string, number>();
      for (const q of bank) expected.set(q.subject, (expected.get(q.subject) ?? 0) + 1);
      expect(data.data.map((s) => [s.code, s.questions])).toEqual([...expected.entries()].sort());
      expect(data.data[0]).toEqual({ id: "010", code: "010", title: "Air Law", questions: expected.get("010") });
    });

    it("?subject_only leaves the counts out", async () => {
      const { data } = (await (await get("/api/question_subject?subject_only=1")).json()) as {
        data: { data: object[] };
      };
      expect(data.data[0]).toEqual({ id: "010", code: "010", title: "Air Law" });
      const bare = (await (await get("/api/question_subject?subject_only")).json()) as { data: { data: object[] } };
      expect(bare.data.data[0]).toEqual({ id: "010", code: "010", title: "Air Law" });
    });

    it("GET /api/question_subtopic lists the level-3 headings under a topic holding questions, titled", async () => {
      const { data } = (await (await get("/api/question_subtopic?topic_id=010.01")).json()) as Headings;
      const expected = [
        ...new Set(
          bank
            .filter((q) => q.syllabus_code.startsWith("010.01.") && q.syllabus_code.split(".").length >= 3)
            .map((q) => q.syllabus_code.split(".").slice(0, 3).join(".")),
        ),
      ].sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(data.map((d) => d.id)).toEqual(expected);
      expect(data.every((d) => d.title.length > 0 && d.title !== d.id)).toBe(true);
    });

    it("GET /api/question_section lists the level-4 headings under a subtopic holding questions", async () => {
      const subtopic = (bank.find((q) => q.syllabus_code.split(".").length === 4) as BankQuestion).syllabus_code
        .split(".")
        .slice(0, 3)
        .join(".");
      const { data } = (await (await get(`/api/question_section?subtopic_id=${subtopic}`)).json()) as Headings;
      const expected = [
        ...new Set(bank.filter((q) => q.syllabus_code.startsWith(`${subtopic}.`)).map((q) => q.syllabus_code)),
      ].sort();
      expect(data.map((d) => d.id)).toEqual(expected);
    });

    it("answers an empty list under a heading without questions", async () => {
      expect(await (await get("/api/question_section?subtopic_id=010.99.99")).json()).toEqual({ data: [] });
    });

    it.each([
      ["/api/question_subject?subject_only=yes", "subject_only: subject_only must be 1, 0, true or false"],
      ["/api/question_subtopic", "topic_id: topic_id must be a topic code, e.g. 010.01"],
      ["/api/question_subtopic?topic_id=010", "topic_id: topic_id must be a topic code, e.g. 010.01"],
      ["/api/question_subtopic?topic_id=010.01.01", "topic_id: topic_id must be a topic code, e.g. 010.01"],
      ["/api/question_section?subtopic_id=010.01", "subtopic_id: subtopic_id must be a subtopic code, e.g. 010.01.02"],
      [
        "/api/question_section?subtopic_id=' or 1=1",
        "subtopic_id: subtopic_id must be a subtopic code, e.g. 010.01.02",
      ],
    ])("refuses %s with 400 and says why", async (path, message) => {
      expect(await errorOf(await get(path))).toMatchObject({ code: "bad_request", message });
    });
  });

  describe(`POST /test/summary/{test_type} [${dialect}]`, () => {
    let t: TestApp;
    let device: FakeDevice;
    let bank: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      device = await FakeDevice.signIn(t);
      bank = (
        (await (await t.request("/api/content/bank", { cookie: device.cookie })).json()) as {
          questions: BankQuestion[];
        }
      ).questions;
    });
    afterAll(() => t.close());

    const summary = (type: string, json: unknown) =>
      t.request(`/test/summary/${type}`, { method: "POST", cookie: device.cookie, json });
    const ok = async (type: string, json: unknown) => {
      const res = await summary(type, json);
      expect(res.status).toBe(200);
      return (await res.json()) as TestSummaryReply;
    };
    const errorOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { code: string; message: string } }).error;
    };

    it("needs a session", async () => {
      const res = await t.request("/test/summary/practice", {
        method: "POST",
        json: { question_ids: [1], display: "after_test" },
      });
      expect(res.status).toBe(401);
    });

    it("summarises a practice test: its size, no time limit, pass mark 75, no earlier attempts", async () => {
      const ids = bank.slice(0, 12).map((q) => q.id);
      expect(await ok("practice", { question_ids: ids, display: "after_choice" })).toEqual({
        total: 12,
        attempts: 0,
        user_tests_count: 0,
        time_limit: null,
        pass_percentage: 75,
        score: null,
      });
    });

    it("gives a timed test 1.25 minutes a question, rounded up; untimed none", async () => {
      const ids = bank.slice(0, 10).map((q) => q.id);
      expect((await ok("timed", { question_ids: ids, display: "after_test" })).time_limit).toBe(13);
      expect((await ok("untimed", { question_ids: ids, display: "before_choice" })).time_limit).toBeNull();
    });

    it("counts the student's earlier tests of the same questions and type, with the best score", async () => {
      const ids = bank.slice(20, 24).map((q) => q.id);
      const first = randomUUID();
      await device.pushOk([
        device.mutation("POST /test/generate/{test_type}".replace("{test_type}", "practice"), generateBody(first, ids)),
        device.mutation(`POST /test/current/finish/${first}`, { flush_session: true }),
        // Same questions in another order: the same test again, not finished.
        device.mutation(
          "POST /test/generate/{test_type}".replace("{test_type}", "practice"),
          generateBody(randomUUID(), [...ids].reverse()),
        ),
        // A different set does not count.
        device.mutation(
          "POST /test/generate/{test_type}".replace("{test_type}", "practice"),
          generateBody(randomUUID(), ids.slice(1)),
        ),
      ]);
      const reply = await ok("practice", { question_ids: ids, display: "after_test" });
      expect(reply).toMatchObject({ user_tests_count: 2, score: 0 });
      expect((await ok("untimed", { question_ids: ids, display: "after_test" })).user_tests_count).toBe(0);
    });

    it.each([
      [
        "exam",
        { question_ids: [1], display: "after_test" },
        "test_type: test_type must be practice, timed or untimed (a fixed test's summary is /test/summary/exam/{test_id})",
      ],
      [
        "quiz",
        { question_ids: [1], display: "after_test" },
        "test_type: test_type must be practice, timed or untimed (a fixed test's summary is /test/summary/exam/{test_id})",
      ],
      ["practice", { question_ids: [], display: "after_test" }, "question_ids: Choose at least one question"],
      ["practice", { display: "after_test" }, "question_ids: question_ids must be a list of question ids"],
      [
        "practice",
        { question_ids: "1,2", display: "after_test" },
        "question_ids: question_ids must be a list of question ids",
      ],
      ["practice", { question_ids: [1.5], display: "after_test" }, "question_ids.0: question ids are whole numbers"],
      ["practice", { question_ids: [-4], display: "after_test" }, "question_ids.0: question ids are positive"],
      [
        "practice",
        { question_ids: [7, 7], display: "after_test" },
        "question_ids: question_ids must not repeat a question",
      ],
      [
        "practice",
        { question_ids: [1], display: "later" },
        "display: display must be one of after_choice, after_test, before_choice",
      ],
      [
        "practice",
        { question_ids: Array.from({ length: 30_001 }, (_, i) => i + 1), display: "after_test" },
        "question_ids: A test holds at most 30000 questions",
      ],
    ])("refuses /test/summary/%s with 400 and says why (case %#)", async (type, body, message) => {
      const before = await rowCounts(t.deps.db, ACTIVITY_TABLES);
      expect(await errorOf(await summary(type, body))).toMatchObject({ code: "bad_request", message });
      expect(await rowCounts(t.deps.db, ACTIVITY_TABLES)).toEqual(before);
    });

    it("refuses questions outside the student's bank, naming them", async () => {
      const valid = (bank[0] as BankQuestion).id;
      const error = await errorOf(
        await summary("practice", { question_ids: [valid, 99_999_999], display: "after_test" }),
      );
      expect(error.message).toBe("question_ids: question 99999999 is not in your question bank");
    });

    it("refuses a body that is not JSON", async () => {
      const res = await t.request("/test/summary/practice", {
        method: "POST",
        cookie: device.cookie,
        headers: { "Content-Type": "application/json" },
        body: "{question_ids:",
      });
      expect((await errorOf(res)).message).toBe("Malformed JSON in request body");
    });
  });
}
