import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { refusedAnswer, resetDatabases } from "../test-support.ts";
import { callLabel, refusedChanges, UNKNOWN_CHANGE_LABEL } from "./call-labels.ts";

const TEST_ID = "0192f0c4-5e6a-7b8c-9d0e-1f2a3b4c5d6e";
const PRACTICE = { title: "Practice", question_ids: [40, 41, 42] };

describe("a queued call in the student's words", () => {
  it("names each kind of change, never its call", () => {
    expect(callLabel("POST /api/lesson/progress", { lesson_id: 3, page: 2 })).toBe("Lesson progress");
    expect(callLabel("POST /api/question/flag", { question_id: 41, flagged: true })).toBe("Flag on a question");
    expect(callLabel("POST /api/question/flag", { question_id: 41, flagged: false })).toBe("Flag taken off a question");
  });

  it("an answer names its question's place in the test and the test, as this device holds it", () => {
    const save = { user_test_id: TEST_ID, question_id: 42, answers: [1], elapsed_ms: 1000 };
    expect(callLabel("POST /test/current/save", save, PRACTICE)).toBe("Answer to question 3 of “Practice”");
    expect(callLabel("POST /test/current/save", save)).toBe("Answer to a question of a test");
    expect(callLabel(`POST /test/current/finish/${TEST_ID}`, { elapsed_ms: 5000 }, PRACTICE)).toBe(
      "End of the test “Practice”",
    );
  });

  it("a call this version does not know, or a body it cannot read: a plain sentence", () => {
    expect(callLabel("POST /api/something-new", {})).toBe(UNKNOWN_CHANGE_LABEL);
    expect(callLabel("POST /api/lesson/progress", { lesson: "x" })).toBe(UNKNOWN_CHANGE_LABEL);
  });
});

describe("the changes the server did not accept", () => {
  beforeEach(resetDatabases);

  it("are listed oldest first with their label and the reason told to the student", async () => {
    const { scope } = await refusedAnswer("Already finished");
    expect(await refusedChanges(scope.db)).toEqual([
      { seq: 2, label: "Answer to question 2 of “Practice”", reason: "Already finished" },
    ]);
  });
});
