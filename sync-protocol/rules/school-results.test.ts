import { describe, expect, it } from "vitest";
import { byMostMissed, givenText, questionTallies, timeTaken } from "./school-results.ts";

describe("the school reads each answer in words", () => {
  const choice = { type: "multiple_choice" as const, answers: [{ id: 11 }, { id: 12 }, { id: 13 }, { id: 14 }] };

  it("a choice as its letter, several in order", () => {
    expect(givenText(choice, [13])).toBe("c");
    expect(givenText({ ...choice, type: "multiple_select" }, [14, 11])).toBe("a, d");
  });

  it("a number as typed, nothing as null", () => {
    expect(givenText({ type: "text", answers: [] }, { value: 1013.25 })).toBe("1013.25");
    expect(givenText({ type: "text", answers: [] }, { value: null })).toBeNull();
    expect(givenText(choice, [])).toBeNull();
    expect(givenText(choice, null)).toBeNull();
  });

  it("a cloze as each gap's letter", () => {
    const cloze = {
      type: "cloze" as const,
      answers: [
        { id: 1, group: 1 },
        { id: 2, group: 1 },
        { id: 3, group: 2 },
        { id: 4, group: 2 },
      ],
    };
    expect(givenText(cloze, [2, 3])).toBe("1: b, 2: a");
  });
});

describe("per-question figures of a fixed test", () => {
  it("counts right, wrong and unanswered per position over the attempts", () => {
    const tallies = questionTallies(3, [
      [
        { position: 1, correct: true },
        { position: 2, correct: false },
      ],
      [
        { position: 1, correct: false },
        { position: 2, correct: false },
        { position: 3, correct: true },
      ],
    ]);
    expect(tallies).toEqual([
      { position: 1, attempts: 2, right: 1, wrong: 1, unanswered: 0 },
      { position: 2, attempts: 2, right: 0, wrong: 2, unanswered: 0 },
      { position: 3, attempts: 2, right: 1, wrong: 0, unanswered: 1 },
    ]);
    expect(byMostMissed(tallies).map((t) => t.position)).toEqual([2, 1, 3]);
  });

  it("time taken from start to finish, none while running", () => {
    expect(timeTaken("2026-12-01T09:00:00Z", "2026-12-01T09:12:30Z")).toBe(750);
    expect(timeTaken("2026-12-01T09:00:00Z", null)).toBeNull();
  });
});
