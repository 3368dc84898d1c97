import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import {
  type FixedTest,
  fixedTestsReplySchema,
  previousTestsReplySchema,
  testSummaryReplySchema,
} from "@preflight/sync-protocol/schemas/fixed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FIXED_TEST_PASSWORD } from "../../demo/fixed-tests.ts";
import { setHideFixedResults } from "../../read/result-visibility.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice, questionsByType } from "../../test-support/mutations.ts";
import { rowCounts } from "../../test-support/rows.ts";

for (const dialect of DIALECTS) {
  describe(`fixed tests and previous tests [${dialect}]`, () => {
    let t: TestApp;
    let device: FakeDevice;
    let tests: FixedTest[];
    let questions: Map<number, BankQuestion>;
    let sent: Set<number>;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      device = await FakeDevice.signIn(t);
      const reply = fixedTestsReplySchema.parse(
        await (await t.request("/api/user/fixed_tests", { cookie: device.cookie })).json(),
      );
      tests = reply.tests;
      sent = new Set(reply.questions.map((q) => q.id));
      // The server's own copies, so a test answers every question right (withheld ones too).
      questions = new Map(
        Object.values(await questionsByType(t))
          .flat()
          .map((q) => [q.id, q]),
      );
    });
    afterAll(() => t.close());

    const post = (path: string, json: unknown) => t.request(path, { method: "POST", cookie: device.cookie, json });
    const byTitle = (title: string) => {
      const test = tests.find((x) => x.title === title);
      if (!test) throw new Error(`no fixed test ${title}`);
      return test;
    };
    const startBody = (test: FixedTest, overrides: Record<string, unknown> = {}) => ({
      user_test_id: randomUUID(),
      test_type: "exam",
      title: "Anything the device says",
      display_answers: "after_choice",
      time_limit: null,
      pass_percentage: 10,
      question_ids: test.question_ids,
      question_versions: test.question_versions,
      started: "2026-11-21T09:00:00.000Z",
      fixed_test_id: test.id,
      ...overrides,
    });
    /** Starts, answers every question right and finishes a fixed test through the outbox path. */
    async function takeFixedTest(test: FixedTest) {
      const body = startBody(test);
      const results = await device.pushOk([
        device.mutation("POST /test/generate/exam", body),
        ...test.question_ids.map((id) =>
          device.mutation("POST /test/current/save", {
            user_test_id: body.user_test_id,
            question_id: id,
            answers: answerFor(questions.get(id) as BankQuestion),
          }),
        ),
        device.mutation(`POST /test/current/finish/${body.user_test_id}`, { flush_session: true }),
      ]);
      return { id: body.user_test_id, results };
    }

    it("[FX5] lists the syllabus's fixed tests with their questions, attempts and settings", async () => {
      expect(tests.map((x) => x.title)).toEqual([
        "Air Law mock exam",
        "Air Law school exam",
        "Meteorology end-of-course exam",
        "Instrumentation review test",
        "Principles of Flight final exam",
      ]);
      const mock = byTitle("Air Law mock exam");
      expect(mock).toMatchObject({ time_limit: 20, password_access: false, disabled_reason: null, attempts: 0 });
      expect(byTitle("Air Law school exam")).toMatchObject({ password_access: true, attempts: 3 });
      expect(byTitle("Principles of Flight final exam").disabled_reason).toMatch(/classroom review/);
      for (const test of tests) for (const id of test.question_ids) expect(sent.has(id)).toBe(true);
      // The password hash never leaves the server.
      expect(JSON.stringify(tests)).not.toMatch(/scrypt|argon2/);
    });

    it("an unchanged list costs a device that kept its ETag a 304 and no body; a changed one comes whole", async () => {
      const get = (etag?: string) =>
        t.request("/api/user/fixed_tests", { cookie: device.cookie, headers: etag ? { "If-None-Match": etag } : {} });
      const first = await get();
      const etag = first.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers.get("Cache-Control")).toBe("private, no-cache");

      const again = await get(etag);
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect((await get(`W/${etag}, "other"`)).status).toBe(304);

      await setHideFixedResults(t.deps.db, true);
      try {
        const changed = await get(etag);
        expect(changed.status).toBe(200);
        expect(changed.headers.get("ETag")).not.toBe(etag);
        expect(fixedTestsReplySchema.parse(await changed.json()).hide_fixed_results).toBe(true);
      } finally {
        await setHideFixedResults(t.deps.db, false);
      }
      expect((await get(etag)).status).toBe(304);
    });

    it("needs a session", async () => {
      expect((await t.request("/api/user/fixed_tests")).status).toBe(401);
      expect((await t.request("/api/user/previous_tests")).status).toBe(401);
      expect(
        (
          await t.request("/test/verify-password", {
            method: "POST",
            json: { test_id: 1, test_type: "exam", password: "x" },
          })
        ).status,
      ).toBe(401);
    });

    it("refuses bad password checks with a clear 400, and an unknown test with 404", async () => {
      const school = byTitle("Air Law school exam");
      const missing = await post("/test/verify-password", { test_id: school.id, test_type: "exam" });
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { error: { message: string } }).error.message).toContain(
        "Please enter the test password",
      );
      const empty = await post("/test/verify-password", { test_id: school.id, test_type: "exam", password: "" });
      expect(empty.status).toBe(400);
      const badId = await post("/test/verify-password", { test_id: "abc", test_type: "exam", password: "airlaw" });
      expect(badId.status).toBe(400);
      expect(((await badId.json()) as { error: { message: string } }).error.message).toMatch(/test_id/);
      const badType = await post("/test/verify-password", { test_id: school.id, test_type: "practice", password: "x" });
      expect(badType.status).toBe(400);
      expect(((await badType.json()) as { error: { message: string } }).error.message).toMatch(/test_type/);
      const unknown = await post("/test/verify-password", { test_id: 99999, test_type: "exam", password: "x" });
      expect(unknown.status).toBe(404);
      const malformed = await t.request("/test/verify-password", {
        method: "POST",
        cookie: device.cookie,
        headers: { "Content-Type": "application/json" },
        body: "{not json",
      });
      expect(malformed.status).toBe(400);
      expect(await rowCounts(t.deps.db, ["fixed_test_access"])).toEqual({ fixed_test_access: 0 });
    });

    it("[FX2] a start queued without the password is refused on replay, and applied once the password was given", async () => {
      const school = byTitle("Air Law school exam");
      const before = await rowCounts(t.deps.db, ["user_tests", "user_test_questions"]);
      const [refused] = await device.pushOk([device.mutation("POST /test/generate/exam", startBody(school))]);
      expect(refused).toMatchObject({ status: "failed", error: { code: "conflict" } });
      expect(errorMessage(refused)).toMatch(/needs its password/);
      expect(await rowCounts(t.deps.db, ["user_tests", "user_test_questions"])).toEqual(before);

      const wrong = await post("/test/verify-password", { test_id: school.id, test_type: "exam", password: "nope" });
      expect(wrong.status).toBe(200);
      expect(await wrong.json()).toEqual({ success: false, message: "The password is incorrect" });
      const [stillRefused] = await device.pushOk([device.mutation("POST /test/generate/exam", startBody(school))]);
      expect(stillRefused?.status).toBe("failed");

      const right = await post("/test/verify-password", {
        test_id: school.id,
        test_type: "exam",
        password: DEMO_FIXED_TEST_PASSWORD,
      });
      expect(await right.json()).toEqual({ success: true, message: "Password accepted" });
      const [applied] = await device.pushOk([device.mutation("POST /test/generate/exam", startBody(school))]);
      expect(applied?.status).toBe("applied");

      // A new password needs a new check: the earlier grant no longer opens the test.
      await t.deps.db
        .updateTable("fixed_tests")
        .set({ password_hash: "scrypt$16384$8$1$AAAA$BBBB" })
        .where("id", "=", school.id)
        .execute();
      const [afterChange] = await device.pushOk([device.mutation("POST /test/generate/exam", startBody(school))]);
      expect(afterChange?.status).toBe("failed");
    });

    it("[FX3] takes the title, time limit, pass mark and display from the fixed test, never from the device", async () => {
      const mock = byTitle("Air Law mock exam");
      const body = startBody(mock);
      const res = await post("/test/generate/exam", body);
      expect(res.status).toBe(200);
      const row = await t.deps.db
        .selectFrom("user_tests")
        .select(["title", "time_limit", "pass_percentage", "display_answers", "fixed_test_id", "hide_results"])
        .where("id", "=", body.user_test_id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        title: "Air Law mock exam",
        time_limit: 20,
        pass_percentage: 75,
        display_answers: "after_test",
        fixed_test_id: mock.id,
        hide_results: 0,
      });
    });

    it("[FX1] refuses an exam without its fixed test, a fixed test of another type, other questions and a disabled test", async () => {
      const mock = byTitle("Air Law mock exam");
      const cases: [unknown, string, RegExp][] = [
        [startBody(mock, { fixed_test_id: undefined }), "bad_request", /fixed_test_id is required/],
        [{ ...startBody(mock), test_type: "practice" }, "bad_request", /only for tests of type exam/],
        [
          startBody(mock, { question_ids: mock.question_ids.slice(1), question_versions: undefined }),
          "conflict",
          /changed/,
        ],
        [startBody(mock, { fixed_test_id: 99999 }), "not_found", /not available/],
        [startBody(byTitle("Principles of Flight final exam")), "conflict", /classroom review/],
      ];
      for (const [body, code, message] of cases) {
        const type = (body as { test_type: string }).test_type;
        const [result] = await device.pushOk([device.mutation(`POST /test/generate/${type}`, body)]);
        expect(result).toMatchObject({ status: "failed", error: { code } });
        expect(errorMessage(result)).toMatch(message);
      }
      // The direct form answers with the status of the refusal and writes nothing.
      const before = await rowCounts(t.deps.db, ["user_tests", "mutations"]);
      const direct = await post("/test/generate/exam", startBody(byTitle("Principles of Flight final exam")));
      expect(direct.status).toBe(409);
      expect(await rowCounts(t.deps.db, ["user_tests", "mutations"])).toEqual(before);
      const wrongType = await post("/test/generate/exam", { ...startBody(mock), fixed_test_id: "one" });
      expect(wrongType.status).toBe(400);
    });

    it("[FX1] [FX4] enforces the attempts limit, and hides score, pass and correctness of a hidden-results test", async () => {
      const met = byTitle("Meteorology end-of-course exam");
      expect(met.attempts).toBe(1);
      const { id, results } = await takeFixedTest(met);
      expect(results.every((r) => r.status === "applied")).toBe(true);
      const finish = results.at(-1)?.reply as { result: Record<string, unknown> };
      expect(finish.result).toMatchObject({ id, marked: true, hide_results: true });
      for (const key of ["score", "percentage", "pass"]) expect(finish.result).not.toHaveProperty(key);

      const [second] = await device.pushOk([device.mutation("POST /test/generate/exam", startBody(met))]);
      expect(second).toMatchObject({ status: "failed", error: { code: "conflict" } });
      expect(errorMessage(second)).toBe("You have used all 1 attempt allowed for this test.");

      const data = await post("/test/question-data", { user_test_id: id });
      expect(data.status).toBe(409);
      expect(JSON.stringify(await data.json())).not.toMatch(/"correct"|"score"/);
      const list = (await (await post("/test/current/test-question", { user_test_id: id })).json()) as {
        user_test_questions: { correct: boolean | null }[];
      };
      expect(list.user_test_questions.every((q) => q.correct === null)).toBe(true);
      const one = (await (await post("/test/current/question", { user_test_id: id, question_position: 1 })).json()) as {
        question: { answers: { correct?: boolean }[]; explanation: string | null };
      };
      expect(one.question.answers.some((a) => a.correct !== undefined)).toBe(false);

      const previous = previousTestsReplySchema.parse(
        await (await t.request("/api/user/previous_tests", { cookie: device.cookie })).json(),
      );
      expect(previous.tests.find((x) => x.id === id)).toMatchObject({
        score: null,
        pass: null,
        hide_results: true,
        test_type: "exam",
        questions: met.question_ids.length,
        marked: true,
      });
      const summary = testSummaryReplySchema.parse(await (await post(`/test/summary/exam/${met.id}`, {})).json());
      expect(summary).toEqual({
        total: met.question_ids.length,
        attempts: 1,
        user_tests_count: 1,
        time_limit: 20,
        pass_percentage: 75,
        score: null,
      });
      const listed = fixedTestsReplySchema.parse(
        await (await t.request("/api/user/fixed_tests", { cookie: device.cookie })).json(),
      );
      expect(listed.tests.find((x) => x.id === met.id)?.user_tests_count).toBe(1);
    });

    it("[FX4] lists previous tests with score and pass, and hide_fixed_results hides them for fixed tests only", async () => {
      const instruments = byTitle("Instrumentation review test");
      const { id: fixedId } = await takeFixedTest(instruments);
      const practiceId = randomUUID();
      const q = questions.get(instruments.question_ids[0] as number) as BankQuestion;
      await device.pushOk([
        device.mutation("POST /test/generate/practice", {
          ...startBody(instruments, { fixed_test_id: undefined }),
          user_test_id: practiceId,
          test_type: "practice",
          question_ids: [q.id],
          question_versions: undefined,
        }),
        device.mutation("POST /test/current/save", {
          user_test_id: practiceId,
          question_id: q.id,
          answers: answerFor(q),
        }),
        device.mutation(`POST /test/current/finish/${practiceId}`, { flush_session: true }),
      ]);
      const read = async () =>
        previousTestsReplySchema.parse(
          await (await t.request("/api/user/previous_tests", { cookie: device.cookie })).json(),
        );
      let previous = await read();
      expect(previous.hide_fixed_results).toBe(false);
      // Hidden answers alone keep the score: the review is what goes to the school.
      expect(previous.tests.find((x) => x.id === fixedId)).toMatchObject({ score: 8, pass: true, hide_results: false });
      expect(previous.tests.find((x) => x.id === practiceId)).toMatchObject({ score: 1, pass: true, questions: 1 });
      expect(previous.tests.map((x) => x.started)).toEqual([...previous.tests.map((x) => x.started)].sort().reverse());

      await setHideFixedResults(t.deps.db, true);
      try {
        previous = await read();
        expect(previous.hide_fixed_results).toBe(true);
        expect(previous.tests.find((x) => x.id === fixedId)).toMatchObject({ score: null, pass: null });
        expect(previous.tests.find((x) => x.id === practiceId)).toMatchObject({ score: 1, pass: true });
        const fixed = fixedTestsReplySchema.parse(
          await (await t.request("/api/user/fixed_tests", { cookie: device.cookie })).json(),
        );
        expect(fixed.hide_fixed_results).toBe(true);
      } finally {
        await setHideFixedResults(t.deps.db, false);
      }
    });

    it("answers the fixed-test summary and refuses bad summary paths", async () => {
      const mock = byTitle("Air Law mock exam");
      const ok = await post(`/test/summary/exam/${mock.id}`, {});
      expect(ok.status).toBe(200);
      expect(testSummaryReplySchema.parse(await ok.json())).toMatchObject({
        total: mock.question_ids.length,
        attempts: 0,
        time_limit: 20,
        pass_percentage: 75,
      });
      expect((await post(`/test/summary/practice/${mock.id}`, {})).status).toBe(400);
      expect((await post("/test/summary/exam/abc", {})).status).toBe(400);
      expect((await post("/test/summary/exam/-3", {})).status).toBe(400);
      expect((await post("/test/summary/exam/99999", {})).status).toBe(404);
    });
  });
}

function answerFor(q: BankQuestion) {
  return q.type === "text" ? { value: q.text_range?.exact ?? 0 } : correctIds(q);
}

function errorMessage(result: Record<string, unknown> | undefined): string {
  return (result?.error as { message?: string } | undefined)?.message ?? "";
}
