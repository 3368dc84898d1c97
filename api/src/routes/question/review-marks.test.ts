import { randomUUID } from "node:crypto";
import { dueQuestions, endOfDay } from "@preflight/sync-protocol/rules/review-schedule";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { UserStepReply } from "@preflight/sync-protocol/schemas/pull";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentReviewSchedule } from "../../read/review-answers.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType, wrongIds } from "../../test-support/mutations.ts";
import { rowCounts } from "../../test-support/rows.ts";

/** Device intents are stamped in the morning; the server's clock reads noon, so none is clamped. */
const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 10, 21, hh, mm)).toISOString();
const MARK = "POST /api/question/review_mark";

for (const dialect of DIALECTS) {
  describe(`a student's marks for review (POST /api/question/review_mark) [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.clock.advance(3 * 60 * 60 * 1000); // 12:00Z
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    const q = (i: number) => (mc[i] as BankQuestion).id;
    const markRows = (userId: string, questionId?: number) => {
      let query = t.deps.db
        .selectFrom("question_review_marks")
        .select(["question_id", "marked", "updated_at"])
        .where("user_id", "=", userId);
      if (questionId !== undefined) query = query.where("question_id", "=", questionId);
      return query.orderBy("question_id").execute();
    };
    const post = (device: FakeDevice, path: string, json: unknown, headers: Record<string, string> = {}) =>
      t.request(path, { method: "POST", cookie: device.cookie, json, headers });
    /** A device of a student of their own: their marks can be counted. */
    const newStudent = () => FakeDevice.signInAsNewStudent(t);

    /** A practice test of these questions started at `hour`:00, each answered as given a minute apart. */
    function practiceAnswered(device: FakeDevice, hour: number, ...given: [BankQuestion, number[]][]): Mutation[] {
      const testId = randomUUID();
      const ids = given.map(([question]) => question.id);
      return [
        device.mutation("POST /test/generate/practice", generateBody(testId, ids), { createdAt: at(hour, 0) }),
        ...given.map(([question, answers], i) =>
          device.mutation(
            "POST /test/current/save",
            { user_test_id: testId, question_id: question.id, answers },
            { createdAt: at(hour, i + 1) },
          ),
        ),
      ];
    }

    async function pushFrom(device: FakeDevice, mutations: Mutation[]) {
      const res = await t.request("/sync/push", {
        method: "POST",
        cookie: device.cookie,
        json: { protocol: 1, clientId: device.clientId, mutations },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { results: { status: string; reply?: unknown; error?: unknown }[] }).results;
    }

    it("[SR26] sets and takes off a mark; the reply is the mark held; taken off, the row stays", async () => {
      const device = await newStudent();
      const set = await post(device, "/api/question/review_mark", { question_id: q(0), marked: true });
      expect(set.status).toBe(200);
      const reply = (await set.json()) as { marked: boolean; updated_at: string };
      expect(reply).toEqual({ marked: true, updated_at: t.clock.now().toISOString() });
      expect(await markRows(device.userId)).toEqual([{ question_id: q(0), marked: 1, updated_at: reply.updated_at }]);

      t.clock.advance(1000);
      const off = await post(device, "/api/question/review_mark", { question_id: q(0), marked: false });
      expect(await off.json()).toEqual({ marked: false, updated_at: t.clock.now().toISOString() });
      expect(await markRows(device.userId)).toEqual([
        { question_id: q(0), marked: 0, updated_at: t.clock.now().toISOString() },
      ]);
    });

    it.each([
      ["a mark without marked", { question_id: 10001 }, "marked"],
      [
        "a mark whose marked is not true or false",
        { question_id: 10001, marked: "yes" },
        "marked must be true or false",
      ],
      ["a mark without question_id", { marked: true }, "question_id"],
      ["a mark on question 0", { question_id: 0, marked: true }, "question_id must be positive"],
      ["a mark on an unknown question", { question_id: 99_999_999, marked: true }, "Question 99999999 does not exist"],
    ])("[SR14] refuses %s with a 400 that says why, and writes nothing", async (_name, body, message) => {
      const device = await newStudent();
      const tables = ["question_review_marks", "mutations", "user_change_counters"] as const;
      const before = await rowCounts(t.deps.db, [...tables]);
      const res = await post(device, "/api/question/review_mark", body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("bad_request");
      expect(error.message).toContain(message);
      expect(await rowCounts(t.deps.db, [...tables])).toEqual(before);
    });

    it("[SR3] a queued mark the server refuses is recorded as failed, writes nothing, and the queue moves on", async () => {
      const device = await newStudent();
      const results = await pushFrom(device, [
        device.mutation(MARK, { question_id: 99_999_999, marked: true }),
        device.mutation(MARK, { question_id: q(1), marked: "yes" }),
        device.mutation(MARK, { question_id: q(1), marked: true }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["failed", "failed", "applied"]);
      expect(results[0]).toMatchObject({ error: { code: "bad_request", message: "Question 99999999 does not exist" } });
      expect((await markRows(device.userId)).map((r) => [r.question_id, r.marked])).toEqual([[q(1), 1]]);
    });

    it("[SR1] a resent mark is applied once and answered as a duplicate with its first reply", async () => {
      const device = await newStudent();
      const first = device.mutation(MARK, { question_id: q(2), marked: true }, { createdAt: at(9, 0) });
      const second = device.mutation(MARK, { question_id: q(2), marked: false }, { createdAt: at(9, 1) });
      const counter = async () =>
        (
          await t.deps.db
            .selectFrom("user_change_counters")
            .select("last_seq")
            .where("user_id", "=", device.userId)
            .executeTakeFirst()
        )?.last_seq;
      const [applied] = await pushFrom(device, [first]);
      expect(applied).toMatchObject({ status: "applied", reply: { marked: true, updated_at: at(9, 0) } });
      const numbered = await counter();
      // The same push again (a lost reply, a duplicated request): answered from its row, nothing changes.
      const [again] = await pushFrom(device, [first]);
      expect(again).toMatchObject({ status: "duplicate", reply: { marked: true, updated_at: at(9, 0) } });
      expect(await counter()).toBe(numbered);
      await pushFrom(device, [second]);
      // Both once more, after the second acknowledged the first (its row pruned, SR23): still nothing changes.
      const late = await pushFrom(device, [first, second]);
      expect(late.map((r) => r.status)).toEqual(["duplicate", "duplicate"]);
      expect(await markRows(device.userId, q(2))).toEqual([{ question_id: q(2), marked: 0, updated_at: at(9, 1) }]);
      const rows = await t.deps.db
        .selectFrom("mutations")
        .select("id")
        .where("user_id", "=", device.userId)
        .where("call", "=", MARK)
        .execute();
      expect(rows.length).toBeLessThanOrEqual(2);

      // The online call with an Idempotency-Key: the same key is answered from its row.
      const key = "0192f0c4-5b7e-7a1c-9d2e-000000000026";
      const direct = await post(
        device,
        "/api/question/review_mark",
        { question_id: q(3), marked: true },
        {
          "Idempotency-Key": key,
        },
      );
      t.clock.advance(1000);
      const repeat = await post(
        device,
        "/api/question/review_mark",
        { question_id: q(3), marked: false },
        {
          "Idempotency-Key": key,
        },
      );
      expect(await repeat.json()).toEqual(await direct.json());
      expect((await markRows(device.userId, q(3))).map((r) => r.marked)).toEqual([1]);
    });

    it("[SR26] marks from two devices converge on the latest intent, whatever order they arrive in", async () => {
      const tablet = await newStudent();
      const laptop = new FakeDevice(t, tablet.cookie, tablet.userId);
      // The laptop takes the mark off later; its write arrives first. The tablet's mark, made offline earlier, late.
      await pushFrom(laptop, [laptop.mutation(MARK, { question_id: q(4), marked: false }, { createdAt: at(10, 5) })]);
      const [late] = await pushFrom(tablet, [
        tablet.mutation(MARK, { question_id: q(4), marked: true }, { createdAt: at(10, 0) }),
      ]);
      expect(late).toMatchObject({ status: "applied", reply: { marked: false, updated_at: at(10, 5) } });
      expect((await markRows(tablet.userId, q(4))).map((r) => r.marked)).toEqual([0]);
      // A later mark writes again.
      await pushFrom(tablet, [tablet.mutation(MARK, { question_id: q(4), marked: true }, { createdAt: at(10, 20) })]);
      expect(await markRows(tablet.userId, q(4))).toEqual([{ question_id: q(4), marked: 1, updated_at: at(10, 20) }]);
    });

    it("[SR26] a device clock running ahead cannot win every later change", async () => {
      const device = await newStudent();
      const future = new Date(Date.UTC(2027, 0, 1)).toISOString();
      const [ahead] = await pushFrom(device, [
        device.mutation(MARK, { question_id: q(5), marked: true }, { createdAt: future }),
      ]);
      expect(ahead).toMatchObject({ reply: { marked: true, updated_at: t.clock.now().toISOString() } });
      t.clock.advance(60_000);
      const off = await post(device, "/api/question/review_mark", { question_id: q(5), marked: false });
      expect(await off.json()).toMatchObject({ marked: false });
    });

    it("is one mark per student: another student's mark on the same question is theirs alone", async () => {
      const owner = await newStudent();
      const other = await newStudent();
      await post(owner, "/api/question/review_mark", { question_id: q(6), marked: true });
      await post(other, "/api/question/review_mark", { question_id: q(6), marked: false });
      expect((await markRows(owner.userId)).map((r) => r.marked)).toEqual([1]);
      expect((await markRows(other.userId)).map((r) => r.marked)).toEqual([0]);
      const pulled = (await (await post(other, "/user-sync/sync", { cursor: null })).json()) as UserStepReply;
      if (!pulled.success) throw new Error(pulled.message);
      expect(pulled.review_marks.map((m) => m.marked)).toEqual([false]);
    });

    it("[PL2][PL3] the user step brings the marks changed since the cursor, one taken off as marked false", async () => {
      const device = await newStudent();
      const pull = async (cursor: string | null) => {
        const reply = (await (await post(device, "/user-sync/sync", { cursor })).json()) as UserStepReply;
        if (!reply.success) throw new Error(reply.message);
        return reply;
      };
      const empty = await pull(null);
      expect(empty.review_marks).toEqual([]);
      await post(device, "/api/question/review_mark", { question_id: q(7), marked: true });
      t.clock.advance(1000);
      await post(device, "/api/question/review_mark", { question_id: q(8), marked: true });
      const both = await pull(empty.cursor);
      expect(both.review_marks.map((m) => [m.question_id, m.marked])).toEqual([
        [q(7), true],
        [q(8), true],
      ]);
      t.clock.advance(1000);
      await post(device, "/api/question/review_mark", { question_id: q(7), marked: false });
      const after = await pull(both.cursor);
      expect(after.review_marks).toEqual([
        { question_id: q(7), marked: false, updated_at: t.clock.now().toISOString(), change_seq: expect.any(Number) },
      ]);
      // Setting the state held again is a write too, but an older one changes nothing and brings nothing.
      await pushFrom(device, [device.mutation(MARK, { question_id: q(7), marked: true }, { createdAt: at(8, 0) })]);
      expect((await pull(after.cursor)).review_marks).toEqual([]);
    });

    it("[SR26] the server's review schedule of its records: a question answered right and marked is due at the mark; taken off, it leaves", async () => {
      const device = await newStudent();
      const [right, wrong] = [mc[10] as BankQuestion, mc[11] as BankQuestion];
      await device.pushOk(practiceAnswered(device, 9, [right, correctIds(right)], [wrong, wrongIds(wrong)]));
      const schedule = () => studentReviewSchedule(t.deps.db, device.userId);
      expect([...(await schedule()).keys()]).toEqual([wrong.id]);

      await pushFrom(device, [
        device.mutation(MARK, { question_id: right.id, marked: true }, { createdAt: at(9, 30) }),
      ]);
      const marked = await schedule();
      expect(marked.get(right.id)).toMatchObject({ due: new Date(at(9, 30)), reviews: 0, marked: true });
      expect(dueQuestions(marked, endOfDay(t.clock.now())).map((s) => s.questionId)).toEqual([wrong.id, right.id]);

      // Taken off: it leaves; a mark taken off the wrong answer's question leaves that one where it was.
      await pushFrom(device, [
        device.mutation(MARK, { question_id: right.id, marked: false }, { createdAt: at(9, 40) }),
        device.mutation(MARK, { question_id: wrong.id, marked: true }, { createdAt: at(9, 41) }),
        device.mutation(MARK, { question_id: wrong.id, marked: false }, { createdAt: at(9, 42) }),
      ]);
      const after = await schedule();
      expect([...after.keys()]).toEqual([wrong.id]);
      expect(after.get(wrong.id)).toEqual({ ...marked.get(wrong.id), marked: false });
    });

    it("leaves a subject's answers before its progress reset out of the server's schedule; marks stay", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      const [marked, wrong] = [mc[12] as BankQuestion, mc[13] as BankQuestion];
      const other = mc.find((question) => question.subject !== wrong.subject) as BankQuestion;
      await device.pushOk([
        ...practiceAnswered(device, 10, [wrong, wrongIds(wrong)], [other, wrongIds(other)]),
        device.mutation(MARK, { question_id: marked.id, marked: true }, { createdAt: at(10, 3) }),
      ]);
      const schedule = async () => [...(await studentReviewSchedule(t.deps.db, device.userId)).keys()].sort();
      expect(await schedule()).toEqual([wrong.id, other.id, marked.id].sort());
      await device.pushOk([
        device.mutation(`POST /analysis/progress/reset/${wrong.subject}`, {}, { createdAt: at(10, 10) }),
      ]);
      // The mark stays, whatever its question's subject: it is the student's note, not progress.
      expect(await schedule()).toEqual([other.id, marked.id].sort());
    });

    it("[ID2] needs a session", async () => {
      const res = await t.request("/api/question/review_mark", {
        method: "POST",
        json: { question_id: q(0), marked: true },
      });
      expect(res.status).toBe(401);
    });
  });
}
