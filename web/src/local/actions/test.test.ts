import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
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

  it("saving with no selection does nothing: no local answer, no mutation", async () => {
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
