import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType, wrongIds } from "../test-support/mutations.ts";
import { DIRECT_KEPT_MS } from "./replay.ts";

for (const dialect of DIALECTS) {
  describe(`replay rows pruned behind the acknowledged cursor [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    const rowsOf = (device: FakeDevice) =>
      t.deps.db
        .selectFrom("mutations")
        .select(["seq", "status"])
        .where("client_id", "=", device.clientId)
        .orderBy("seq")
        .execute();
    const cursorOf = (device: FakeDevice) =>
      t.deps.db
        .selectFrom("client_cursors")
        .select(["last_seq", "pruned_seq", "pruned_max_id"])
        .where("client_id", "=", device.clientId)
        .executeTakeFirstOrThrow();
    const answersOf = (testId: string) =>
      t.deps.db.selectFrom("answers").select("id").where("user_test_id", "=", testId).execute();

    /** A device that made a test; `save(i)` queues an answer to the test's i-th question. */
    async function deviceWithTest() {
      const device = await FakeDevice.signIn(t);
      const testId = randomUUID();
      const questions = mc.slice(0, 3);
      const generate = device.mutation(
        "POST /test/generate/practice",
        generateBody(
          testId,
          questions.map((q) => q.id),
        ),
      );
      expect((await device.pushOk([generate]))[0]?.status).toBe("applied");
      const save = (i: number, right = true) => {
        const q = questions[i % questions.length] as BankQuestion;
        return device.mutation("POST /test/current/save", {
          user_test_id: testId,
          question_id: q.id,
          answers: right ? correctIds(q) : wrongIds(q),
        });
      };
      return { device, testId, generate, save };
    }

    it("[SR23] a push prunes the client's applied rows below its lowest seq; the cursor keeps the high-water marks", async () => {
      const { device, generate, save } = await deviceWithTest();
      const first = [save(0), save(1)];
      await device.pushOk(first);
      // The push that starts at seq 2 acknowledged the generate (seq 1).
      expect(await rowsOf(device)).toEqual([
        { seq: 2, status: "applied" },
        { seq: 3, status: "applied" },
      ]);
      await device.pushOk([save(2)]);
      expect(await rowsOf(device)).toEqual([{ seq: 4, status: "applied" }]);
      const ids = [generate, ...first].map((m) => m.id.toLowerCase()).sort();
      expect(await cursorOf(device)).toEqual({ last_seq: 4, pruned_seq: 3, pruned_max_id: ids[2] });
    });

    it("[SR23] a pruned mutation sent again is answered as a duplicate (no reply kept) and writes nothing", async () => {
      const { device, testId, generate, save } = await deviceWithTest();
      const first = save(0);
      await device.pushOk([first]);
      await device.pushOk([save(1)]);
      const before = { rows: await rowsOf(device), cursor: await cursorOf(device), answers: await answersOf(testId) };
      expect(before.cursor.pruned_seq).toBe(2);
      // An old tab, or a pending-changes file imported late, sends the pruned batch again.
      const again = await device.pushOk([generate, first]);
      expect(again).toEqual([
        { id: generate.id, seq: 1, status: "duplicate", reply: null },
        { id: first.id, seq: 2, status: "duplicate", reply: null },
      ]);
      expect({ rows: await rowsOf(device), cursor: await cursorOf(device), answers: await answersOf(testId) }).toEqual(
        before,
      );
    });

    it("[SR23] a mutation not yet acknowledged is still answered with its stored reply", async () => {
      const { device, testId, save } = await deviceWithTest();
      const batch = [save(0), save(1, false)];
      const first = await device.pushOk(batch);
      // The reply was lost: the device sends the same batch again, so nothing of it is acknowledged.
      const again = await device.pushOk(batch);
      expect(again).toEqual(first.map((r) => ({ ...r, status: "duplicate" })));
      expect(again.map((r) => r.reply)).toEqual([
        { success: true, answered: true, correct: true },
        { success: true, answered: true, correct: false },
      ]);
      expect(await answersOf(testId)).toHaveLength(2);
      expect((await rowsOf(device)).map((r) => r.seq)).toEqual([2, 3]);
    });

    it("[SR23] a refused mutation keeps its row: sent again after later pushes it is still answered with its error", async () => {
      const { device, testId, save } = await deviceWithTest();
      const poison = device.mutation("POST /test/current/save", {
        user_test_id: testId,
        question_id: 999_999_999,
        answers: [1],
      });
      const [refused] = await device.pushOk([poison]);
      expect(refused?.status).toBe("failed");
      await device.pushOk([save(0)]);
      await device.pushOk([save(1)]);
      expect(await rowsOf(device)).toEqual([
        { seq: 2, status: "failed" },
        { seq: 4, status: "applied" },
      ]);
      expect(await device.pushOk([poison])).toEqual([refused]);
    });

    it("[SR23][SR9] a new id under a pruned seq, later than every pruned id, is still a conflict", async () => {
      const { device, save } = await deviceWithTest();
      await device.pushOk([save(0)]);
      await device.pushOk([save(1)]);
      const reused = { ...save(2), id: "ffffffff-ffff-4fff-bfff-ffffffffffff", seq: 1 };
      expect(await device.pushOk([reused])).toEqual([
        {
          id: reused.id,
          seq: 1,
          status: "failed",
          error: { code: "conflict", message: "seq 1 was already used by another change" },
        },
      ]);
      expect((await cursorOf(device)).last_seq).toBe(3);
    });

    it("[SR23][SR14] a direct call's row is kept a week, then goes with the student's next direct call", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      const direct = (path: string, body: unknown, key: string) =>
        t.request(path, {
          method: "POST",
          cookie: device.cookie,
          json: body,
          headers: { "Idempotency-Key": key },
        });
      const directRows = () =>
        t.deps.db
          .selectFrom("mutations")
          .select("id")
          .where("user_id", "=", device.userId)
          .where("client_id", "=", "direct")
          .orderBy("received_at")
          .execute();
      const old = randomUUID();
      expect((await direct("/zoom", { zoom: 1.1 }, old)).status).toBe(200);
      t.clock.advance(DIRECT_KEPT_MS - 1000);
      const recent = randomUUID();
      expect((await direct("/zoom", { zoom: 1.2 }, recent)).status).toBe(200);
      expect(await directRows()).toEqual([{ id: old }, { id: recent }]);
      t.clock.advance(2000);
      const next = randomUUID();
      expect((await direct("/zoom", { zoom: 1.3 }, next)).status).toBe(200);
      expect(await directRows()).toEqual([{ id: recent }, { id: next }]);
    });
  });
}
