import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import { createTest, saveAnswer, testQuestions } from "./test.ts";

describe("a test keeps the question versions it was taken with", () => {
  beforeEach(resetDatabases);

  it("reads and grades the version it was built with after the bank moves on", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([multipleChoice(1)]);
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 1,
      display_answers: "after_test",
      seed: 1,
    });
    expect(test.question_versions).toEqual([1]);
    const generate = (await scope.db.outbox.toArray())[0]?.body as { question_versions?: number[] } | undefined;
    expect(generate?.question_versions).toEqual([1]);

    // Version 2 swaps which answer is right; the bank refresh keeps version 1 in the archive.
    const v1 = multipleChoice(1);
    const v2 = { ...v1, version: 2, answers: v1.answers.map((a) => ({ ...a, correct: !a.correct })) };
    await scope.db.transaction("rw", scope.db.questions, scope.db.questionArchive, async () => {
      await scope.db.questionArchive.put({ key: "1:1", question: v1 });
      await scope.db.questions.put(v2);
    });

    const [shown] = await testQuestions(scope.db, test);
    expect(shown?.version).toBe(1);
    expect(await saveAnswer(scope, test.id, 1, [101])).toBe(true);
  });
});
