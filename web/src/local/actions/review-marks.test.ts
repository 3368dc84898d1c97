import "fake-indexeddb/auto";
import { MUTATIONS } from "@preflight/sync-protocol/mutations";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabases, signedInScope } from "../test-support.ts";
import { setReviewMark } from "./review-marks.ts";

describe("the student's mark for review on a question (rules/review-marks.ts)", () => {
  beforeEach(resetDatabases);

  const calls = async (scope: Awaited<ReturnType<typeof signedInScope>>) =>
    (await scope.db.outbox.orderBy("seq").toArray()).map((e) => [e.call, e.body]);

  it("[OB1][OB11] keeps the mark and queues the state it set, stamped with its write's time, in one transaction", async () => {
    const scope = await signedInScope();
    expect(await setReviewMark(scope, 10001, true)).toBe(true);
    const [entry] = await scope.db.outbox.toArray();
    expect(await scope.db.reviewMarks.get(10001)).toEqual({
      questionId: 10001,
      marked: true,
      updatedAt: entry?.createdAt,
    });
    expect(await calls(scope)).toEqual([["POST /api/question/review_mark", { question_id: 10001, marked: true }]]);
    expect(MUTATIONS["POST /api/question/review_mark"].safeParse(entry?.body).success).toBe(true);
    expect(scope.nudges).toBe(1);
  });

  it("[OB8] a mark that already stands so changes and queues nothing", async () => {
    const scope = await signedInScope();
    // Never marked: taking the mark off has nothing to take.
    expect(await setReviewMark(scope, 10002, false)).toBe(false);
    expect(await scope.db.reviewMarks.get(10002)).toBeUndefined();
    await setReviewMark(scope, 10001, true);
    expect(await setReviewMark(scope, 10001, true)).toBe(false);
    expect(await scope.db.outbox.count()).toBe(1);
    expect(scope.nudges).toBe(1);
  });

  it("taking the mark off is a write: the record stays, marked false, with its later time", async () => {
    const scope = await signedInScope();
    await setReviewMark(scope, 10001, true);
    const marked = await scope.db.reviewMarks.get(10001);
    expect(await setReviewMark(scope, 10001, false)).toBe(true);
    const off = await scope.db.reviewMarks.get(10001);
    expect(off).toMatchObject({ marked: false });
    expect((off?.updatedAt ?? "") > (marked?.updatedAt ?? "")).toBe(true);
    expect((await calls(scope)).at(-1)).toEqual([
      "POST /api/question/review_mark",
      { question_id: 10001, marked: false },
    ]);
  });

  it("[OB3] an intent that throws leaves neither the mark nor its write", async () => {
    const scope = await signedInScope();
    const fail = () => {
      throw new Error("disk full");
    };
    scope.db.reviewMarks.hook("creating", fail);
    try {
      await expect(setReviewMark(scope, 10001, true)).rejects.toThrow("disk full");
    } finally {
      scope.db.reviewMarks.hook("creating").unsubscribe(fail);
    }
    expect(await scope.db.outbox.count()).toBe(0);
    expect(await scope.db.reviewMarks.count()).toBe(0);
    expect(scope.nudges).toBe(0);
  });
});
