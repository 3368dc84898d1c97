/**
 * Issue 14, exam integrity: a school's own question that reaches the student only through a
 * test whose answers are hidden comes to the device without its answers or explanation, is
 * graded by the server on arrival (the device's outbox brings it, offline or not), and nothing
 * the student can read afterwards, in any reply or pulled row, tells which answers were right.
 * The demo's Meteorology end-of-course exam (results and answers to the school) holds two such
 * questions (api/src/demo/school-questions.ts).
 */
import { randomUUID } from "node:crypto";
import { isWithheld, type ShownQuestionVersion } from "@preflight/sync-protocol/rules/withheld-answers";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { type FixedTest, fixedTestsReplySchema } from "@preflight/sync-protocol/schemas/fixed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SCHOOL_QUESTIONS } from "../../demo/school-questions.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType } from "../../test-support/mutations.ts";

const SCHOOL_IDS = DEMO_SCHOOL_QUESTIONS.map((q) => q.id);
/** What would tell a withheld question's answer if it ever left the server. */
const TELLTALES = DEMO_SCHOOL_QUESTIONS.flatMap((q) => [
  q.explanation,
  q.reference,
  ...(q.text_range ? [`"exact":${q.text_range.exact}`, `"min":${q.text_range.min}`] : []),
]);

/** The server's own right answer to a question. */
function rightAnswer(q: BankQuestion) {
  return q.type === "text" ? { value: q.text_range?.exact ?? 0 } : correctIds(q);
}

for (const dialect of DIALECTS) {
  describe(`a school's own questions in a test hiding its answers [${dialect}]`, () => {
    let t: TestApp;
    let device: FakeDevice;
    let exam: FixedTest;
    let sent: ShownQuestionVersion[];
    let serverCopy: Map<number, BankQuestion>;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      device = await FakeDevice.signInAsNewStudent(t);
      const reply = fixedTestsReplySchema.parse(
        await (await t.request("/api/user/fixed_tests", { cookie: device.cookie })).json(),
      );
      exam = reply.tests.find((x) => x.title === "Meteorology end-of-course exam") as FixedTest;
      sent = reply.questions;
      serverCopy = new Map(
        Object.values(await questionsByType(t))
          .flat()
          .map((q) => [q.id, q]),
      );
    });
    afterAll(() => t.close());

    const get = (path: string) => t.request(path, { cookie: device.cookie });
    const post = (path: string, json: unknown) => t.request(path, { method: "POST", cookie: device.cookie, json });
    const textOf = async (res: Response) => {
      expect(res.status).toBeLessThan(500);
      return res.text();
    };
    const expectNoTelltale = (text: string) => {
      for (const telltale of TELLTALES) expect(text).not.toContain(telltale);
    };

    it("sends them with the test, withheld: no correct flag, range, explanation or reference", async () => {
      expect(exam).toMatchObject({ hide_results: true, hide_answers: true });
      expect(exam.question_ids).toEqual(expect.arrayContaining(SCHOOL_IDS));
      const schoolQuestions = sent.filter((q) => SCHOOL_IDS.includes(q.id));
      expect(schoolQuestions).toHaveLength(SCHOOL_IDS.length);
      for (const q of schoolQuestions) {
        expect(isWithheld(q)).toBe(true);
        expect(JSON.stringify(q)).not.toMatch(/"correct"|"explanation"|"reference"|"exact"|"min"|"max"/);
      }
      expectNoTelltale(await textOf(await get("/api/user/fixed_tests")));
      // The bank's questions of the same test are the student's to practise anyway: sent whole.
      const bankOnes = sent.filter((q) => exam.question_ids.includes(q.id) && !SCHOOL_IDS.includes(q.id));
      expect(bankOnes.length).toBeGreaterThan(0);
      expect(bankOnes.every((q) => !isWithheld(q))).toBe(true);
    });

    it("keeps them out of the bank: no download holds them and no practice test can take them", async () => {
      const bank = (await (await get("/api/content/bank")).json()) as { questions: { id: number }[] };
      expect(bank.questions.length).toBeGreaterThan(0);
      expect(bank.questions.filter((q) => SCHOOL_IDS.includes(q.id))).toEqual([]);
      const practice = await post("/test/generate/practice", generateBody(randomUUID(), SCHOOL_IDS));
      expect(practice.status).toBe(400);
      expect(await practice.text()).toContain("Unknown question ids");
    });

    it("grades them on arrival and tells the student nothing of which answers were right", async () => {
      const analysisBefore = await Promise.all(
        ["/analysis/subject", "/analysis/topic/050", "/analysis/average-timed"].map(async (p) => (await get(p)).text()),
      );
      const testId = randomUUID();
      // Taken on the device (offline or not), the whole test reaches the server through the outbox.
      const start = device.mutation("POST /test/generate/exam", {
        user_test_id: testId,
        test_type: "exam",
        title: exam.title,
        display_answers: "after_test",
        time_limit: exam.time_limit,
        pass_percentage: exam.pass_percentage,
        question_ids: exam.question_ids,
        question_versions: exam.question_versions,
        started: "2026-11-21T09:00:00.000Z",
        fixed_test_id: exam.id,
      });
      const saves = exam.question_ids.map((id) =>
        device.mutation("POST /test/current/save", {
          user_test_id: testId,
          question_id: id,
          answers: rightAnswer(serverCopy.get(id) as BankQuestion),
        }),
      );
      const results = await device.pushOk([
        start,
        ...saves,
        device.mutation(`POST /test/current/finish/${testId}`, { flush_session: true }),
      ]);
      expect(results.map((r) => r.status)).toEqual(results.map(() => "applied"));
      // Every save answers "saved", never whether it was right.
      for (const r of results.slice(1, -1)) expect(r.reply).toEqual({ success: true, answered: true, correct: null });
      const finish = results.at(-1)?.reply as { result: Record<string, unknown> };
      expect(finish.result).toMatchObject({ hide_results: true, answered: exam.question_ids.length });
      expect(finish.result).not.toHaveProperty("score");

      // The server graded the school's questions from its own copies.
      const graded = await t.deps.db
        .selectFrom("answers")
        .select(["question_id", "correct"])
        .where("user_test_id", "=", testId)
        .where("question_id", "in", SCHOOL_IDS)
        .execute();
      expect(graded.map((a) => a.correct)).toEqual([1, 1]);
      const row = await t.deps.db
        .selectFrom("user_tests")
        .select("score")
        .where("id", "=", testId)
        .executeTakeFirstOrThrow();
      expect(row.score).toBe(exam.question_ids.length);

      // Pulled rows: no correctness, no result, no withheld question whole.
      const pulled = (await (await post("/user-sync/sync", { cursor: null })).json()) as {
        tests: { id: string; result: unknown }[];
        answers: { user_test_id: string; correct: boolean | null }[];
        question_versions: ShownQuestionVersion[];
      };
      expect(pulled.tests.find((x) => x.id === testId)?.result).toBeNull();
      const answers = pulled.answers.filter((a) => a.user_test_id === testId);
      expect(answers).toHaveLength(exam.question_ids.length);
      expect(answers.map((a) => a.correct)).toEqual(answers.map(() => null));
      expect(pulled.question_versions.filter((q) => SCHOOL_IDS.includes(q.id) && !isWithheld(q))).toEqual([]);

      // Replies: every read of the test refuses or says nothing of right and wrong.
      expect((await post("/test/question-data", { user_test_id: testId })).status).toBe(409);
      const list = (await (await post("/test/current/test-question", { user_test_id: testId })).json()) as {
        user_test_questions: { correct: boolean | null }[];
      };
      expect(list.user_test_questions.map((q) => q.correct)).toEqual(list.user_test_questions.map(() => null));
      // (The fixed tests' own reply holds the bank's questions whole, so only the telltales are looked for there.)
      expectNoTelltale(await textOf(await get("/api/user/fixed_tests")));
      const reads = [
        get("/api/user/previous_tests"),
        post(`/test/summary/exam/${exam.id}`, {}),
        post("/user-sync/sync", { cursor: null }),
        ...exam.question_ids.map((_, i) =>
          post("/test/current/question", { user_test_id: testId, question_position: i + 1 }),
        ),
      ];
      for (const res of await Promise.all(reads)) {
        const text = await textOf(res);
        expectNoTelltale(text);
        expect(text).not.toMatch(/"correct":true/);
      }
      const previous = (await (await get("/api/user/previous_tests")).json()) as {
        tests: { id: string; score: number | null; pass: boolean | null }[];
      };
      expect(previous.tests.find((x) => x.id === testId)).toMatchObject({ score: null, pass: null });
      // The graphs count no answer of it: they read exactly as before the test.
      const analysisAfter = await Promise.all(
        ["/analysis/subject", "/analysis/topic/050", "/analysis/average-timed"].map(async (p) => (await get(p)).text()),
      );
      expect(analysisAfter).toEqual(analysisBefore);
    });
  });
}
