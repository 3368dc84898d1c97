import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice, questionsByType, wrongIds } from "../../test-support/mutations.ts";
import { questionStats, questionStatsByScan } from "../question/queries.ts";
import { foldQuestionStats } from "../question/stats-fold.ts";

/** One student's writes: saves (in pushes of a few), now and then a finish, then late saves. */
const stepArb = fc.record({
  question: fc.nat(3),
  right: fc.boolean(),
  /** Seconds the device's clock moves before this intent (0: the same instant as the one before). */
  after: fc.integer({ min: -2, max: 3 }),
  finish: fc.boolean(),
});
const studentArb = fc.record({
  steps: fc.array(stepArb, { minLength: 1, maxLength: 12 }),
  pushSize: fc.integer({ min: 1, max: 5 }),
  /** PostgreSQL: the pending deltas folded after this student's pushes, by two folds at once, a few rows each. */
  foldAfter: fc.boolean(),
});

for (const dialect of DIALECTS) {
  describe(`question statistics from the summary rows [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      mc = (await questionsByType(t)).multiple_choice.slice(20, 24);
    });
    afterAll(() => t.close());

    /** A new student on a new device, with a practice test of the four questions. */
    async function studentWithTest() {
      const device = await FakeDevice.signInAsNewStudent(t);
      return { device, testId: await device.startPractice(ids()) };
    }
    const ids = () => mc.map((q) => q.id);

    it("the summary written beside each answer equals the statistics counted from every answer", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(studentArb, { minLength: 1, maxLength: 3 }), async (students) => {
          for (const { steps, pushSize, foldAfter } of students) {
            const { device, testId } = await studentWithTest();
            let at = Date.UTC(2026, 10, 21, 9, 0, 0);
            const queued = steps.map((step) => {
              at += step.after * 1000;
              const createdAt = new Date(at).toISOString();
              if (step.finish)
                return device.mutation(`POST /test/current/finish/${testId}`, { flush_session: true }, { createdAt });
              const q = mc[step.question] as BankQuestion;
              return device.mutation(
                "POST /test/current/save",
                { user_test_id: testId, question_id: q.id, answers: step.right ? correctIds(q) : wrongIds(q) },
                { createdAt },
              );
            });
            for (let i = 0; i < queued.length; i += pushSize) {
              await device.pushOk(queued.slice(i, i + pushSize));
              t.clock.advance(1000);
            }
            if (dialect === "postgres" && foldAfter)
              await Promise.all([foldQuestionStats(t.deps.db, 3), foldQuestionStats(t.deps.db, 3)]);
          }
          const ids = mc.map((q) => q.id);
          const pick = (stats: Map<number, unknown>) => ids.map((id) => stats.get(id) ?? null);
          expect(pick(await questionStats(t.deps.db))).toEqual(pick(await questionStatsByScan(t.deps.db)));
          const one = ids[0] as number;
          expect(await questionStats(t.deps.db, one)).toEqual(await questionStatsByScan(t.deps.db, one));
        }),
        { numRuns: 25 },
      );
    }, 120_000);

    it.runIf(dialect === "postgres")(
      "PostgreSQL appends a push's statistics as pending deltas, and folding them changes no figure",
      async () => {
        const { device, testId } = await studentWithTest();
        while ((await foldQuestionStats(t.deps.db)) > 0) {}
        const summary = () => t.deps.db.selectFrom("question_stats").selectAll().orderBy("question_id").execute();
        const before = await summary();
        await device.pushOk(
          mc.map((q) =>
            device.mutation("POST /test/current/save", {
              user_test_id: testId,
              question_id: q.id,
              answers: correctIds(q),
            }),
          ),
        );
        const pending = await t.deps.db.selectFrom("question_stats_pending").select("question_id").execute();
        expect(pending.map((p) => p.question_id).sort()).toEqual(mc.map((q) => q.id).sort());
        // No summary row was touched by the push: nothing for other pushes to wait on.
        expect(await summary()).toEqual(before);
        const read = await questionStats(t.deps.db);
        expect(await foldQuestionStats(t.deps.db)).toBe(mc.length);
        expect(await t.deps.db.selectFrom("question_stats_pending").select("id").execute()).toEqual([]);
        expect(await questionStats(t.deps.db)).toEqual(read);
        expect(await questionStats(t.deps.db)).toEqual(await questionStatsByScan(t.deps.db));
      },
    );
  });
}
