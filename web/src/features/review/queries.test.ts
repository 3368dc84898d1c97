import "fake-indexeddb/auto";
import { routes } from "@preflight/sync-protocol/routes/index";
import { reviewParameters, reviewSchedule } from "@preflight/sync-protocol/rules/review-schedule";
import { liveQuery } from "dexie";
import { default_w } from "ts-fsrs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetProgress } from "../../local/actions/analysis.ts";
import { saveAnswer } from "../../local/actions/test.ts";
import { pullUser } from "../../local/pull/steps/user.ts";
import type { LocalAnswerRecord } from "../../local/store/db.ts";
import { practiceOf, resetDatabases, stepAnswers } from "../../local/test-support.ts";
import { readReviewQueue, scheduleKept } from "./queries.ts";
import { deviceWithBank, RIGHT, WRONG } from "./test-device.ts";

/** An answer record as the pull stores it (applied, received when given, unless said). */
function pulled(
  id: string,
  testId: string,
  questionId: number,
  given: number[],
  correct: boolean | null,
  createdAt: string,
  more: Partial<LocalAnswerRecord> = {},
): LocalAnswerRecord {
  return {
    id,
    testId,
    questionId,
    questionVersion: 1,
    given,
    correct,
    applied: true,
    createdAt,
    receivedAt: createdAt,
    ...more,
  };
}

describe("the review queue on the device", () => {
  beforeEach(resetDatabases);
  // A read's schedule is kept just after it: not into the next test's database.
  afterEach(scheduleKept);

  it("holds a question answered wrong on this device, offline, due today, counted by subject", async () => {
    const { scope, test } = await deviceWithBank();
    expect(await readReviewQueue(scope.db, scope.now())).toMatchObject({ due: [], scheduled: 0 });
    await saveAnswer(scope, test.id, 1, WRONG(1));
    await saveAnswer(scope, test.id, 2, WRONG(2));
    await saveAnswer(scope, test.id, 3, RIGHT(3));
    const queue = await readReviewQueue(scope.db, scope.now());
    expect(queue.due).toEqual([1, 2]);
    expect(queue.bySubject).toEqual([
      { code: "062", title: "Radio navigation", count: 1 },
      { code: "071", title: "Operational procedures", count: 1 },
    ]);
    expect(queue.scheduled).toBe(2);
  });

  it("counts one answer once when the device holds it both as its own and as the pulled record", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    const own = await scope.db.answers.toArray();
    // The same answer, pulled back from the server after it was sent.
    await scope.db.answerRecords.put(pulled("a-1", test.id, 1, WRONG(1), false, own[0]?.savedAt as string));
    // Then reviewed right in a test on another device, pulled too: due in days, not today.
    await scope.db.answerRecords.put(
      pulled(
        "a-2",
        "review-elsewhere",
        1,
        RIGHT(1),
        true,
        new Date(Date.parse(own[0]?.savedAt as string) + 60 * 60_000).toISOString(),
        { receivedAt: new Date().toISOString() },
      ),
    );
    const queue = await readReviewQueue(scope.db, scope.now());
    expect(queue.due).toEqual([]);
    expect(queue.scheduled).toBe(1);
    expect(queue.nextDue?.getTime()).toBeGreaterThan(Date.parse(own[0]?.savedAt as string) + 24 * 60 * 60_000);
  });

  it("takes a withheld grade from the record, never from the answers table's mirror of it", async () => {
    const { scope, test } = await deviceWithBank();
    const at = scope.now().toISOString();
    // A school's test whose grading is withheld: the record has no grade; the test's answers as
    // the device shows them say false.
    await scope.db.answerRecords.put(pulled("withheld", test.id, 1, RIGHT(1), null, at));
    await scope.db.answers.put({
      key: `${test.id}:1`,
      testId: test.id,
      questionId: 1,
      given: RIGHT(1),
      correct: false,
      savedAt: at,
    });
    expect((await readReviewQueue(scope.db, scope.now())).scheduled).toBe(0);
  });

  it("keeps the schedule while the answers are as they were; a new answer of this device schedules its question again", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([1]);
    await scheduleKept();
    // Read again unchanged: from the kept schedule (a planted one shows it is the one read).
    const kept = (await scope.db.meta.get("reviewSchedule"))?.value as { cards: unknown[] };
    await scope.db.meta.put({ key: "reviewSchedule", value: { ...kept, cards: [[3, 0, "071"]] } });
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([3]);
    // A new answer saved here: only its question is scheduled again, the rest of the kept schedule stays.
    await saveAnswer(scope, test.id, 2, WRONG(2));
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([3, 2]);
    // A record written other than by a pull (a device file imported): every answer is scheduled again.
    const at = scope.now().toISOString();
    await scope.db.answerRecords.put(pulled("imported", "elsewhere", 3, RIGHT(3), true, at));
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([1, 2]);
  });

  /** The user step as the server replies it: these answers given on another device, nothing else changed. */
  const pulledFromElsewhere = (
    seq: number,
    answers: { id: string; question_id: number; correct: boolean; at: string }[],
  ) =>
    stepAnswers(routes.pullUser, {
      success: true,
      cursor: String(seq),
      tests: [],
      answers: answers.map((a) => ({
        id: a.id,
        user_test_id: "0192f0c4-0000-7000-8000-0000000000ee",
        question_id: a.question_id,
        question_version: 1,
        given: a.correct ? RIGHT(a.question_id) : WRONG(a.question_id),
        correct: a.correct,
        applied: true,
        created_at: a.at,
        received_at: a.at,
        change_seq: seq,
      })),
      flags: [],
      seen_in_exam: [],
      reviews: [],
      question_versions: [],
    });

  it("after a pull, schedules again only the questions the pull brought answers of", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    await readReviewQueue(scope.db, scope.now());
    await scheduleKept();
    // A planted card for question 3 shows the kept schedule is the one read.
    const kept = (await scope.db.meta.get("reviewSchedule"))?.value as { cards: [number, number, string][] };
    await scope.db.meta.put({ key: "reviewSchedule", value: { ...kept, cards: [...kept.cards, [3, 1, "071"]] } });
    const at = scope.now().toISOString();
    await pullUser(scope.db, pulledFromElsewhere(5, [{ id: "elsewhere-2", question_id: 2, correct: false, at }]));
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([3, 1, 2]);
  });

  it("schedules pulled answers as scheduling every answer would, and computes it whole when pulls it missed are no longer noted", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    const start = scope.now().getTime();
    const pulls: [number, boolean][] = [
      [2, false],
      [1, true],
      [3, false],
      [2, true],
      [3, true],
    ];
    for (const [k, [questionId, correct]] of pulls.entries()) {
      await readReviewQueue(scope.db, scope.now());
      await scheduleKept();
      const at = new Date(start + (k + 1) * 60_000).toISOString();
      await pullUser(scope.db, pulledFromElsewhere(10 + k, [{ id: `p-${k}`, question_id: questionId, correct, at }]));
      const now = new Date(start + 10 * 60_000);
      const incremental = await readReviewQueue(scope.db, now);
      await scheduleKept();
      await scope.db.meta.delete("reviewSchedule");
      expect(incremental).toEqual(await readReviewQueue(scope.db, now));
    }
    // Older than the journal holds: the kept schedule is not trusted, every answer is read.
    await scheduleKept();
    const kept = (await scope.db.meta.get("reviewSchedule"))?.value as { inputs: { pulled: number } };
    await scope.db.meta.put({
      key: "reviewSchedule",
      value: { ...kept, inputs: { ...kept.inputs, pulled: -100 }, cards: [] },
    });
    expect((await readReviewQueue(scope.db, scope.now())).scheduled).toBeGreaterThan(0);
  });

  it("schedules new answers of this device as scheduling every answer would", async () => {
    const { scope, test } = await deviceWithBank();
    const second = await practiceOf(scope, [1, 2, 3], { display_answers: "after_choice", seed: 2 });
    const steps: [string, number, number[]][] = [
      [test.id, 1, WRONG(1)],
      [test.id, 2, RIGHT(2)],
      [test.id, 1, RIGHT(1)], // changed in the same test: no longer wrong there
      [second.id, 2, WRONG(2)],
      [test.id, 3, WRONG(3)],
      [second.id, 1, WRONG(1)],
      [second.id, 3, RIGHT(3)],
    ];
    for (const [testId, questionId, given] of steps) {
      await readReviewQueue(scope.db, scope.now());
      await scheduleKept();
      await saveAnswer(scope, testId, questionId, given);
      const now = scope.now();
      const kept = await readReviewQueue(scope.db, now);
      await scheduleKept();
      await scope.db.meta.delete("reviewSchedule");
      expect(kept).toEqual(await readReviewQueue(scope.db, now));
    }
  });

  it("keeps the schedule a live query computed, as the dashboard reads it (a live query may not write)", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    const seen: number[][] = [];
    const reading = liveQuery(() => readReviewQueue(scope.db, scope.now())).subscribe((queue) => seen.push(queue.due));
    try {
      await expect.poll(() => seen[0]).toEqual([1]);
      await scheduleKept();
      expect((await scope.db.meta.get("reviewSchedule"))?.value).toMatchObject({
        cards: [[1, expect.any(Number), "071"]],
      });
    } finally {
      reading.unsubscribe();
    }
  });

  it("leaves out answers kept on record only, and a due question no longer on this device", async () => {
    const { scope, test } = await deviceWithBank();
    await scope.db.answerRecords.put(
      pulled("late", test.id, 3, WRONG(3), false, scope.now().toISOString(), { applied: false }),
    );
    await saveAnswer(scope, test.id, 2, WRONG(2));
    await scope.db.questions.delete(2);
    const queue = await readReviewQueue(scope.db, scope.now());
    expect(queue.due).toEqual([]);
    expect(queue.scheduled).toBe(0);
  });

  it("schedules with the student's own weights once the server fitted them, and again when they change", async () => {
    const { scope } = await deviceWithBank();
    const day = 86_400_000;
    const start = scope.now().getTime();
    const ago = (days: number, minutes = 0) => new Date(start - days * day + minutes * 60_000).toISOString();
    // Wrong, right ten minutes later, right again three days later: next due in days, not today.
    await scope.db.answerRecords.bulkPut([
      pulled("a", "t1", 1, WRONG(1), false, ago(3)),
      pulled("b", "t2", 1, RIGHT(1), true, ago(3, 20)),
      pulled("c", "t3", 1, RIGHT(1), true, ago(0, -60)),
    ]);
    const defaults = await readReviewQueue(scope.db, scope.now());
    expect(defaults).toMatchObject({ due: [], scheduled: 1, ownWeights: null });

    // Memory that grows more with each recall than FSRS's average: the next review comes later.
    const weights = [...default_w];
    weights[8] = (default_w[8] as number) * 2;
    await scope.db.meta.put({
      key: "reviewWeights",
      value: { weights, reviews: 412, fitted_at: "2026-11-20T09:00:00.000Z" },
    });
    const own = await readReviewQueue(scope.db, scope.now());
    expect(own.ownWeights).toEqual({ reviews: 412, fittedAt: new Date("2026-11-20T09:00:00.000Z") });
    expect(own.nextDue?.getTime()).toBeGreaterThan(defaults.nextDue?.getTime() as number);
    const expected = reviewSchedule(
      [
        { questionId: 1, testId: "t1", answeredAt: ago(3), correct: false },
        { questionId: 1, testId: "t2", answeredAt: ago(3, 20), correct: true },
        { questionId: 1, testId: "t3", answeredAt: ago(0, -60), correct: true },
      ],
      reviewParameters(weights),
    ).get(1);
    expect(own.nextDue).toEqual(expected?.due);

    // Kept, then refitted by the server: the kept schedule is not read with the old weights.
    await scheduleKept();
    await scope.db.meta.put({
      key: "reviewWeights",
      value: { weights: [...default_w], reviews: 730, fitted_at: "2026-11-27T09:00:00.000Z" },
    });
    expect((await readReviewQueue(scope.db, scope.now())).nextDue).toEqual(defaults.nextDue);
  });

  it("leaves out a subject's answers before its progress reset, its own or pulled, and takes those after it", async () => {
    const { scope, test } = await deviceWithBank();
    await saveAnswer(scope, test.id, 1, WRONG(1)); // 071
    await saveAnswer(scope, test.id, 2, WRONG(2)); // 062
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([1, 2]);
    await scheduleKept();
    // 'Reset progress?' for 071: its question leaves the queue; 062's stays.
    await resetProgress(scope, "071");
    const afterReset = await readReviewQueue(scope.db, scope.now());
    expect(afterReset.due).toEqual([2]);
    expect(afterReset.bySubject).toEqual([{ code: "062", title: "Radio navigation", count: 1 }]);
    // Got wrong again since: due again. A reset pulled from another device counts the same.
    await scheduleKept();
    await saveAnswer(scope, test.id, 3, WRONG(3)); // 071
    expect((await readReviewQueue(scope.db, scope.now())).due).toEqual([2, 3]);
    await scheduleKept();
    await scope.db.progressResets.put({ id: "elsewhere", subject: "062", resetAt: scope.now().toISOString() });
    const now = scope.now();
    const kept = await readReviewQueue(scope.db, now);
    expect(kept.due).toEqual([3]);
    await scheduleKept();
    await scope.db.meta.delete("reviewSchedule");
    expect(await readReviewQueue(scope.db, now)).toEqual(kept);
  });
});
