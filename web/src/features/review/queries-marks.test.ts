import "fake-indexeddb/auto";
import { reviewSchedule } from "@preflight/sync-protocol/rules/review-schedule";
import { liveQuery } from "dexie";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setReviewMark } from "../../local/actions/review-marks.ts";
import { saveAnswer } from "../../local/actions/test.ts";
import { resetDatabases, type signedInScope } from "../../local/test-support.ts";
import { readReviewQueue, scheduleKept } from "./queries.ts";
import { deviceWithBank, RIGHT, WRONG } from "./test-device.ts";

/** The schedule is kept in meta once a read is over; the next read may use it. */
const kept = async (scope: Awaited<ReturnType<typeof signedInScope>>) => {
  await scheduleKept();
  expect((await scope.db.meta.get("reviewSchedule"))?.value).toBeTruthy();
};

describe("[SR26] marks for review in the device's review queue", () => {
  beforeEach(resetDatabases);
  afterEach(scheduleKept);

  it("a question answered right and marked on this device is due today, offline; taken off, it leaves", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 3, RIGHT(3));
    expect(await readReviewQueue(scope.db, scope.now())).toMatchObject({ due: [], scheduled: 0 });
    await setReviewMark(scope, 3, true);
    const marked = await readReviewQueue(scope.db, scope.now());
    expect(marked).toMatchObject({
      due: [3],
      scheduled: 1,
      bySubject: [{ code: "071", title: "Operational procedures", count: 1 }],
    });
    await setReviewMark(scope, 3, false);
    expect(await readReviewQueue(scope.db, scope.now())).toMatchObject({ due: [], scheduled: 0 });
  });

  it("taking the mark off a question answered wrong leaves it where the wrong answer put it", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    await setReviewMark(scope, 1, true);
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([1]);
    await setReviewMark(scope, 1, false);
    expect(await readReviewQueue(scope.db, scope.now())).toMatchObject({ due: [1], scheduled: 1 });
  });

  it("a mark pulled from another device counts, with the answers this device holds", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 2, RIGHT(2));
    const markedAt = scope.now().toISOString();
    // As the user step stores it (local/pull/steps/user.ts).
    await scope.db.reviewMarks.put({ questionId: 2, marked: true, updatedAt: markedAt });
    const queue = await readReviewQueue(scope.db, scope.now());
    expect(queue.due).toEqual([2]);
    const answer = (await scope.db.answers.toArray())[0];
    expect(
      reviewSchedule(
        [{ questionId: 2, testId: test.id, answeredAt: answer?.savedAt as string, correct: true }],
        undefined,
        [{ questionId: 2, marked: true, updatedAt: markedAt }],
      ).get(2)?.due,
    ).toEqual(new Date(markedAt));
  });

  it("schedules the questions whose marks changed as scheduling every record would, the kept schedule read otherwise", async () => {
    const { scope, test } = await deviceWithBank();
    const steps: (() => Promise<unknown>)[] = [
      () => saveAnswer(scope, test.id, 1, RIGHT(1)),
      () => setReviewMark(scope, 1, true),
      () => saveAnswer(scope, test.id, 2, WRONG(2)),
      () => setReviewMark(scope, 2, true),
      () => setReviewMark(scope, 1, false),
      // Pulled from another device: a mark set there, the record as the pull puts it.
      () => scope.db.reviewMarks.put({ questionId: 3, marked: true, updatedAt: scope.now().toISOString() }),
      () => setReviewMark(scope, 1, true), // marked again: from the new mark
      () => setReviewMark(scope, 2, false),
    ];
    for (const step of steps) {
      await readReviewQueue(scope.db, scope.now());
      await kept(scope);
      await step();
      const now = scope.now();
      const incremental = await readReviewQueue(scope.db, now);
      await scheduleKept();
      await scope.db.meta.delete("reviewSchedule");
      expect(incremental).toEqual(await readReviewQueue(scope.db, now));
    }
    // 3 and 1 are due at their marks (seconds apart); 2, its mark taken off, ten minutes after it was got wrong.
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([3, 1, 2]);
    // Read again unchanged: from the kept schedule (a planted one shows it is the one read).
    await kept(scope);
    const held = (await scope.db.meta.get("reviewSchedule"))?.value as { cards: unknown[] };
    await scope.db.meta.put({ key: "reviewSchedule", value: { ...held, cards: [[3, 0, "071"]] } });
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([3]);
  });

  it("a live query, as the dashboard's Review card reads the queue, sees a mark at once", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 3, RIGHT(3));
    const seen: number[][] = [];
    const reading = liveQuery(() => readReviewQueue(scope.db, scope.now())).subscribe((queue) => seen.push(queue.due));
    try {
      await expect.poll(() => seen.at(-1)).toEqual([]);
      await setReviewMark(scope, 3, true);
      await expect.poll(() => seen.at(-1)).toEqual([3]);
    } finally {
      reading.unsubscribe();
    }
  });
});
