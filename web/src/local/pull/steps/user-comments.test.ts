import "fake-indexeddb/auto";
import { routes } from "@preflight/sync-protocol/routes/index";
import { beforeEach, describe, expect, it } from "vitest";
import { answerKey } from "../../store/db.ts";
import { resetDatabases, signedInWithAnswers, stepAnswers } from "../../test-support.ts";
import { pullUser } from "./user.ts";

const TEST_ID = "0192f0c4-0000-7000-8000-0000000000aa";

/** The user step holding one finished mock exam of three questions, with the comments given. */
function stepWithExam(comments: (string | undefined)[], seq: number) {
  return {
    success: true,
    cursor: String(seq),
    tests: [
      {
        id: TEST_ID,
        title: "Mock exam",
        test_type: "timed",
        display_answers: "after_test",
        time_limit: 60,
        pass_percentage: 75,
        started: "2026-11-21T09:00:00.000Z",
        finished_at: "2026-11-21T09:30:00.000Z",
        ended: "finished",
        can_retake: true,
        hide_results: false,
        retake_of: null,
        fixed_test_id: null,
        hide_answers: false,
        questions: comments.map((comment, i) => ({ question_id: i + 1, version: 1, ...(comment ? { comment } : {}) })),
        result: null,
        change_seq: seq,
      },
    ],
    answers: [],
    flags: [],
    seen_in_exam: [],
    reviews: [],
    question_versions: [],
  };
}

describe("a mock exam's comments written on another device", () => {
  beforeEach(resetDatabases);

  it("arrive with the test, change with it, and go when taken away there", async () => {
    const { db } = await signedInWithAnswers();
    const texts = async () => (await db.testComments.toArray()).map((c) => [c.questionId, c.text]);
    await pullUser(db, stepAnswers(routes.pullUser, stepWithExam([undefined, "Two answers look right", "Units?"], 3)));
    expect(await texts()).toEqual([
      [2, "Two answers look right"],
      [3, "Units?"],
    ]);
    expect(await db.testComments.get(answerKey(TEST_ID, 2))).toMatchObject({ testId: TEST_ID });
    await pullUser(db, stepAnswers(routes.pullUser, stepWithExam([undefined, "Answer b is right", undefined], 4)));
    expect(await texts()).toEqual([[2, "Answer b is right"]]);
  });
});
