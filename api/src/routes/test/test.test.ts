import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, generateBody, questionsByType } from "../../test-support/mutations.ts";

for (const dialect of DIALECTS) {
  describe(`test-taking calls [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let byType: Record<BankQuestion["type"], BankQuestion[]>;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      byType = await questionsByType(t);
    });
    afterAll(() => t.close());

    const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
      t.request(path, { method: "POST", cookie, json, headers });

    async function newTest(questions: BankQuestion[]) {
      const id = randomUUID();
      const res = await post(
        "/test/generate/practice",
        generateBody(
          id,
          questions.map((q) => q.id),
        ),
      );
      expect(res.status).toBe(200);
      return id;
    }

    it("creates, saves and finishes through the spec's own paths, and grades every type", async () => {
      const questions = [
        byType.multiple_choice[0],
        byType.multiple_select[0],
        byType.text[0],
        byType.cloze[0],
      ] as BankQuestion[];
      const testId = await newTest(questions);
      for (const q of questions) {
        const answers =
          q.type === "text" ? { value: q.text_range?.exact ?? 0 } : q.type === "cloze" ? correctIds(q) : correctIds(q);
        const res = await post("/test/current/save", { user_test_id: testId, question_id: q.id, answers });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ success: true, answered: true, correct: true });
      }
      const finish = await post(`/test/current/finish/${testId}`, { flush_session: true });
      expect(finish.status).toBe(200);
      expect(await finish.json()).toMatchObject({ result: { score: 4, total_score: 4, percentage: 100, pass: true } });
      const data = (await (await post("/test/question-data", { user_test_id: testId })).json()) as {
        questions: { question_number: number; answered: boolean; correct: boolean }[];
      };
      expect(data.questions.map((q) => [q.question_number, q.answered, q.correct])).toEqual([
        [1, true, true],
        [2, true, true],
        [3, true, true],
        [4, true, true],
      ]);
      const results = await post("/test/results", { user_test_id: testId });
      expect(await results.text()).toBe(`/test/results/${testId}`);
    });

    it("[SR13][SR14] an Idempotency-Key makes a retried save harmless", async () => {
      const q = byType.multiple_choice[1] as BankQuestion;
      const testId = await newTest([q]);
      const key = randomUUID();
      const body = { user_test_id: testId, question_id: q.id, answers: correctIds(q) };
      const first = await post("/test/current/save", body, { "Idempotency-Key": key });
      const second = await post("/test/current/save", body, { "Idempotency-Key": key });
      expect(await first.json()).toEqual(await second.json());
      const rows = await t.deps.db.selectFrom("answers").select("id").where("user_test_id", "=", testId).execute();
      expect(rows).toHaveLength(1);
    });

    it("saving with no selection or an empty value does nothing", async () => {
      const mc = byType.multiple_choice[2] as BankQuestion;
      const text = byType.text[1] as BankQuestion;
      const testId = await newTest([mc, text]);
      expect(
        await (await post("/test/current/save", { user_test_id: testId, question_id: mc.id, answers: [] })).json(),
      ).toEqual({
        success: true,
        answered: false,
        correct: null,
      });
      await post("/test/current/save", { user_test_id: testId, question_id: text.id, answers: { value: null } });
      const rows = await t.deps.db.selectFrom("answers").select("id").where("user_test_id", "=", testId).execute();
      expect(rows).toHaveLength(0);
    });

    it("a late save for a finished test gets a clear 409", async () => {
      const q = byType.multiple_choice[3] as BankQuestion;
      const testId = await newTest([q]);
      await post(`/test/current/finish/${testId}`, { flush_session: true });
      const res = await post("/test/current/save", { user_test_id: testId, question_id: q.id, answers: correctIds(q) });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: {
          code: "test_finished",
          message: "This test was already finished, so this answer was kept on record but not counted.",
        },
      });
    });

    it.each([
      ["malformed JSON", "{", "Malformed JSON in request body"],
      ["a missing user_test_id", { question_id: 1, answers: [1] }, "user_test_id"],
      ["answers of the wrong shape", { user_test_id: randomUUID(), question_id: 1, answers: "a" }, "answers"],
      ["a negative question id", { user_test_id: randomUUID(), question_id: -4, answers: [1] }, "question_id"],
    ])("refuses %s with a 400 and writes nothing", async (_name, body, message) => {
      const before = await t.deps.db
        .selectFrom("mutations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const res =
        typeof body === "string"
          ? await t.request("/test/current/save", {
              method: "POST",
              cookie,
              headers: { "Content-Type": "application/json" },
              body,
            })
          : await post("/test/current/save", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
      const after = await t.deps.db
        .selectFrom("mutations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("[SR15][ID7] refuses a test of unknown questions, a repeated test id and someone else's test", async () => {
      const unknown = await post("/test/generate/practice", generateBody(randomUUID(), [123_456_789]));
      expect(unknown.status).toBe(400);
      const q = byType.multiple_choice[4] as BankQuestion;
      const testId = await newTest([q]);
      const again = await post("/test/generate/practice", generateBody(testId, [q.id]));
      expect(again.status).toBe(409);
      const mismatch = await post("/test/generate/timed", generateBody(randomUUID(), [q.id]));
      expect(mismatch.status).toBe(400);
      const otherCookie = await t.login("class@preflight.test");
      const foreign = await t.request("/test/current/save", {
        method: "POST",
        cookie: otherCookie,
        json: { user_test_id: testId, question_id: q.id, answers: correctIds(q) },
      });
      expect(foreign.status).toBe(404);
      expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(
        "This test can no longer be accessed.",
      );
      cookie = await t.login();
    });
  });

  describe(`question bank for the device [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    async function bankFor(syllabusId: number) {
      await t.deps.db
        .updateTable("users")
        .set({ syllabus_id: syllabusId })
        .where("email", "=", "student@preflight.test")
        .execute();
      const cookie = await t.login();
      const res = await t.request("/api/content/bank", { cookie });
      expect(res.status).toBe(200);
      return {
        body: (await res.json()) as { version: string; questions: BankQuestion[] },
        etag: res.headers.get("etag"),
        cookie,
      };
    }

    it("[CT4] serves the three syllabus choices: pre-2020, 2020 without and with example questions", async () => {
      const pre = (await bankFor(1)).body.questions;
      const without = (await bankFor(2)).body.questions;
      const withExamples = (await bankFor(3)).body.questions;
      expect(pre.every((q) => q.editions.includes("pre2020") && !q.example)).toBe(true);
      expect(without.every((q) => q.editions.includes("2020") && !q.example)).toBe(true);
      expect(withExamples.some((q) => q.example)).toBe(true);
      expect(withExamples.length).toBeGreaterThan(without.length);
      expect(withExamples.length).toBeGreaterThanOrEqual(300);
    });

    it("[CT4] answers 304 when the device already holds this version", async () => {
      const { etag, cookie } = await bankFor(3);
      const again = await t.request("/api/content/bank", { cookie, headers: { "If-None-Match": etag ?? "" } });
      expect(again.status).toBe(304);
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`question versions [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let q: BankQuestion;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      q = (await questionsByType(t)).multiple_choice[0] as BankQuestion;
      // Publish version 2 of the question with the right answer moved.
      const v2 = { ...q, answers: q.answers.map((a) => ({ ...a, correct: !a.correct && a.id === wrongId(q) })) };
      await t.deps.db
        .insertInto("question_versions")
        .values({ question_id: q.id, version: 2, content: JSON.stringify(v2), created_at: "2026-11-21T10:00:00.000Z" })
        .execute();
      await t.deps.db.updateTable("questions").set({ current_version: 2 }).where("id", "=", q.id).execute();
    });
    afterAll(() => t.close());

    const wrongId = (question: BankQuestion) => question.answers.find((a) => !a.correct)?.id as number;
    const generate = (id: string, body: Record<string, unknown>) =>
      t.request("/test/generate/practice", { method: "POST", cookie, json: { ...generateBody(id, [q.id]), ...body } });

    it("grades a test built offline with version 1 by version 1, even after version 2 is published", async () => {
      const testId = randomUUID();
      expect((await generate(testId, { question_versions: [1] })).status).toBe(200);
      const save = await t.request("/test/current/save", {
        method: "POST",
        cookie,
        json: { user_test_id: testId, question_id: q.id, answers: correctIds(q) },
      });
      expect(await save.json()).toMatchObject({ answered: true, correct: true });
    });

    it("without versions a new test takes the current one", async () => {
      const testId = randomUUID();
      await generate(testId, {});
      const save = await t.request("/test/current/save", {
        method: "POST",
        cookie,
        json: { user_test_id: testId, question_id: q.id, answers: [wrongId(q)] },
      });
      expect(await save.json()).toMatchObject({ answered: true, correct: true });
    });

    it("refuses a version that does not exist and a list of the wrong length", async () => {
      const unknown = await generate(randomUUID(), { question_versions: [9] });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
        `Question ${q.id} has no version 9`,
      );
      const short = await generate(randomUUID(), { question_versions: [] });
      expect(short.status).toBe(400);
    });
  });
}
