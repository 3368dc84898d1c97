import { randomUUID } from "node:crypto";
import { REVIEW_WEIGHT_COUNT } from "@preflight/sync-protocol/rules/constants";
import {
  REVIEW_FIT_MIN_REVIEWS,
  REVIEW_REFIT_AFTER,
  reviewHistories,
  trainingSequences,
} from "@preflight/sync-protocol/rules/review-schedule";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { profileStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import { default_w } from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentReviewAnswers } from "../read/review-answers.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType, wrongIds } from "../test-support/mutations.ts";
import { fitStudentWeights, fitWeights, ReviewWeightsFitter } from "./fit-weights.ts";

const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`a student's own review weights [${dialect}]`, () => {
    let t: TestApp;
    let questions: BankQuestion[];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      questions = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    /**
     * A history on the server through real pushes: `count` questions all answered wrong on day 0,
     * then again on each later day, each right or wrong by a seeded draw (about 80 % right).
     */
    async function history(device: FakeDevice, count: number, days: number[]): Promise<void> {
      let seed = 7;
      const right = () => {
        seed = (seed * 16_807) % 2_147_483_647;
        return seed / 2_147_483_647 < 0.8;
      };
      const start = t.clock.now().getTime() - 60 * DAY;
      const picked = questions.slice(0, count);
      for (const day of [0, ...days]) {
        const testId = randomUUID();
        const at = (second: number) => ({ createdAt: new Date(start + day * DAY + second * 1000).toISOString() });
        const ids = picked.map((q) => q.id);
        const mutations = [device.mutation("POST /test/generate/practice", generateBody(testId, ids), at(0))];
        picked.forEach((q, i) => {
          const answers = day > 0 && right() ? correctIds(q) : wrongIds(q);
          mutations.push(
            device.mutation("POST /test/current/save", { user_test_id: testId, question_id: q.id, answers }, at(i + 1)),
          );
        });
        for (let i = 0; i < mutations.length; i += 200) await device.pushOk(mutations.slice(i, i + 200));
      }
    }

    const profile = async (device: FakeDevice) => {
      const res = await t.request("/user-sync/profile", {
        method: "POST",
        cookie: device.cookie,
        json: { cursor: null },
      });
      const reply = profileStepReplySchema.parse(await res.json());
      if (!reply.success || !reply.changed) throw new Error("the first profile step replies the profile");
      return reply.profile;
    };

    it("are fitted once the history holds enough reviews, kept, and pulled with the profile", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      // 80 questions got wrong, then reviewed on five later days: 400 reviews after a lapse.
      await history(device, 80, [1, 3, 8, 20, 45]);
      const sequences = trainingSequences(reviewHistories(await studentReviewAnswers(t.deps.db, device.userId)));
      expect(sequences).toHaveLength(400);
      expect(400).toBeGreaterThanOrEqual(REVIEW_FIT_MIN_REVIEWS);
      expect((await profile(device)).review_weights).toBeNull();

      expect(await fitStudentWeights(t.deps.db, t.clock, device.userId)).toBe("fitted");
      const row = await t.deps.db
        .selectFrom("review_weights")
        .selectAll()
        .where("user_id", "=", device.userId)
        .executeTakeFirstOrThrow();
      const weights = JSON.parse(row.weights) as number[];
      expect(weights).toHaveLength(REVIEW_WEIGHT_COUNT);
      expect(weights.every(Number.isFinite)).toBe(true);
      // Fitted to this student: not FSRS's defaults.
      expect(weights).not.toEqual([...default_w]);
      expect(row).toMatchObject({ reviews: 400, fitted_at: t.clock.now().toISOString() });

      expect((await profile(device)).review_weights).toEqual({
        weights,
        reviews: 400,
        fitted_at: t.clock.now().toISOString(),
      });
      // Fitted again only after REVIEW_REFIT_AFTER more reviews.
      expect(await fitStudentWeights(t.deps.db, t.clock, device.userId)).toBe("not grown enough");
      expect(REVIEW_REFIT_AFTER).toBeGreaterThan(0);
    });

    it("are not fitted on too few reviews: the device keeps FSRS's defaults", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      await history(device, 20, [2, 9]);
      expect(await fitStudentWeights(t.deps.db, t.clock, device.userId)).toBe("too few reviews");
      expect((await profile(device)).review_weights).toBeNull();
    });

    it("are the same however often they are fitted to one history (two instances agree)", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      await history(device, 60, [1, 4, 11, 30, 50]);
      const sequences = trainingSequences(reviewHistories(await studentReviewAnswers(t.deps.db, device.userId)));
      expect(await fitWeights(sequences)).toEqual(await fitWeights(sequences));
    });

    it("are fitted in the background when a device syncs its profile, looked at again only after a while", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      await history(device, 80, [1, 3, 8, 20, 45]);
      const fitter = new ReviewWeightsFitter(t.deps.db, t.clock, 60_000);
      t.deps.reviewWeights = fitter;
      try {
        const before = await profile(device);
        expect(before.review_weights).toBeNull();
        await fitter.idle();
        expect((await profile(device)).review_weights?.reviews).toBe(400);

        // A refit is not looked for again within the minute, whatever the history holds by then.
        await t.deps.db.deleteFrom("review_weights").where("user_id", "=", device.userId).execute();
        await profile(device);
        await fitter.idle();
        expect((await profile(device)).review_weights).toBeNull();
        t.clock.advance(60_000);
        await profile(device);
        await fitter.idle();
        expect((await profile(device)).review_weights?.reviews).toBe(400);
      } finally {
        delete t.deps.reviewWeights;
      }
    });
  });
}
