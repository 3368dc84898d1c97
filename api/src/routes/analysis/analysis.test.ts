import { randomUUID } from "node:crypto";
import { analysisPercent } from "@preflight/sync-protocol/rules/analysis";
import {
  averageMockExamReplySchema,
  percentageAnsweredReplySchema,
  progressResetReplySchema,
  topicAnalysisReplySchema,
} from "@preflight/sync-protocol/schemas/analysis";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { userStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, wrongIds } from "../../test-support/mutations.ts";
import { rowCounts } from "../../test-support/rows.ts";

type Bank = { subjects: { code: string; title: string }[]; questions: (BankQuestion & { version: number })[] };
const TABLES = ["progress_resets", "mutations"] as const;

for (const dialect of DIALECTS) {
  describe(`analysis graphs and reset progress [${dialect}]`, () => {
    let t: TestApp;
    let device: FakeDevice;
    let bank: Bank;
    /** Multiple-choice questions of the first two subjects of the bank. */
    let first: BankQuestion[];
    let second: BankQuestion[];
    let firstCode: string;
    let secondCode: string;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      // The server's clock reads noon; device intents are stamped in the morning (never clamped).
      t.clock.advance(3 * 60 * 60 * 1000);
      device = await FakeDevice.signIn(t);
      bank = (await (await t.request("/api/content/bank", { cookie: device.cookie })).json()) as Bank;
      const codes = [...new Set(bank.questions.map((q) => q.subject))].sort();
      [firstCode, secondCode] = codes as [string, string];
      const mcOf = (code: string) => bank.questions.filter((q) => q.subject === code && q.type === "multiple_choice");
      first = mcOf(firstCode);
      second = mcOf(secondCode);
    });
    afterAll(() => t.close());

    const get = async (path: string, cookie = device.cookie) => {
      const res = await t.request(path, { cookie });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown> & { error?: { message: string } },
      };
    };
    const inSubject = (code: string) => bank.questions.filter((q) => q.subject === code).length;
    const subjectRow = async (code: string) => {
      const reply = percentageAnsweredReplySchema.parse((await get("/analysis/subject")).body);
      const i = reply.keys.indexOf(code);
      return {
        answered: reply.datasets[0].data[i],
        correct: reply.datasets[1].data[i],
        counts: [reply.answered[i], reply.correct[i], reply.questions[i]],
      };
    };
    const mutation = (call: string, body: unknown, minute: number) =>
      device.mutation(call, body, { createdAt: new Date(Date.UTC(2026, 10, 21, 9, minute)).toISOString() });
    /** A test of these questions, answered right or wrong as told, optionally finished. */
    const takeTest = async (
      questions: BankQuestion[],
      right: boolean[],
      minute: number,
      options: { type?: string; finish?: boolean } = {},
    ) => {
      const id = randomUUID();
      const started = new Date(Date.UTC(2026, 10, 21, 9, minute)).toISOString();
      const mutations = [
        mutation(
          "POST /test/generate/{test_type}".replace("{test_type}", options.type ?? "practice"),
          {
            ...generateBody(
              id,
              questions.map((q) => q.id),
            ),
            test_type: options.type ?? "practice",
            started,
          },
          minute,
        ),
        ...questions.map((q, i) =>
          mutation(
            "POST /test/current/save",
            { user_test_id: id, question_id: q.id, answers: right[i] ? correctIds(q) : wrongIds(q) },
            minute,
          ),
        ),
        ...(options.finish ? [mutation(`POST /test/current/finish/${id}`, {}, minute)] : []),
      ];
      const results = await device.pushOk(mutations);
      expect(results.map((r) => r.status)).toEqual(mutations.map(() => "applied"));
      return id;
    };

    it("before any answer: every subject of the bank at 0, titled, in code order; no mock exams", async () => {
      const { status, body } = await get("/analysis/subject");
      expect(status).toBe(200);
      const reply = percentageAnsweredReplySchema.parse(body);
      const codes = [...new Set(bank.questions.map((q) => q.subject))].sort();
      expect(reply.keys).toEqual(codes);
      expect(reply.labels).toEqual(codes.map((c) => bank.subjects.find((s) => s.code === c)?.title));
      expect(reply.questions).toEqual(codes.map(inSubject));
      expect(reply.datasets.map((d) => d.label)).toEqual(["Answered", "Answered correctly"]);
      expect(reply.datasets.flatMap((d) => d.data).every((n) => n === 0)).toBe(true);
      const timed = averageMockExamReplySchema.parse((await get("/analysis/average-timed")).body);
      expect(timed.keys).toEqual(codes);
      expect(timed.datasets.map((d) => d.label)).toEqual(["Average score", "Best score"]);
      expect(timed.tests.every((n) => n === 0)).toBe(true);
    });

    it("counts answered questions and the latest answer's correctness per subject and per topic", async () => {
      await takeTest(first.slice(0, 3), [true, true, false], 1);
      // The same question again, now wrong: its latest answer counts.
      await takeTest(first.slice(0, 1), [false], 2);
      const row = await subjectRow(firstCode);
      const total = inSubject(firstCode);
      expect(row.counts).toEqual([3, 1, total]);
      expect(row.answered).toBe(analysisPercent(3, total));
      expect(row.correct).toBe(analysisPercent(1, total));
      expect((await subjectRow(secondCode)).counts).toEqual([0, 0, inSubject(secondCode)]);

      const topic = topicAnalysisReplySchema.parse((await get(`/analysis/topic/${firstCode}`)).body);
      expect(topic.subject).toEqual({ id: firstCode, title: bank.subjects.find((s) => s.code === firstCode)?.title });
      expect(topic.datasets.map((d) => d.label)).toEqual(["Answered", "Correct"]);
      expect(topic.keys).toEqual(
        [...new Set(bank.questions.filter((q) => q.subject === firstCode).map(topicOf))].sort(),
      );
      expect(topic.questions.reduce((a, b) => a + b, 0)).toBe(total);
      expect(topic.answered.reduce((a, b) => a + b, 0)).toBe(3);
      expect(topic.correct.reduce((a, b) => a + b, 0)).toBe(1);
      // Topics are titled from the syllabus headings.
      const node = await t.deps.db
        .selectFrom("syllabus_nodes")
        .select("title")
        .where("code", "=", topic.keys[0] as string)
        .executeTakeFirst();
      expect(topic.labels[0]).toBe(node?.title ?? topic.keys[0]);
    });

    it("averages the finished timed tests per subject and keeps the best; a test still running does not count", async () => {
      await takeTest(second.slice(0, 4), [true, true, true, false], 3, { type: "timed", finish: true });
      await takeTest(second.slice(0, 2), [true, false], 4, { type: "timed", finish: true });
      await takeTest(second.slice(0, 2), [true, true], 5, { type: "timed" });
      const reply = averageMockExamReplySchema.parse((await get("/analysis/average-timed")).body);
      const i = reply.keys.indexOf(secondCode);
      expect(reply.tests[i]).toBe(2);
      expect(reply.datasets[0].data[i]).toBe(62.5);
      expect(reply.datasets[1].data[i]).toBe(75);
      expect(reply.tests[reply.keys.indexOf(firstCode)]).toBe(0);
    });

    it("[SR1] a reset is applied exactly once, however often it is sent, and the user step brings it", async () => {
      const before = await subjectRow(secondCode);
      expect(before.counts[0]).toBeGreaterThan(0);
      const reset = mutation(`POST /analysis/progress/reset/${secondCode}`, {}, 10);
      const [applied] = await device.pushOk([reset]);
      const [again] = await device.pushOk([reset]);
      expect(applied).toMatchObject({ status: "applied" });
      expect(progressResetReplySchema.parse(applied?.reply)).toEqual({
        success: true,
        id: reset.id,
        subject_id: secondCode,
        reset_at: reset.createdAt,
      });
      expect(again).toMatchObject({ status: "duplicate", reply: applied?.reply });
      const rows = await t.deps.db.selectFrom("progress_resets").selectAll().where("id", "=", reset.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: device.userId, subject_id: secondCode, reset_at: reset.createdAt });

      const pulled = userStepReplySchema.parse(
        await (
          await t.request("/user-sync/sync", { method: "POST", cookie: device.cookie, json: { cursor: null } })
        ).json(),
      );
      expect(pulled.success && pulled.progress_resets.map(({ change_seq: _, ...r }) => r)).toEqual([
        { id: reset.id, subject_id: secondCode, reset_at: reset.createdAt },
      ]);
      // A later cursor does not bring it again.
      const cursor = pulled.success ? pulled.cursor : null;
      const later = userStepReplySchema.parse(
        await (await t.request("/user-sync/sync", { method: "POST", cookie: device.cookie, json: { cursor } })).json(),
      );
      expect(later.success && later.progress_resets).toEqual([]);
    });

    it("after a reset the subject's graphs start again at 0; other subjects, tests and answers stay", async () => {
      const answersBefore = await rowCounts(t.deps.db, ["answers", "user_tests"]);
      expect((await subjectRow(secondCode)).counts).toEqual([0, 0, inSubject(secondCode)]);
      expect((await subjectRow(firstCode)).counts.slice(0, 2)).toEqual([3, 1]);
      const topic = topicAnalysisReplySchema.parse((await get(`/analysis/topic/${secondCode}`)).body);
      expect(topic.datasets.flatMap((d) => d.data).every((n) => n === 0)).toBe(true);
      const timed = averageMockExamReplySchema.parse((await get("/analysis/average-timed")).body);
      expect(timed.tests[timed.keys.indexOf(secondCode)]).toBe(0);
      expect(await rowCounts(t.deps.db, ["answers", "user_tests"])).toEqual(answersBefore);

      // Answers and mock exams after the reset count again.
      await takeTest(second.slice(0, 2), [true, false], 11, { type: "timed", finish: true });
      expect((await subjectRow(secondCode)).counts.slice(0, 2)).toEqual([2, 1]);
      const after = averageMockExamReplySchema.parse((await get("/analysis/average-timed")).body);
      const i = after.keys.indexOf(secondCode);
      expect([after.tests[i], after.datasets[0].data[i], after.datasets[1].data[i]]).toEqual([1, 50, 50]);
    });

    it("a direct POST resets too; a repeated Idempotency-Key keeps one row", async () => {
      const key = randomUUID();
      const post = () =>
        t.request(`/analysis/progress/reset/${firstCode}`, {
          method: "POST",
          cookie: device.cookie,
          json: {},
          headers: { "Idempotency-Key": key },
        });
      const res = await post();
      expect(res.status).toBe(200);
      const reply = progressResetReplySchema.parse(await res.json());
      expect(reply).toMatchObject({ id: key, subject_id: firstCode, reset_at: t.clock.now().toISOString() });
      expect((await post()).status).toBe(200);
      expect(await t.deps.db.selectFrom("progress_resets").select("id").where("id", "=", key).execute()).toHaveLength(
        1,
      );
      expect((await subjectRow(firstCode)).counts.slice(0, 2)).toEqual([0, 0]);
    });

    it("a reset under an id another student's reset holds is a 409 conflict (direct) or a failed conflict (queued); their row stays theirs", async () => {
      const key = randomUUID();
      const res = await t.request(`/analysis/progress/reset/${firstCode}`, {
        method: "POST",
        cookie: device.cookie,
        json: {},
        headers: { "Idempotency-Key": key },
      });
      expect(res.status).toBe(200);
      const theirs = await t.deps.db.selectFrom("progress_resets").selectAll().where("id", "=", key).execute();
      const other = await FakeDevice.signInAsNewStudent(t);
      const direct = await t.request(`/analysis/progress/reset/${firstCode}`, {
        method: "POST",
        cookie: other.cookie,
        json: {},
        headers: { "Idempotency-Key": key },
      });
      expect(direct.status).toBe(409);
      expect(((await direct.json()) as { error: { message: string } }).error.message).toBe(
        "This change's id is already used by another reset",
      );
      const [queued] = await other.pushOk([
        other.mutation(`POST /analysis/progress/reset/${firstCode}`, {}, { id: key }),
      ]);
      expect(queued).toMatchObject({ status: "failed", error: { code: "conflict" } });
      expect(await t.deps.db.selectFrom("progress_resets").selectAll().where("id", "=", key).execute()).toEqual(theirs);
    });

    it("the spec's GET /analysis/progress/reset/{subject_id} resets as the POST does, from the app's own page only", async () => {
      const before = await rowCounts(t.deps.db, ["progress_resets"]);
      for (const site of ["cross-site", "same-site", "none", undefined]) {
        const headers: Record<string, string> = site ? { "Sec-Fetch-Site": site } : {};
        const link = await t.request(`/analysis/progress/reset/${firstCode}`, { cookie: device.cookie, headers });
        expect(link.status, String(site)).toBe(403);
        expect(await link.json()).toMatchObject({ error: { code: "cross_origin" } });
      }
      expect(await rowCounts(t.deps.db, ["progress_resets"])).toEqual(before);
      const page = { cookie: device.cookie, headers: { "Sec-Fetch-Site": "same-origin" } };
      const res = await t.request(`/analysis/progress/reset/${firstCode}`, page);
      expect(res.status).toBe(200);
      const reply = progressResetReplySchema.parse(await res.json());
      expect(reply).toMatchObject({ subject_id: firstCode, reset_at: t.clock.now().toISOString() });
      expect(
        await t.deps.db.selectFrom("progress_resets").select("id").where("id", "=", reply.id).execute(),
      ).toHaveLength(1);
      const unknown = await t.request("/analysis/progress/reset/999", page);
      expect(unknown.status).toBe(404);
    });

    it.each([
      ["/analysis/topic/abc", 400, "subject_id must be a subject code of three digits, e.g. 010"],
      ["/analysis/topic/01", 400, "subject_id must be a subject code of three digits, e.g. 010"],
      ["/analysis/topic/0100", 400, "subject_id must be a subject code of three digits, e.g. 010"],
      ["/analysis/topic/999", 404, "Subject 999 is not in your question bank"],
    ])("GET %s is answered %i with a clear message", async (path, status, message) => {
      const res = await get(path);
      expect(res.status).toBe(status);
      expect(res.body.error?.message).toContain(message);
    });

    it.each([
      ["/analysis/progress/reset/abc", {}, 400, "The subject id in the path must be a subject code of three digits"],
      ["/analysis/progress/reset/999", {}, 404, "Subject 999 is not in your question bank"],
      ["/analysis/progress/reset/010", "{", 400, "Malformed JSON in request body"],
      ["/analysis/progress/reset/010", [], 400, ""],
    ])("POST %s with %j is refused %i and writes nothing", async (path, body, status, message) => {
      const before = await rowCounts(t.deps.db, [...TABLES]);
      const res =
        typeof body === "string"
          ? await t.request(path, {
              method: "POST",
              cookie: device.cookie,
              headers: { "Content-Type": "application/json" },
              body,
            })
          : await t.request(path, { method: "POST", cookie: device.cookie, json: body });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
      expect((await rowCounts(t.deps.db, ["progress_resets"])).progress_resets).toBe(before.progress_resets);
    });

    it("[SR3] a queued reset of an unknown subject is refused and recorded, and the queue moves on", async () => {
      const [refused, next] = await device.pushOk([
        mutation("POST /analysis/progress/reset/999", {}, 20),
        mutation("POST /analysis/progress/reset/12x", {}, 20),
      ]);
      expect(refused).toMatchObject({ status: "failed", error: { code: "not_found" } });
      expect(next).toMatchObject({ status: "failed", error: { code: "bad_request" } });
    });

    it("[ID2] needs a session", async () => {
      for (const path of ["/analysis/subject", "/analysis/average-timed", `/analysis/topic/${firstCode}`])
        expect((await t.request(path)).status).toBe(401);
      expect((await t.request(`/analysis/progress/reset/${firstCode}`, { method: "POST", json: {} })).status).toBe(401);
    });
  });
}

function topicOf(q: BankQuestion): string {
  return q.syllabus_code.split(".").slice(0, 2).join(".");
}
