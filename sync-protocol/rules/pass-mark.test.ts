import { describe, expect, it } from "vitest";
import { PASS_PERCENTAGE_DEFAULT } from "./constants.ts";
import { passMark, scorePercentage, testOutcome } from "./pass-mark.ts";

describe("passMark: the rounded total times the pass fraction, at least 1", () => {
  it("takes the test's pass percentage", () => {
    expect(passMark(40, 75)).toBe(30);
    expect(passMark(40, 50)).toBe(20);
    expect(passMark(20, 100)).toBe(20);
  });

  it("defaults to 75 percent when the test has none", () => {
    expect(PASS_PERCENTAGE_DEFAULT).toBe(75);
    expect(passMark(40, null)).toBe(30);
    expect(passMark(40, undefined)).toBe(30);
    expect(passMark(10, null)).toBe(8);
  });

  it("rounds half up", () => {
    expect(passMark(2, 75)).toBe(2); // 1.5
    expect(passMark(10, 65)).toBe(7); // 6.5
    expect(passMark(10, 75)).toBe(8); // 7.5
  });

  it("rounds down below one half", () => {
    expect(passMark(3, 75)).toBe(2); // 2.25
    expect(passMark(11, 75)).toBe(8); // 8.25
    expect(passMark(10, 74)).toBe(7); // 7.4
  });

  it("is at least 1, also for tiny tests and an empty one", () => {
    expect(passMark(1, 10)).toBe(1);
    expect(passMark(1, null)).toBe(1);
    expect(passMark(0, null)).toBe(1);
  });
});

describe("scorePercentage: sum_correct divided by answered, rounded", () => {
  it("is the rounded share of correct answers", () => {
    expect(scorePercentage(3, 4)).toBe(75);
    expect(scorePercentage(2, 3)).toBe(67);
    expect(scorePercentage(1, 3)).toBe(33);
    expect(scorePercentage(5, 5)).toBe(100);
    expect(scorePercentage(0, 5)).toBe(0);
  });

  it("rounds half up", () => {
    expect(scorePercentage(1, 8)).toBe(13); // 12.5
    expect(scorePercentage(29, 40)).toBe(73); // 72.5
  });

  it("is 0 when nothing is answered", () => {
    expect(scorePercentage(0, 0)).toBe(0);
    expect(scorePercentage(0, -1)).toBe(0);
  });
});

describe("[SR17] testOutcome: how the server marks a finished test", () => {
  it("passes when the score reaches the pass mark", () => {
    expect(testOutcome(30, 40, null)).toEqual({ score: 30, total_score: 40, percentage: 75, pass: true });
    expect(testOutcome(40, 40, null)).toEqual({ score: 40, total_score: 40, percentage: 100, pass: true });
  });

  it("fails one below the pass mark", () => {
    expect(testOutcome(29, 40, null)).toEqual({ score: 29, total_score: 40, percentage: 73, pass: false });
  });

  it("uses the test's own pass percentage", () => {
    expect(testOutcome(5, 10, 50).pass).toBe(true);
    expect(testOutcome(4, 10, 50).pass).toBe(false);
    expect(testOutcome(9, 10, 100).pass).toBe(false);
  });

  it("counts unanswered questions against the student: the percentage is over the whole test", () => {
    // 3 right of 3 answered, 10 questions: 30 %, not 100 %.
    expect(testOutcome(3, 10, null)).toEqual({ score: 3, total_score: 10, percentage: 30, pass: false });
  });

  it("a test with no questions never passes and scores 0 %", () => {
    expect(testOutcome(0, 0, null)).toEqual({ score: 0, total_score: 0, percentage: 0, pass: false });
  });

  it("a one-question test passes with that question right", () => {
    expect(testOutcome(1, 1, null).pass).toBe(true);
    expect(testOutcome(0, 1, null).pass).toBe(false);
  });

  // EASA: a pass needs at least 75 % of the marks. The displayed pass mark is the spec's
  // rounded figure; the decision is exact, so rounding never lets a lower score pass.
  it("never passes a score whose percentage is below the pass percentage (8 / 11 at 75 %)", () => {
    const outcome = testOutcome(8, 11, null);
    expect(outcome.percentage).toBe(73);
    expect(outcome.pass).toBe(false);
  });
});
