/**
 * A push's run of answers is applied at once (routes/test/effects.ts saveAnswers), and so are the
 * answer pushes of several students that arrive together (one group, replay.ts): each answer gets
 * the reply, and the server the rows, that the single effect applied one answer at a time gives.
 */
import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { effectTables } from "../app.ts";
import type { AuthedUser } from "../deps.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType, wrongIds } from "../test-support/mutations.ts";
import { Replayer } from "./replay.ts";

for (const dialect of DIALECTS) {
  describe(`a run of answers in one push [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    /** A new student with two tests of the same questions, the second already finished. */
    async function studentWithTests() {
      const device = await FakeDevice.signInAsNewStudent(t);
      const open = randomUUID();
      const finished = randomUUID();
      const ids = mc.slice(0, 4).map((q) => q.id);
      await device.pushOk([
        device.mutation("POST /test/generate/practice", generateBody(open, ids)),
        device.mutation("POST /test/generate/practice", generateBody(finished, ids)),
        device.mutation(`POST /test/current/finish/${finished}`, {}),
      ]);
      return { device, open, finished };
    }

    /** Every kind of save, in the order a device could send them. */
    function saves(device: FakeDevice, open: string, finished: string, taken: string): Mutation[] {
      const [a, b, c] = mc as [BankQuestion, BankQuestion, BankQuestion];
      const save = (body: unknown, id?: string) => device.mutation("POST /test/current/save", body, id ? { id } : {});
      return [
        save({ user_test_id: open, question_id: a.id, answers: correctIds(a) }),
        save({ user_test_id: open, question_id: b.id, answers: wrongIds(b) }),
        save({ user_test_id: open, question_id: c.id, answers: [] }),
        save({ user_test_id: open, question_id: 999_999_999, answers: [1] }),
        save({ user_test_id: randomUUID(), question_id: a.id, answers: correctIds(a) }),
        save({ user_test_id: "not-a-uuid", answers: "x" }),
        save({ user_test_id: open, question_id: a.id, answers: correctIds(a) }, taken),
        save({ user_test_id: finished, question_id: a.id, answers: correctIds(a) }),
        save({ user_test_id: open, question_id: a.id, answers: wrongIds(a) }),
      ];
    }

    /** What a reply says, without the ids and sequence numbers that differ between students. */
    const shape = (r: Record<string, unknown>) => ({ status: r.status, reply: r.reply, error: r.error });

    async function answerRows(userId: string) {
      const rows = await t.deps.db
        .selectFrom("answers")
        .innerJoin("user_tests", "user_tests.id", "answers.user_test_id")
        .select([
          "answers.question_id",
          "answers.given",
          "answers.correct",
          "answers.applied",
          "answers.reason",
          "user_tests.finished_at",
        ])
        .where("answers.user_id", "=", userId)
        .orderBy("answers.created_at")
        .execute();
      return rows.map(({ finished_at, ...row }) => ({ ...row, finishedTest: finished_at !== null }));
    }

    const userOf = (device: FakeDevice): AuthedUser => ({
      id: device.userId,
      email: "batch@preflight.test",
      role: "student",
      syllabus_id: 3,
      school_id: null,
      sessionId: randomUUID(),
    });

    /** An answer id another student already holds. */
    async function answerIdHeldByAnother(): Promise<string> {
      const other = await studentWithTests();
      const taken = randomUUID();
      const [q] = mc as [BankQuestion];
      await other.device.pushOk([
        other.device.mutation(
          "POST /test/current/save",
          { user_test_id: other.open, question_id: q.id, answers: correctIds(q) },
          { id: taken },
        ),
      ]);
      return taken;
    }

    /** The reference: each save in a push of its own through the single effect (no batch effect at all). */
    async function eachAlone(device: FakeDevice, sent: Mutation[]) {
      const replayer = new Replayer(t.deps, effectTables(t.deps).effects);
      const results: Record<string, unknown>[] = [];
      for (const m of sent) results.push(...(await replayer.push(userOf(device), device.clientId, [m])));
      return results;
    }

    it("[SR1][SR3] answer pushes of several students arriving together are applied together, each as alone", async () => {
      const taken = await answerIdHeldByAnother();
      const { effects, batched } = effectTables(t.deps);
      const realBatch = batched["POST /test/current/save"];
      if (!realBatch) throw new Error("saves are batched");
      const runs: number[] = [];
      const replayer = new Replayer(t.deps, effects, {
        "POST /test/current/save": (ctx, items) => {
          runs.push(items.length);
          return realBatch(ctx, items);
        },
      });
      const students = await Promise.all([1, 2, 3].map(() => studentWithTests()));
      const sent = students.map((s) => saves(s.device, s.open, s.finished, taken));
      const results: Record<string, unknown>[][] = students.map(() => []);
      for (let k = 0; k < (sent[0] as Mutation[]).length; k++) {
        // The three students' k-th save, each in a push of its own, arriving together.
        const round = await Promise.all(
          students.map((s, i) =>
            replayer.push(userOf(s.device), s.device.clientId, [(sent[i] as Mutation[])[k] as Mutation]),
          ),
        );
        for (const [i, r] of round.entries()) (results[i] as Record<string, unknown>[]).push(...r);
      }
      // Every round but the one whose bodies all fail their schema went through the batch effect
      // once, with the three students' saves in it.
      expect(runs).toEqual([3, 3, 3, 3, 3, 3, 3, 3]);
      const alone = await studentWithTests();
      const reference = await eachAlone(alone.device, saves(alone.device, alone.open, alone.finished, taken));
      for (const [i, s] of students.entries()) {
        expect((results[i] as Record<string, unknown>[]).map(shape)).toEqual(reference.map(shape));
        expect(await answerRows(s.device.userId)).toEqual(await answerRows(alone.device.userId));
        const cursor = await t.deps.db
          .selectFrom("client_cursors")
          .select("last_seq")
          .where("client_id", "=", s.device.clientId)
          .executeTakeFirstOrThrow();
        expect(Number(cursor.last_seq)).toBe((sent[i] as Mutation[]).at(-1)?.seq);
      }
    });

    it.runIf(dialect === "postgres")(
      "a group's answers, their test questions, statistics, mutation rows and cursors are written in one statement",
      async () => {
        // What each statement the group sends is (a write inside the combined one is turned into
        // its part, never run: only a statement run has a result).
        const kinds = new Map<unknown, string>();
        const statements: string[] = [];
        const db = t.deps.db.withPlugin({
          transformQuery: ({ node, queryId }) => {
            kinds.set(
              queryId,
              node.kind === "InsertQueryNode"
                ? `insert ${node.into?.table.identifier.name}`
                : node.kind === "SelectQueryNode"
                  ? "select"
                  : node.kind === "RawNode"
                    ? "raw"
                    : node.kind,
            );
            return node;
          },
          transformResult: async ({ result, queryId }) => {
            statements.push(kinds.get(queryId) ?? "?");
            return result;
          },
        });
        const { effects, batched } = effectTables(t.deps);
        const replayer = new Replayer({ ...t.deps, db }, effects, batched);
        const students = await Promise.all([1, 2, 3].map(() => studentWithTests()));
        const [a, b] = mc as [BankQuestion, BankQuestion];
        const results = await Promise.all(
          students.map(({ device, open }) =>
            replayer.push(userOf(device), device.clientId, [
              device.mutation("POST /test/current/save", {
                user_test_id: open,
                question_id: a.id,
                answers: correctIds(a),
              }),
              device.mutation("POST /test/current/save", {
                user_test_id: open,
                question_id: b.id,
                answers: wrongIds(b),
              }),
            ]),
          ),
        );
        expect(results.flat().map((r) => r.status)).toEqual(Array(6).fill("applied"));
        // Per group: the cursors read, the tests and the questions read (the tests' read taking the
        // change numbers the answers carry, in its WITH), then every write at once.
        const writes = statements.filter((s) => s !== "select");
        expect(writes.length).toBeGreaterThan(0);
        expect(writes).toEqual(writes.map(() => "raw"));
        for (const { device } of students)
          expect((await answerRows(device.userId)).map((r) => [r.question_id, r.correct])).toEqual([
            [a.id, 1],
            [b.id, 0],
          ]);
      },
    );

    it("[SR1][SR3] gives each answer the reply and the row that one push per answer gives", async () => {
      const taken = await answerIdHeldByAnother();

      const together = await studentWithTests();
      const sent = saves(together.device, together.open, together.finished, taken);
      const run = await together.device.pushOk(sent);

      const oneByOne = await studentWithTests();
      const single = await eachAlone(oneByOne.device, saves(oneByOne.device, oneByOne.open, oneByOne.finished, taken));

      expect(run.map(shape)).toEqual(single.map(shape));
      expect(run.map((r) => r.status)).toEqual([
        "applied",
        "applied",
        "applied",
        "failed",
        "failed",
        "failed",
        "failed",
        "failed",
        "applied",
      ]);
      expect(await answerRows(together.device.userId)).toEqual(await answerRows(oneByOne.device.userId));
      // The same push again: every reply is the stored one, and nothing more is written.
      const rows = await answerRows(together.device.userId);
      const again = await together.device.pushOk(sent);
      expect(again.map(shape)).toEqual(
        run.map((r) => shape(r.status === "applied" ? { ...r, status: "duplicate" } : r)),
      );
      expect(await answerRows(together.device.userId)).toEqual(rows);
    });

    it("[SR3] a run whose every body fails its schema is refused answer by answer, with nothing to apply", async () => {
      const { device } = await studentWithTests();
      const logged = vi.spyOn(console, "error");
      const results = await device.pushOk([
        device.mutation("POST /test/current/save", { user_test_id: "not-a-uuid", answers: "x" }),
        device.mutation("POST /test/current/save", { question_id: "one" }),
      ]);
      expect(results.map((r) => [r.status, (r.error as { code?: string } | undefined)?.code])).toEqual([
        ["failed", "bad_request"],
        ["failed", "bad_request"],
      ]);
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
    });

    it("[SR3] a run whose batch throws is undone and applied one answer at a time", async () => {
      const { device, open } = await studentWithTests();
      const user = userOf(device);
      const { effects, batched } = effectTables(t.deps);
      const realBatch = batched["POST /test/current/save"];
      if (!realBatch) throw new Error("saves are batched");
      const replayer = new Replayer(t.deps, effects, {
        "POST /test/current/save": async (ctx, items) => {
          await realBatch(ctx, items); // writes the answers, then fails
          throw new Error("the batch broke after writing");
        },
      });
      const [a, b] = mc as [BankQuestion, BankQuestion];
      const run = [
        device.mutation("POST /test/current/save", { user_test_id: open, question_id: a.id, answers: correctIds(a) }),
        device.mutation("POST /test/current/save", { user_test_id: open, question_id: b.id, answers: wrongIds(b) }),
      ];
      const results = await replayer.push(user, device.clientId, run);
      expect(results.map((r) => r.status)).toEqual(["applied", "applied"]);
      const rows = await answerRows(device.userId);
      expect(rows.map((r) => [r.question_id, r.correct])).toEqual([
        [a.id, 1],
        [b.id, 0],
      ]);
    });
  });
}
