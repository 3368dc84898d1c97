import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import {
  type CurrentQuestionReply,
  currentQuestionReplySchema,
  questionDataReplySchema,
  questionStatsReplySchema,
  type TestQuestion,
  testQuestionsReplySchema,
} from "@preflight/sync-protocol/schemas/question";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, generateBody, questionsByType, wrongIds } from "../../test-support/mutations.ts";
import { ACTIVITY_TABLES, rowCounts } from "../../test-support/rows.ts";

type Display = "after_choice" | "after_test" | "before_choice";

for (const dialect of DIALECTS) {
  describe(`test-taking reads [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let byType: Record<BankQuestion["type"], BankQuestion[]>;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      byType = await questionsByType(t);
    });
    afterAll(() => t.close());

    const post = (path: string, json: unknown, as = cookie) => t.request(path, { method: "POST", cookie: as, json });

    async function newTest(questions: BankQuestion[], display: Display = "after_test", as = cookie) {
      const id = randomUUID();
      const res = await post(
        "/test/generate/practice",
        {
          ...generateBody(
            id,
            questions.map((q) => q.id),
          ),
          display_answers: display,
        },
        as,
      );
      expect(res.status).toBe(200);
      return id;
    }

    async function question(testId: string, position?: number): Promise<CurrentQuestionReply> {
      const res = await post("/test/current/question", {
        user_test_id: testId,
        ...(position === undefined ? {} : { question_position: position }),
      });
      expect(res.status).toBe(200);
      return currentQuestionReplySchema.parse(await res.json());
    }

    it("serves a question as the spec's Question entity", async () => {
      const mc = byType.multiple_choice[0] as BankQuestion;
      const testId = await newTest([mc, byType.text[0] as BankQuestion]);
      const reply = await question(testId, 1);
      expect(reply).toMatchObject({ success: true, message: "", position: 1 });
      const q = reply.question as TestQuestion;
      expect(q).toMatchObject({
        id: mc.id,
        version: 1,
        question: mc.question,
        question_number: 1,
        type: "multiple_choice",
        total_correct: 1,
        reference: mc.reference,
        score: mc.score,
        isFlagged: false,
        seen_in_exam: [],
        text_range: null,
      });
      expect(q.question_stripped).not.toMatch(/<[a-z]/);
      expect(q.answers.map((a) => a.id)).toEqual(mc.answers.map((a) => a.id));
      expect(q.answers.every((a) => a.selected === false)).toBe(true);
      expect(q.stats.learningObjectives).toEqual(mc.learning_objectives.map((code) => ({ code, version: "2020" })));
      expect(q.topic?.id).toBe(mc.syllabus_code.split(".").slice(0, 2).join("."));
      expect(q.topic?.title.length).toBeGreaterThan(0);
    });

    it("after_test hides correctness and explanation until the test is finished, then shows them", async () => {
      const mc = byType.multiple_choice[1] as BankQuestion;
      const text = byType.text[1] as BankQuestion;
      const testId = await newTest([mc, text], "after_test");
      await post("/test/current/save", { user_test_id: testId, question_id: mc.id, answers: correctIds(mc) });
      await post("/test/current/save", {
        user_test_id: testId,
        question_id: text.id,
        answers: { value: (text.text_range?.max ?? 0) + 1000 },
      });

      const during = (await question(testId, 1)).question as TestQuestion;
      expect(during.explanation).toBeNull();
      expect(during.answers.some((a) => "correct" in a)).toBe(false);
      expect(during.answers.filter((a) => a.selected).map((a) => a.id)).toEqual(correctIds(mc));
      const duringText = (await question(testId, 2)).question as TestQuestion;
      expect(duringText.text_range).toEqual({
        units: text.text_range?.units,
        value: (text.text_range?.max ?? 0) + 1000,
      });
      const listDuring = testQuestionsReplySchema.parse(
        await (await post("/test/current/test-question", { user_test_id: testId })).json(),
      );
      expect(listDuring.user_test_questions.map((x) => [x.answered, x.correct])).toEqual([
        [true, null],
        [true, null],
      ]);

      await post(`/test/current/finish/${testId}`, { flush_session: true });
      const after = (await question(testId, 1)).question as TestQuestion;
      expect(after.explanation).toBe(mc.explanation);
      expect(after.answers.map((a) => a.correct)).toEqual(mc.answers.map((a) => a.correct));
      const afterText = (await question(testId, 2)).question as TestQuestion;
      expect(afterText.text_range).toMatchObject({
        min: text.text_range?.min,
        max: text.text_range?.max,
        correct: false,
      });
      const listAfter = testQuestionsReplySchema.parse(
        await (await post("/test/current/test-question", { user_test_id: testId })).json(),
      );
      expect(listAfter.user_test_questions.map((x) => x.correct)).toEqual([true, false]);
    });

    it.each(["after_choice", "before_choice"] as const)("%s shows correctness during the test", async (display) => {
      const ms = byType.multiple_select[0] as BankQuestion;
      const testId = await newTest([ms], display);
      const q = (await question(testId, 1)).question as TestQuestion;
      expect(q.explanation).toBe(ms.explanation);
      expect(q.answers.map((a) => a.correct)).toEqual(ms.answers.map((a) => a.correct));
      expect(q.total_correct).toBe(ms.total_correct);
      await post("/test/current/save", { user_test_id: testId, question_id: ms.id, answers: correctIds(ms) });
      const list = testQuestionsReplySchema.parse(
        await (await post("/test/current/test-question", { user_test_id: testId })).json(),
      );
      expect(list.user_test_questions).toEqual([
        { question_number: 1, question_id: ms.id, answered: true, accessed: true, correct: true },
      ]);
    });

    it("cloze answers carry their gap number", async () => {
      const cloze = byType.cloze[0] as BankQuestion;
      const testId = await newTest([cloze]);
      const q = (await question(testId, 1)).question as TestQuestion;
      expect(q.answers.map((a) => a.question_cloze_group)).toEqual(cloze.answers.map((a) => a.group));
    });

    it("[CT6] a question edited to version 2 after the test started still serves version 1 to that test", async () => {
      const mc = byType.multiple_choice[2] as BankQuestion;
      const testId = await newTest([mc], "before_choice");
      const edited: BankQuestion = {
        ...mc,
        question: `${mc.question} (revised)`,
        answers: mc.answers.map((a) => ({ ...a, correct: !a.correct })),
      };
      await t.deps.db
        .insertInto("question_versions")
        .values({
          question_id: mc.id,
          version: 2,
          content: JSON.stringify(edited),
          created_at: t.clock.now().toISOString(),
        })
        .execute();
      await t.deps.db.updateTable("questions").set({ current_version: 2 }).where("id", "=", mc.id).execute();

      const q = (await question(testId, 1)).question as TestQuestion;
      expect(q.version).toBe(1);
      expect(q.question).toBe(mc.question);
      expect(q.answers.map((a) => a.correct)).toEqual(mc.answers.map((a) => a.correct));
      const data = questionDataReplySchema.parse(
        await (await post("/test/question-data", { user_test_id: testId })).json(),
      );
      expect(data.questions[0]?.question_version).toBe(1);
      // A test started now gets version 2.
      const fresh = await newTest([mc], "before_choice");
      expect(((await question(fresh, 1)).question as TestQuestion).question).toBe(edited.question);
    });

    it("the reload form returns the question last served; out of range is success false with a message", async () => {
      const qs = byType.multiple_choice.slice(3, 6);
      const testId = await newTest(qs);
      expect((await question(testId)).position).toBe(1);
      await question(testId, 3);
      const reload = await question(testId);
      expect(reload).toMatchObject({ success: true, position: 3, question: { id: qs[2]?.id } });
      const beyond = await question(testId, 4);
      expect(beyond).toEqual({
        success: false,
        message: "There is no question 4 in this test: it has 3 questions.",
        question: null,
        position: 4,
      });
      const list = testQuestionsReplySchema.parse(
        await (await post("/test/current/test-question", { user_test_id: testId })).json(),
      );
      expect(list.user_test_questions.map((x) => x.accessed)).toEqual([true, false, true]);
    });

    it("flags and seen-in-exam reports show on the question", async () => {
      const mc = byType.multiple_choice[6] as BankQuestion;
      const testId = await newTest([mc]);
      await post("/api/question/flag", { question_id: mc.id, flagged: true });
      await post(`/questions/${mc.id}/seen-in-exam`, {
        report_id: randomUUID(),
        date_seen: "2025-06",
        authority: "fr_dgac",
      });
      const q = (await question(testId, 1)).question as TestQuestion;
      expect(q.isFlagged).toBe(true);
      expect(q.seen_in_exam).toEqual([{ date_seen: "2025-06", authority: { title: "DGAC (France)" } }]);
    });

    it("statistics count every student's latest answer per test question once", async () => {
      const mc = byType.multiple_choice[7] as BankQuestion;
      const mine = await newTest([mc]);
      // Two answers in one test: only the latest (correct) counts.
      await post("/test/current/save", { user_test_id: mine, question_id: mc.id, answers: wrongIds(mc) });
      t.clock.advance(1000);
      await post("/test/current/save", { user_test_id: mine, question_id: mc.id, answers: correctIds(mc) });
      t.clock.advance(1000);
      const other = await t.login("class@preflight.test");
      const theirs = await newTest([mc], "after_test", other);
      await post("/test/current/save", { user_test_id: theirs, question_id: mc.id, answers: wrongIds(mc) }, other);
      cookie = await t.login();

      const q = (await question(mine, 1)).question as TestQuestion;
      expect(q.stats).toMatchObject({ answered: 2, sum_correct: 1 });
      expect(q.stats.updated).toBe(t.clock.now().toISOString());

      const res = await t.request("/api/content/question-stats", { cookie });
      expect(res.status).toBe(200);
      const { stats } = questionStatsReplySchema.parse(await res.json());
      expect(stats.find((s) => s.question_id === mc.id)).toEqual({
        question_id: mc.id,
        answered: 2,
        sum_correct: 1,
        updated: t.clock.now().toISOString(),
      });
      expect(stats.every((s) => s.answered > 0)).toBe(true);
    });

    it("next and prev are activity pings; /user-active says whether the student is still there", async () => {
      const testId = await newTest([byType.multiple_choice[8] as BankQuestion]);
      const fresh = await t.login();
      expect(await (await t.request("/user-active", { cookie: fresh })).json()).toEqual({ active: true });
      t.clock.advance(31 * 60_000);
      expect(await (await t.request("/user-active", { cookie: fresh })).json()).toEqual({ active: false });
      for (const path of ["/test/current/next", "/test/current/prev"]) {
        const ping = await post(path, { user_test_id: testId }, fresh);
        expect(ping.status).toBe(200);
        expect(await ping.json()).toEqual({ success: true });
      }
      expect(await (await t.request("/user-active", { cookie: fresh })).json()).toEqual({ active: true });
      t.clock.advance(29 * 60_000);
      expect(await (await t.request("/user-active", { cookie: fresh })).json()).toEqual({ active: true });
      t.clock.advance(2 * 60_000);
      expect(await (await t.request("/user-active", { cookie: fresh })).json()).toEqual({ active: false });
      const mark = await t.request("/user-active", { method: "POST", cookie: fresh, json: {} });
      expect(await mark.json()).toEqual({ success: true, active: true });
      expect(await (await t.request("/user-active", { cookie: fresh })).json()).toEqual({ active: true });
      cookie = fresh;
    });

    it("[SR17] finishing keeps how the test ended; abandon still marks it; a finished test stays as it was", async () => {
      const mc = byType.multiple_choice[9] as BankQuestion;
      const abandoned = await newTest([mc]);
      await post("/test/current/save", { user_test_id: abandoned, question_id: mc.id, answers: correctIds(mc) });
      const res = await post(`/test/current/finish/${abandoned}`, { flush_session: true, reason: "abandoned" });
      expect(await res.json()).toMatchObject({ result: { marked: true, score: 1, pass: true } });
      const again = await post(`/test/current/finish/${abandoned}`, { flush_session: true, reason: "time_expired" });
      expect(again.status).toBe(200);
      const late = await post("/test/current/save", {
        user_test_id: abandoned,
        question_id: mc.id,
        answers: wrongIds(mc),
      });
      expect(late.status).toBe(409);
      const row = await t.deps.db
        .selectFrom("user_tests")
        .select(["ended", "score", "can_retake", "hide_results", "retake_of"])
        .where("id", "=", abandoned)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ ended: "abandoned", score: 1, can_retake: 1, hide_results: 0, retake_of: null });

      const plain = await newTest([mc]);
      await post(`/test/current/finish/${plain}`, { flush_session: true });
      const ended = await t.deps.db
        .selectFrom("user_tests")
        .select("ended")
        .where("id", "=", plain)
        .executeTakeFirstOrThrow();
      expect(ended.ended).toBe("finished");

      const bad = await post(`/test/current/finish/${randomUUID()}`, { flush_session: true, reason: "bored" });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
        "reason must be one of finished, abandoned, time_expired",
      );
    });

    it("[SR15] a retake names the test it retakes, which must be the student's own", async () => {
      const mc = byType.multiple_choice[10] as BankQuestion;
      const first = await newTest([mc]);
      const retake = randomUUID();
      const ok = await post("/test/generate/practice", { ...generateBody(retake, [mc.id]), retake_of: first });
      expect(ok.status).toBe(200);
      const row = await t.deps.db
        .selectFrom("user_tests")
        .select("retake_of")
        .where("id", "=", retake)
        .executeTakeFirstOrThrow();
      expect(row.retake_of).toBe(first);
      const foreign = await post("/test/generate/practice", {
        ...generateBody(randomUUID(), [mc.id]),
        retake_of: randomUUID(),
      });
      expect(foreign.status).toBe(400);
      expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(
        "retake_of does not name one of your tests",
      );
    });

    it.each([
      ["malformed JSON", "/test/current/question", "{", "Malformed JSON in request body"],
      ["a missing user_test_id", "/test/current/question", { question_position: 1 }, "user_test_id"],
      [
        "a position of zero",
        "/test/current/question",
        { user_test_id: randomUUID(), question_position: 0 },
        "question_position starts at 1",
      ],
      [
        "a fractional position",
        "/test/current/question",
        { user_test_id: randomUUID(), question_position: 1.5 },
        "question_position must be a whole number",
      ],
      ["a ping without a test", "/test/current/next", {}, "user_test_id"],
      ["a list for a non-uuid", "/test/current/test-question", { user_test_id: "7" }, "user_test_id must be a uuid"],
    ])("refuses %s with a 400 that says why", async (_name, path, body, message) => {
      const before = await rowCounts(t.deps.db, ACTIVITY_TABLES);
      const res =
        typeof body === "string"
          ? await t.request(path, { method: "POST", cookie, headers: { "Content-Type": "application/json" }, body })
          : await post(path, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
      expect(await rowCounts(t.deps.db, ACTIVITY_TABLES)).toEqual(before);
    });

    it("someone else's test can no longer be accessed (404), for every read", async () => {
      const testId = await newTest([byType.multiple_choice[11] as BankQuestion]);
      const other = await t.login("class@preflight.test");
      for (const [path, body] of [
        ["/test/current/question", { user_test_id: testId, question_position: 1 }],
        ["/test/current/question", { user_test_id: testId }],
        ["/test/current/next", { user_test_id: testId }],
        ["/test/current/prev", { user_test_id: testId }],
        ["/test/current/test-question", { user_test_id: testId }],
        ["/test/question-data", { user_test_id: testId }],
      ] as const) {
        const res = await post(path, body, other);
        expect(res.status, path).toBe(404);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
          "This test can no longer be accessed.",
        );
      }
      cookie = await t.login();
    });

    it("every read needs a session", async () => {
      for (const [method, path] of [
        ["POST", "/test/current/question"],
        ["POST", "/test/current/next"],
        ["POST", "/test/current/test-question"],
        ["GET", "/user-active"],
        ["POST", "/user-active"],
        ["GET", "/api/content/question-stats"],
      ] as const) {
        const res = await t.request(path, { method, ...(method === "POST" ? { json: {} } : {}) });
        expect(res.status, path).toBe(401);
      }
    });
  });
}
