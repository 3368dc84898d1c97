import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { correctIds, FakeDevice, questionsByType } from "../test-support/mutations.ts";
import { numberChanges } from "./change-seq.ts";

for (const dialect of DIALECTS) {
  describe(`change numbers of answers [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    const counter = async (userId: string) =>
      Number(
        (
          await t.deps.db
            .selectFrom("user_change_counters")
            .select("last_seq")
            .where("user_id", "=", userId)
            .executeTakeFirstOrThrow()
        ).last_seq,
      );

    it("numberChanges takes each student's next numbers at once and gives the first of them", async () => {
      const [a, b] = [await FakeDevice.signInAsNewStudent(t), await FakeDevice.signInAsNewStudent(t)];
      const [beforeA, beforeB] = [await counter(a.userId), await counter(b.userId)];
      const fresh = randomUUID();
      const first = await numberChanges(
        t.deps.db,
        new Map([
          [a.userId, 3],
          [b.userId, 1],
          [fresh, 2],
        ]),
      );
      expect(Object.fromEntries(first)).toEqual({ [a.userId]: beforeA + 1, [b.userId]: beforeB + 1, [fresh]: 1 });
      expect([await counter(a.userId), await counter(b.userId), await counter(fresh)]).toEqual([
        beforeA + 3,
        beforeB + 1,
        2,
      ]);
    });

    it("a push's answers come numbered in order after the student's last change; a row inserted without one is numbered by the trigger", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      const questions = mc.slice(0, 3);
      const testId = await device.startPractice(questions.map((q) => q.id));
      const before = await counter(device.userId);
      const saves = questions.map((q) =>
        device.mutation("POST /test/current/save", { user_test_id: testId, question_id: q.id, answers: correctIds(q) }),
      );
      await device.pushOk(saves);
      const numbered = await t.deps.db
        .selectFrom("answers")
        .select(["id", "change_seq"])
        .where("user_test_id", "=", testId)
        .execute();
      const byId = new Map(numbered.map((r) => [r.id, Number(r.change_seq)]));
      expect(saves.map((m) => byId.get(m.id))).toEqual([before + 1, before + 2, before + 3]);
      expect(await counter(device.userId)).toBe(before + 3);

      const [q] = questions as [BankQuestion];
      const id = randomUUID();
      await t.deps.db
        .insertInto("answers")
        .values({
          id,
          user_id: device.userId,
          user_test_id: testId,
          question_id: q.id,
          question_version: 1,
          given: "[]",
          answered: 1,
          correct: 0,
          applied: 1,
          reason: null,
          mutation_id: null,
          created_at: "2026-11-21T09:00:00.000Z",
          received_at: "2026-11-21T09:00:00.000Z",
        })
        .execute();
      const row = await t.deps.db
        .selectFrom("answers")
        .select("change_seq")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(Number(row.change_seq)).toBe(before + 4);
    });
  });
}
