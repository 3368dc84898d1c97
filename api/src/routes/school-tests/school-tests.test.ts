/**
 * Fixed tests a school sets, on both databases (issue 20): the demo instructor creates a
 * password-protected test with hidden results for the demo class; a student of that class sees
 * it, gives the password, takes it through the outbox and never sees the score; the instructor
 * reads the attempt with its score, time and answers, the per-question figures, and exports the
 * CSV and the PDF, each read back here. A student of another class never sees the test, another
 * school's instructor is answered 404 everywhere, bad input is a 400 that says what is wrong and
 * writes nothing, and the test's open and close times are enforced when the start is replayed.
 */
import { randomUUID } from "node:crypto";
import { FIXED_TEST_MESSAGES, formatTestMoment } from "@preflight/sync-protocol/rules/fixed-tests";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import { type FixedTest, fixedTestsReplySchema } from "@preflight/sync-protocol/schemas/fixed";
import {
  type FixedTestDraft,
  SCHOOL_TEST_MESSAGES,
  type SchoolFixedTest,
  schoolFixedTestReplySchema,
  schoolFixedTestsReplySchema,
  schoolQuestionsReplySchema,
  schoolTestResultsReplySchema,
} from "@preflight/sync-protocol/schemas/school-tests";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLASS_ID } from "../../demo/class-activity.ts";
import { newAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice, questionsByType, wrongIds } from "../../test-support/mutations.ts";
import { pdfPages } from "../../test-support/pdf-text.ts";

const DEMO_SCHOOL = { id: 2, name: "Preflight Flight Academy" };
const OTHER_CLASS = "elsewhere-2026";
const PASSWORD = "pf-secret-7";

const draft = (overrides: Partial<FixedTestDraft> = {}): FixedTestDraft => ({
  title: "Air Law progress check",
  questions: { kind: "filter", subject: "010", topic: null, count: 6 },
  time_limit: 15,
  pass_percentage: 75,
  attempts: 2,
  password: PASSWORD,
  hide_results: true,
  hide_answers: true,
  opens_at: null,
  closes_at: null,
  disabled_reason: null,
  class_ids: [DEMO_CLASS_ID],
  ...overrides,
});

for (const dialect of DIALECTS) {
  describe(`a school's fixed tests: authoring, results and exports [${dialect}]`, () => {
    let t: TestApp;
    let instructor: string;
    let otherInstructor: string;
    let student: FakeDevice;
    let elsewhere: FakeDevice;
    let created: SchoolFixedTest;
    let bank: Map<number, BankQuestion>;
    let picked: number[];

    const call = (path: string, cookie: string, init: { method?: string; json?: unknown } = {}) =>
      t.request(path, { cookie, ...init });
    async function refusal(res: Response) {
      return { status: res.status, error: errorBodySchema.parse(await res.json()).error };
    }
    const studentsTests = async (device: FakeDevice) =>
      fixedTestsReplySchema.parse(await (await call("/api/user/fixed_tests", device.cookie)).json()).tests;
    const testCount = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom("fixed_tests")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await t.deps.db.insertInto("schools").values({ id: 3, name: "Elsewhere Aviation" }).execute();
      await t.deps.db.insertInto("classes").values({ id: OTHER_CLASS, name: "Elsewhere 2026", school_id: 3 }).execute();
      const other = await newAccount(t, { role: "instructor", school_id: 3, syllabus_id: null });
      instructor = await t.login("instructor@preflight.test");
      otherInstructor = await t.login(other.email);
      student = await FakeDevice.signInAsNewStudent(t, DEMO_CLASS_ID);
      elsewhere = await FakeDevice.signInAsNewStudent(t, OTHER_CLASS);
      const byType = await questionsByType(t);
      bank = new Map(
        Object.values(byType)
          .flat()
          .map((q) => [q.id, q]),
      );
      // Picked by hand: six Air Law multiple-choice questions, in this order.
      picked = byType.multiple_choice
        .filter((q) => q.subject === "010")
        .slice(0, 6)
        .map((q) => q.id);
      const res = await call("/school/fixed-tests", instructor, {
        method: "POST",
        json: draft({ questions: { kind: "list", question_ids: picked } }),
      });
      expect(res.status).toBe(201);
      const reply = schoolFixedTestReplySchema.parse(await res.json());
      expect(reply.message).toBe(SCHOOL_TEST_MESSAGES.created);
      created = reply.test;
    }, 120_000);
    afterAll(() => t.close());

    it("creates the test from the questions picked, with its password kept as a hash and never shown back", async () => {
      expect(created).toMatchObject({
        title: "Air Law progress check",
        time_limit: 15,
        pass_percentage: 75,
        attempts: 2,
        has_password: true,
        hide_results: true,
        hide_answers: true,
        class_ids: [DEMO_CLASS_ID],
        attempts_taken: 0,
      });
      expect(created.questions.map((q) => q.id)).toEqual(picked);
      const row = await t.deps.db
        .selectFrom("fixed_tests")
        .select(["password_hash", "school_id", "created_by"])
        .where("id", "=", created.id)
        .executeTakeFirstOrThrow();
      expect(row.school_id).toBe(DEMO_SCHOOL.id);
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(JSON.stringify(created)).not.toContain(PASSWORD);
      const list = schoolFixedTestsReplySchema.parse(await (await call("/school/fixed-tests", instructor)).json());
      expect(list.school).toEqual(DEMO_SCHOOL);
      expect(list.tests.map((x) => [x.id, x.question_count])).toEqual([[created.id, 6]]);
    });

    it("reaches the students of the class it is set for, and no one else", async () => {
      const mine = (await studentsTests(student)).find((x) => x.id === created.id);
      expect(mine).toMatchObject({
        title: "Air Law progress check",
        password_access: true,
        hide_results: true,
        hide_answers: true,
        opens_at: null,
        closes_at: null,
        question_ids: created.questions.map((q) => q.id),
      });
      expect((await studentsTests(elsewhere)).map((x) => x.id)).not.toContain(created.id);
      // The other class's student cannot start it by its id either.
      const start = await call("/test/verify-password", elsewhere.cookie, {
        method: "POST",
        json: { test_id: created.id, test_type: "exam", password: PASSWORD },
      });
      expect(start.status).toBe(404);
    });

    it("refuses another school's instructor with a 404 worded as a missing test, and students with 403", async () => {
      for (const path of [
        `/school/fixed-tests/${created.id}`,
        `/school/fixed-tests/${created.id}/results`,
        `/school/fixed-tests/${created.id}/results.csv`,
      ])
        expect(await refusal(await call(path, otherInstructor)), path).toEqual({
          status: 404,
          error: { code: "not_found", message: SCHOOL_TEST_MESSAGES.testNotFound },
        });
      const put = await call(`/school/fixed-tests/${created.id}`, otherInstructor, { method: "PUT", json: draft() });
      expect(put.status).toBe(404);
      const report = await call(`/school/students/${student.userId}/report.pdf`, otherInstructor);
      expect(await refusal(report)).toEqual({
        status: 404,
        error: { code: "not_found", message: SCHOOL_TEST_MESSAGES.studentNotFound },
      });
      // Their list holds none of this school's tests.
      const theirs = schoolFixedTestsReplySchema.parse(
        await (await call("/school/fixed-tests", otherInstructor)).json(),
      );
      expect(theirs.tests).toEqual([]);
      expect((await call("/school/fixed-tests", student.cookie)).status).toBe(403);
      expect((await call(`/school/fixed-tests/${created.id}/results`, student.cookie)).status).toBe(403);
    });

    it("answers bad drafts with a 400 that says what is wrong, and writes nothing", async () => {
      const before = await testCount();
      const cases: [Partial<FixedTestDraft> | Record<string, unknown>, string][] = [
        [{ title: "  " }, SCHOOL_TEST_MESSAGES.titleRequired],
        [
          { questions: { kind: "filter", subject: "010", topic: "010.99", count: 5 } },
          SCHOOL_TEST_MESSAGES.tooFewQuestions(0),
        ],
        [
          { questions: { kind: "list", question_ids: [99_999_999] } },
          SCHOOL_TEST_MESSAGES.unknownQuestions([99_999_999]),
        ],
        [{ questions: { kind: "list", question_ids: [] } }, SCHOOL_TEST_MESSAGES.noQuestions],
        [{ class_ids: [OTHER_CLASS] }, SCHOOL_TEST_MESSAGES.unknownClasses],
        [{ password: "abc" }, SCHOOL_TEST_MESSAGES.passwordLength],
        [
          { opens_at: "2026-12-02T09:00:00Z", closes_at: "2026-12-01T09:00:00Z" },
          SCHOOL_TEST_MESSAGES.opensBeforeCloses,
        ],
        [{ questions: { kind: "quiz" } }, 'questions.kind must be "filter" or "list"'],
      ];
      for (const [change, message] of cases) {
        const res = await call("/school/fixed-tests", instructor, { method: "POST", json: { ...draft(), ...change } });
        const body = await refusal(res);
        expect(body.status, JSON.stringify(change)).toBe(400);
        expect(body.error.message, JSON.stringify(change)).toContain(message);
      }
      expect(await testCount()).toBe(before);
    });

    it("lists the questions to pick by hand by subject, topic and words", async () => {
      const all = schoolQuestionsReplySchema.parse(
        await (await call("/school/questions?subject=010", instructor)).json(),
      );
      expect(all.total).toBeGreaterThan(all.questions.length > 0 ? 0 : -1);
      const first = all.questions[0] as { reference: string; syllabus_code: string };
      const topic = first.syllabus_code.split(".").slice(0, 2).join(".");
      const inTopic = schoolQuestionsReplySchema.parse(
        await (await call(`/school/questions?subject=010&topic=${topic}`, instructor)).json(),
      );
      expect(inTopic.questions.every((q) => q.syllabus_code.startsWith(topic))).toBe(true);
      const byRef = schoolQuestionsReplySchema.parse(
        await (
          await call(`/school/questions?subject=010&contains=${encodeURIComponent(first.reference)}`, instructor)
        ).json(),
      );
      expect(byRef.questions.map((q) => q.reference)).toContain(first.reference);
      expect((await call("/school/questions?subject=10", instructor)).status).toBe(400);
    });

    it("sends an attempt to the school with score, time and answers, while the student sees none of it", async () => {
      const test = (await studentsTests(student)).find((x) => x.id === created.id) as FixedTest;
      const verified = await call("/test/verify-password", student.cookie, {
        method: "POST",
        json: { test_id: test.id, test_type: "exam", password: PASSWORD },
      });
      expect(await verified.json()).toMatchObject({ success: true });
      const testId = randomUUID();
      // Right on the first four questions, wrong on the fifth, the sixth left unanswered.
      const [a, b, c, d, wrong] = test.question_ids as [number, number, number, number, number];
      const rightOf = (id: number) => {
        const q = bank.get(id) as BankQuestion;
        return q.type === "text" ? { value: q.text_range?.exact ?? 0 } : correctIds(q);
      };
      const results = await student.pushOk([
        student.mutation("POST /test/generate/exam", {
          user_test_id: testId,
          test_type: "exam",
          title: test.title,
          display_answers: "after_test",
          time_limit: test.time_limit,
          pass_percentage: test.pass_percentage,
          question_ids: test.question_ids,
          question_versions: test.question_versions,
          started: "2026-11-21T09:00:00.000Z",
          fixed_test_id: test.id,
        }),
        ...[a, b, c, d].map((id) =>
          student.mutation("POST /test/current/save", { user_test_id: testId, question_id: id, answers: rightOf(id) }),
        ),
        student.mutation("POST /test/current/save", {
          user_test_id: testId,
          question_id: wrong,
          answers: wrongIds(bank.get(wrong) as BankQuestion),
        }),
        student.mutation(`POST /test/current/finish/${testId}`, {
          flush_session: true,
          finished: "2026-11-21T09:12:30.000Z",
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(results.map(() => "applied"));
      expect((results.at(-1)?.reply as { result: object } | undefined)?.result).not.toHaveProperty("score");

      const res = await call(`/school/fixed-tests/${created.id}/results`, instructor);
      expect(res.status).toBe(200);
      const reply = schoolTestResultsReplySchema.parse(await res.json());
      expect(reply.school).toEqual(DEMO_SCHOOL);
      expect(reply.test.attempts_taken).toBe(1);
      const [attempt] = reply.attempts;
      expect(reply.attempts).toHaveLength(1);
      expect(attempt).toMatchObject({
        user_test_id: testId,
        student: { id: student.userId },
        score: 4,
        total_score: 6,
        pass: false,
        hidden_from_student: true,
        started: "2026-11-21T09:00:00.000Z",
      });
      expect(attempt?.time_taken).toBeGreaterThan(0);
      const wrongQuestion = bank.get(wrong) as BankQuestion;
      const letter = String.fromCharCode(97 + wrongQuestion.answers.findIndex((x) => !x.correct));
      expect(attempt?.answers.map((x) => x.correct)).toEqual([true, true, true, true, false, null]);
      expect(attempt?.answers[4]).toMatchObject({ question_id: wrong, given: letter, correct: false });

      // Per question: the fifth was missed, the sixth left; the rest right.
      expect(reply.questions.map((q) => [q.position, q.right, q.wrong, q.unanswered])).toEqual([
        [1, 1, 0, 0],
        [2, 1, 0, 0],
        [3, 1, 0, 0],
        [4, 1, 0, 0],
        [5, 0, 1, 0],
        [6, 0, 0, 1],
      ]);
      // The class's other students have not started it.
      expect(reply.not_started.length).toBeGreaterThan(0);
      expect(reply.not_started.map((s) => s.id)).not.toContain(student.userId);

      // The CSV: one row per attempt, the answers by question.
      const csv = await call(`/school/fixed-tests/${created.id}/results.csv`, instructor);
      expect(csv.headers.get("content-type")).toContain("text/csv");
      expect(csv.headers.get("content-disposition")).toBe('attachment; filename="air-law-progress-check-results.csv"');
      const rows = parse(await csv.text(), { bom: true, columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ Score: "4", "Out of": "6", Pass: "no", "Hidden from student": "yes" });
      expect(rows[0]?.[`Q5 ${wrongQuestion.reference}`]).toBe(`${letter} (wrong)`);
      expect(rows[0]?.[`Q6 ${reply.questions[5]?.reference}`]).toBe("");

      // The PDF: the school's name, the student, the test and its hidden result.
      const pdf = await call(`/school/students/${student.userId}/report.pdf`, instructor);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      const text = (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join("\n");
      expect(text).toContain(DEMO_SCHOOL.name);
      expect(text).toContain("Student report");
      expect(text).toContain("Air Law progress check");
      expect(text).toContain("4 / 6 (67%) · Fail");
      expect(text).toContain("Hidden");
    });

    it("keeps the password when an edit leaves it out, and drops it when the edit says none", async () => {
      const path = `/school/fixed-tests/${created.id}`;
      const { password: _password, ...withoutPassword } = draft({ title: "Air Law progress check (v2)" });
      const kept = schoolFixedTestReplySchema.parse(
        await (await call(path, instructor, { method: "PUT", json: withoutPassword })).json(),
      );
      expect(kept).toMatchObject({ message: SCHOOL_TEST_MESSAGES.saved, test: { has_password: true } });
      const dropped = schoolFixedTestReplySchema.parse(
        await (await call(path, instructor, { method: "PUT", json: { ...withoutPassword, password: null } })).json(),
      );
      expect(dropped.test.has_password).toBe(false);
      expect((await studentsTests(student)).find((x) => x.id === created.id)?.password_access).toBe(false);
    });

    it("refuses a start made before the test opens or after it closes, with the time in the message", async () => {
      const now = t.clock.now();
      const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
      const anHourAgo = new Date(now.getTime() - 3_600_000).toISOString();
      const twoHoursAgo = new Date(now.getTime() - 7_200_000).toISOString();
      const windowed = async (change: Partial<FixedTestDraft>) => {
        const res = await call("/school/fixed-tests", instructor, {
          method: "POST",
          json: draft({ password: null, hide_results: false, hide_answers: false, attempts: 0, ...change }),
        });
        expect(res.status).toBe(201);
        const id = schoolFixedTestReplySchema.parse(await res.json()).test.id;
        const test = (await studentsTests(student)).find((x) => x.id === id) as FixedTest;
        expect(test.opens_at ?? test.closes_at).not.toBeNull();
        // Drawn from the bank: six of the subject's questions.
        expect(test.question_ids).toHaveLength(6);
        expect(test.question_ids.every((q) => bank.get(q)?.subject === "010" || !bank.has(q))).toBe(true);
        const [result] = await student.pushOk([
          student.mutation(
            "POST /test/generate/exam",
            {
              user_test_id: randomUUID(),
              test_type: "exam",
              title: test.title,
              display_answers: "after_test",
              time_limit: test.time_limit,
              pass_percentage: test.pass_percentage,
              question_ids: test.question_ids,
              question_versions: test.question_versions,
              started: now.toISOString(),
              fixed_test_id: test.id,
            },
            { createdAt: now.toISOString() },
          ),
        ]);
        return result;
      };
      expect(await windowed({ opens_at: inAnHour })).toMatchObject({
        status: "failed",
        error: { message: FIXED_TEST_MESSAGES.notOpenYet(formatTestMoment(inAnHour, "UTC")) },
      });
      expect(await windowed({ opens_at: twoHoursAgo, closes_at: anHourAgo })).toMatchObject({
        status: "failed",
        error: { message: FIXED_TEST_MESSAGES.closed(formatTestMoment(anHourAgo, "UTC")) },
      });
      expect(await windowed({ opens_at: anHourAgo, closes_at: inAnHour })).toMatchObject({ status: "applied" });
    });
  });
}
