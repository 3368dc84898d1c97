import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { getMeta } from "../store/db.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../test-support.ts";
import { createTest, finishTest, saveAnswer, TestFinishedError } from "./test.ts";

describe("test-taking actions", () => {
  beforeEach(resetDatabases);

  async function scopeWithBank() {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2, 3, 4, 5].map(multipleChoice));
    return scope;
  }

  it("[OB1] creates a test and its mutation in one transaction", async () => {
    const scope = await scopeWithBank();
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 3,
      display_answers: "after_test",
      seed: 7,
    });
    const outbox = await scope.db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      seq: 1,
      call: "POST /test/generate/practice",
      status: "pending",
      userId: "user-1",
    });
    expect((outbox[0]?.body as { question_ids?: number[] } | undefined)?.question_ids).toEqual(test.question_ids);
    expect(test.question_ids).toHaveLength(3);
    expect(scope.nudges).toBe(1);
  });

  it("[OB2] numbers mutations per client with increasing seq and a stable clientId", async () => {
    const scope = await scopeWithBank();
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 2,
      display_answers: "after_test",
      seed: 1,
    });
    const [q1, q2] = test.question_ids as [number, number];
    await saveAnswer(scope, test.id, q1, [q1 * 100 + 1]);
    await saveAnswer(scope, test.id, q2, [q2 * 100 + 2]);
    await finishTest(scope, test.id);
    const outbox = await scope.db.outbox.orderBy("seq").toArray();
    expect(outbox.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(new Set(outbox.map((e) => e.clientId)).size).toBe(1);
    expect(new Set(outbox.map((e) => e.id)).size).toBe(4);
    expect(outbox[3]?.call).toBe(`POST /test/current/finish/${test.id}`);
  });

  it("[OB8] saving with no selection does nothing: no local answer, no mutation", async () => {
    const scope = await scopeWithBank();
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 1,
      display_answers: "after_test",
      seed: 1,
    });
    expect(await saveAnswer(scope, test.id, test.question_ids[0] as number, [])).toBeNull();
    expect(await scope.db.answers.count()).toBe(0);
    expect(await scope.db.outbox.count()).toBe(1);
  });

  it("[OB4] stores each entry as its wire fields plus status pending, no attempts, no error; createdAt is the action's clock", async () => {
    const scope = await scopeWithBank();
    const at = new Date("2026-11-21T09:14:03.120Z");
    await createTest(
      { ...scope, now: () => at },
      { test_type: "practice", title: "P", count: 2, display_answers: "after_test", seed: 1 },
    );
    const [entry] = await scope.db.outbox.toArray();
    expect(entry).toEqual({
      seq: 1,
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      clientId: await getMeta(scope.db, "clientId"),
      userId: STUDENT.id,
      createdAt: "2026-11-21T09:14:03.120Z",
      call: "POST /test/generate/practice",
      body: expect.objectContaining({ test_type: "practice", title: "P" }),
      status: "pending",
      attempts: 0,
      lastError: null,
    });
  });

  it("[OB7] wakes the drain after each committed intent that queued something, never after one that queued nothing or threw", async () => {
    const scope = await scopeWithBank();
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 1,
      display_answers: "after_test",
      seed: 1,
    });
    expect(scope.nudges).toBe(1);
    const q = test.question_ids[0] as number;
    await saveAnswer(scope, test.id, q, []);
    expect(scope.nudges).toBe(1);
    await saveAnswer(scope, test.id, q, [q * 100 + 1]);
    expect(scope.nudges).toBe(2);
    await finishTest(scope, test.id);
    expect(scope.nudges).toBe(3);
    await expect(saveAnswer(scope, test.id, q, [q * 100 + 2])).rejects.toBeInstanceOf(TestFinishedError);
    expect(scope.nudges).toBe(3);
  });

  it("[OB10][ID5] each account queues into its own database, every entry carrying its userId", async () => {
    const first = await scopeWithBank();
    const spec = { test_type: "practice", title: "P", count: 1, display_answers: "after_test", seed: 1 } as const;
    await createTest(first, spec);
    const other = await signedInScope({ ...STUDENT, id: "user-2", email: "other@preflight.test" });
    await other.db.questions.bulkPut([1, 2].map(multipleChoice));
    await createTest(other, spec);
    expect([first.db.name, other.db.name]).toEqual(["preflight-user-user-1", "preflight-user-user-2"]);
    expect((await first.db.outbox.toArray()).map((e) => [e.seq, e.userId])).toEqual([[1, "user-1"]]);
    expect((await other.db.outbox.toArray()).map((e) => [e.seq, e.userId])).toEqual([[1, "user-2"]]);
  });

  it("[OB3] an intent that fails leaves neither a local change nor a mutation", async () => {
    const scope = await scopeWithBank();
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 1,
      display_answers: "after_test",
      seed: 1,
    });
    const q = test.question_ids[0] as number;
    await finishTest(scope, test.id);
    await expect(saveAnswer(scope, test.id, q, [q * 100 + 1])).rejects.toBeInstanceOf(TestFinishedError);
    expect(await scope.db.answers.count()).toBe(0);
    expect((await scope.db.outbox.toArray()).map((e) => e.call)).toEqual([
      "POST /test/generate/practice",
      `POST /test/current/finish/${test.id}`,
    ]);
  });

  it("predicts the result on finishing from the device's own grading", async () => {
    const scope = await scopeWithBank();
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 4,
      display_answers: "after_test",
      seed: 3,
    });
    const [a, b, c] = test.question_ids as [number, number, number];
    await saveAnswer(scope, test.id, a, [a * 100 + 1]);
    await saveAnswer(scope, test.id, b, [b * 100 + 1]);
    await saveAnswer(scope, test.id, c, [c * 100 + 1]);
    const finished = await finishTest(scope, test.id);
    expect(finished.predicted).toMatchObject({ score: 3, total_score: 4, percentage: 75, pass: true, answered: 3 });
  });
});
