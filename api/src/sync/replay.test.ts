import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType, wrongIds } from "../test-support/mutations.ts";

for (const dialect of DIALECTS) {
  describe(`sync replay [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    const answersOf = (testId: string) =>
      t.deps.db.selectFrom("answers").selectAll().where("user_test_id", "=", testId).execute();

    async function deviceWithTest(questionCount = 3) {
      const device = await FakeDevice.signIn(t);
      const testId = randomUUID();
      const ids = mc.slice(0, questionCount).map((q) => q.id);
      const [created] = await device.pushOk([
        device.mutation("POST /test/generate/practice", generateBody(testId, ids)),
      ]);
      expect(created?.status).toBe("applied");
      return { device, testId };
    }

    /** A right answer to the test's first question, queued on the device. */
    const rightSave = (device: FakeDevice, testId: string) => {
      const q = mc[0] as BankQuestion;
      return device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: q.id,
        answers: correctIds(q),
      });
    };

    it("[SR1] applies a mutation once: the same mutation twice gives one effect and the stored reply", async () => {
      const { device, testId } = await deviceWithTest();
      const save = rightSave(device, testId);
      const first = await device.pushOk([save]);
      const again = await device.pushOk([save]);
      expect(first[0]).toMatchObject({ status: "applied", reply: { success: true, answered: true, correct: true } });
      expect(again[0]).toMatchObject({ status: "duplicate", reply: first[0]?.reply });
      expect(await answersOf(testId)).toHaveLength(1);
    });

    it("[SR2] refuses a mutation from the future and applies nothing after the gap", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[0] as BankQuestion;
      const skipped = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: q.id,
        answers: correctIds(q),
      });
      const future = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: q.id,
        answers: wrongIds(q),
      });
      const results = await device.pushOk([future]);
      expect(results).toEqual([{ id: future.id, seq: future.seq, status: "out_of_order", expectedSeq: skipped.seq }]);
      expect(await answersOf(testId)).toHaveLength(0);
      // Resent in order, both apply.
      const inOrder = await device.pushOk([future, skipped]);
      expect(inOrder.map((r) => r.status)).toEqual(["applied", "applied"]);
      expect(await answersOf(testId)).toHaveLength(2);
    });

    it("[SR3] a poison mutation fails, advances the counter and does not block the next one", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[1] as BankQuestion;
      const poison = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: 999_999_999,
        answers: [1],
      });
      const invalid = device.mutation("POST /test/current/save", { user_test_id: "not-a-uuid", answers: "x" });
      const unknown = device.mutation("POST /no/such/call", {});
      const good = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: q.id,
        answers: correctIds(q),
      });
      const results = await device.pushOk([poison, invalid, unknown, good]);
      expect(results.map((r) => r.status)).toEqual(["failed", "failed", "failed", "applied"]);
      expect(results[0]).toMatchObject({ error: { code: "bad_request" } });
      expect(String((results[1] as unknown as { error: { message: string } }).error.message)).toContain("user_test_id");
      expect(results[2]).toMatchObject({ error: { code: "bad_request", message: "Unknown call POST /no/such/call" } });
      const cursor = await t.deps.db
        .selectFrom("client_cursors")
        .select("last_seq")
        .where("client_id", "=", device.clientId)
        .executeTakeFirstOrThrow();
      expect(cursor.last_seq).toBe(good.seq);
      // A repeat of the poison answers with its stored failure.
      expect((await device.pushOk([poison]))[0]).toMatchObject({ status: "failed", error: { code: "bad_request" } });
    });

    it("[SR4] an effect that fails half-way leaves nothing behind", async () => {
      const device = await FakeDevice.signIn(t);
      const testId = randomUUID();
      const ids = [(mc[0] as BankQuestion).id, 987_654_321];
      const [result] = await device.pushOk([
        device.mutation("POST /test/generate/practice", generateBody(testId, ids)),
      ]);
      expect(result).toMatchObject({
        status: "failed",
        error: { code: "bad_request", message: "Unknown question ids: 987654321" },
      });
      const tests = await t.deps.db.selectFrom("user_tests").select("id").where("id", "=", testId).execute();
      const slots = await t.deps.db
        .selectFrom("user_test_questions")
        .select("position")
        .where("user_test_id", "=", testId)
        .execute();
      expect(tests).toHaveLength(0);
      expect(slots).toHaveLength(0);
    });

    it("[SR5] applies a reordered batch in seq order", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[2] as BankQuestion;
      const wrong = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: q.id,
        answers: wrongIds(q),
      });
      const right = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: q.id,
        answers: correctIds(q),
      });
      const finish = device.mutation(`POST /test/current/finish/${testId}`, { flush_session: true });
      const results = await device.pushOk([finish, right, wrong]);
      expect(results.map((r) => r.seq)).toEqual([wrong.seq, right.seq, finish.seq]);
      expect(results[2]).toMatchObject({
        status: "applied",
        reply: { result: { score: 1, total_score: 3, marked: true } },
      });
    });

    it("[SR6] grades on the server: a client's claim of correctness is ignored", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[0] as BankQuestion;
      const [result] = await device.pushOk([
        device.mutation("POST /test/current/save", {
          user_test_id: testId,
          question_id: q.id,
          answers: wrongIds(q),
          correct: true,
        }),
      ]);
      expect(result).toMatchObject({ status: "applied", reply: { correct: false } });
      const [row] = await answersOf(testId);
      expect(row?.correct).toBe(0);
    });

    it("[SR7] keeps an answer that arrives after the test was finished on record, not applied, and says so", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[0] as BankQuestion;
      await device.pushOk([device.mutation(`POST /test/current/finish/${testId}`, { flush_session: true })]);
      const [late] = await device.pushOk([
        device.mutation("POST /test/current/save", { user_test_id: testId, question_id: q.id, answers: correctIds(q) }),
      ]);
      expect(late).toMatchObject({ status: "failed", error: { code: "test_finished" } });
      const rows = await answersOf(testId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ applied: 0, reason: "test_finished" });
      const marked = await t.deps.db
        .selectFrom("user_tests")
        .select("score")
        .where("id", "=", testId)
        .executeTakeFirstOrThrow();
      expect(marked.score).toBe(0);
    });

    it("[SR8] answers are only added: a changed answer is a second record and the latest counts", async () => {
      const { device, testId } = await deviceWithTest(1);
      const q = mc[0] as BankQuestion;
      await device.pushOk([
        device.mutation("POST /test/current/save", { user_test_id: testId, question_id: q.id, answers: correctIds(q) }),
        device.mutation("POST /test/current/save", { user_test_id: testId, question_id: q.id, answers: wrongIds(q) }),
      ]);
      const [finish] = await device.pushOk([
        device.mutation(`POST /test/current/finish/${testId}`, { flush_session: true }),
      ]);
      expect(await answersOf(testId)).toHaveLength(2);
      expect(finish).toMatchObject({ reply: { result: { score: 0, pass: false } } });
    });

    it("[ID1] never applies mutations under another account", async () => {
      const student = await FakeDevice.signIn(t);
      const other = await FakeDevice.signIn(t, "class@preflight.test");
      const foreign = student.mutation(
        "POST /test/generate/practice",
        generateBody(randomUUID(), [(mc[0] as BankQuestion).id]),
      );
      const res = await other.app.request("/sync/push", {
        method: "POST",
        cookie: other.cookie,
        json: { protocol: 1, clientId: student.clientId, mutations: [foreign] },
      });
      expect(res.status).toBe(403);
      const stored = await t.deps.db.selectFrom("mutations").select("id").where("id", "=", foreign.id).execute();
      expect(stored).toHaveLength(0);
    });

    it("[ID6] a clientId is bound to the first account that pushes under it; another is refused", async () => {
      const { device: student } = await deviceWithTest(1);
      const other = await FakeDevice.signIn(t, "class@preflight.test");
      const theirs = other.mutation(
        "POST /test/generate/practice",
        generateBody(randomUUID(), [(mc[0] as BankQuestion).id]),
        { clientId: student.clientId },
      );
      const res = await other.app.request("/sync/push", {
        method: "POST",
        cookie: other.cookie,
        json: { protocol: 1, clientId: student.clientId, mutations: [theirs] },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "This device id belongs to another account",
      );
      expect(await storedRow(theirs.id)).toHaveLength(0);
      const cursor = await t.deps.db
        .selectFrom("client_cursors")
        .select(["user_id", "last_seq"])
        .where("client_id", "=", student.clientId)
        .executeTakeFirstOrThrow();
      expect(cursor.user_id).toBe(student.userId);
      expect(Number(cursor.last_seq)).toBe(1);
    });

    it("[ID2] requires a session", async () => {
      const device = await FakeDevice.signIn(t);
      const res = await t.request("/sync/push", {
        method: "POST",
        json: { protocol: 1, clientId: device.clientId, mutations: [device.mutation("POST /test/current/save", {})] },
      });
      expect(res.status).toBe(401);
    });

    it("[SR21] a skip stands in for a change the server refused whole: recorded as failed, cursor moves on", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[0] as BankQuestion;
      const skip = device.mutation("POST /sync/skip", { reason: "http_413: Request body too large" });
      const next = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: q.id,
        answers: correctIds(q),
      });
      const results = await device.pushOk([skip, next]);
      expect(results[0]).toMatchObject({
        status: "failed",
        error: { code: "skipped", message: "http_413: Request body too large" },
      });
      expect(results[1]).toMatchObject({ status: "applied" });
    });

    it("[SR22] a device on another protocol version is told to update (426), nothing applied", async () => {
      const device = await FakeDevice.signIn(t);
      const res = await t.request("/sync/push", {
        method: "POST",
        cookie: device.cookie,
        json: { protocol: 2, clientId: device.clientId, mutations: [device.mutation("POST /test/current/save", {})] },
      });
      expect(res.status).toBe(426);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("protocol_mismatch");
    });

    it("GET /sync/check says sync is available and when the student's changes last arrived", async () => {
      const { device } = await deviceWithTest();
      const res = await t.request("/sync/check", { cookie: device.cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { available: boolean; is_syncing: boolean; sync_date: string | null };
      expect(body).toMatchObject({ available: true, is_syncing: false });
      expect(body.sync_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect((await t.request("/sync/check")).status).toBe(401);
    });

    const storedRow = (id: string) => t.deps.db.selectFrom("mutations").select("id").where("id", "=", id).execute();
    const cursorOf = async (clientId: string) =>
      (
        await t.deps.db
          .selectFrom("client_cursors")
          .select("last_seq")
          .where("client_id", "=", clientId)
          .executeTakeFirst()
      )?.last_seq;

    it("[SR9] a new id under a seq already taken is a conflict: nothing stored, the cursor stays", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[0] as BankQuestion;
      const body = { user_test_id: testId, question_id: q.id, answers: correctIds(q) };
      const reused = device.mutation("POST /test/current/save", body, { seq: 1 });
      expect(await device.pushOk([reused])).toEqual([
        {
          id: reused.id,
          seq: 1,
          status: "failed",
          error: { code: "conflict", message: "seq 1 was already used by another change" },
        },
      ]);
      expect(await storedRow(reused.id)).toHaveLength(0);
      expect(await answersOf(testId)).toHaveLength(0);
      expect(Number(await cursorOf(device.clientId))).toBe(1);
    });

    it("[SR1] a stored mutation sent again under a new seq is answered from its row and applies nothing twice", async () => {
      const { device, testId } = await deviceWithTest();
      const save = rightSave(device, testId);
      const [first] = await device.pushOk([save]);
      const again = device.mutation("POST /test/current/save", save.body, { id: save.id });
      expect(await device.pushOk([again])).toEqual([
        { id: save.id, seq: again.seq, status: "duplicate", reply: first?.status === "applied" && first.reply },
      ]);
      expect(await answersOf(testId)).toHaveLength(1);
      expect(await storedRow(save.id)).toHaveLength(1);
    });

    it("[SR11] a mutation under another clientId than the batch's is refused: nothing stored, the cursor stays", async () => {
      const { device, testId } = await deviceWithTest();
      const q = mc[0] as BankQuestion;
      const body = { user_test_id: testId, question_id: q.id, answers: correctIds(q) };
      const stray = device.mutation("POST /test/current/save", body, { clientId: randomUUID() });
      expect(await device.pushOk([stray])).toEqual([
        {
          id: stray.id,
          seq: 2,
          status: "failed",
          error: { code: "bad_request", message: "clientId differs from the batch" },
        },
      ]);
      expect(await storedRow(stray.id)).toHaveLength(0);
      expect(await answersOf(testId)).toHaveLength(0);
      expect(Number(await cursorOf(device.clientId))).toBe(1);
    });

    it("[SR10] a push over 8 MiB is a 413; a valid push whose every mutation fails is still a 200", async () => {
      const device = await FakeDevice.signIn(t);
      const huge = await t.request("/sync/push", {
        method: "POST",
        cookie: device.cookie,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          protocol: 1,
          clientId: device.clientId,
          mutations: [],
          pad: "x".repeat(8 * 1024 * 1024),
        }),
      });
      expect(huge.status).toBe(413);
      expect(((await huge.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
      const allFail = await device.push([device.mutation("POST /no/such/call", {})]);
      expect(allFail.status).toBe(200);
      expect(((await allFail.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual([
        "failed",
      ]);
    });

    it("[SR10] refuses malformed pushes with a 400 that names the problem", async () => {
      const device = await FakeDevice.signIn(t);
      const malformed = await t.request("/sync/push", {
        method: "POST",
        cookie: device.cookie,
        headers: { "Content-Type": "application/json" },
        body: "[1,",
      });
      expect(malformed.status).toBe(400);
      const empty = await t.request("/sync/push", {
        method: "POST",
        cookie: device.cookie,
        json: { protocol: 1, clientId: device.clientId, mutations: [] },
      });
      expect(empty.status).toBe(400);
      const badSeq = await device.push([device.mutation("POST /test/current/save", {}, { seq: -1 })]);
      expect(badSeq.status).toBe(400);
      expect(((await badSeq.json()) as { error: { message: string } }).error.message).toContain("mutations.0.seq");
    });
  });
}
