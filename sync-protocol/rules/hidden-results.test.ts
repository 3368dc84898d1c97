import { describe, expect, it } from "vitest";
import { isFixedTestType, resultFilterVisible, resultVisibility } from "./hidden-results.ts";

describe("hidden results (spec: per test, or hide_fixed_results)", () => {
  const shown = { score: true, pass: true, review: true, sentToSchool: false };
  const hidden = { score: false, pass: false, review: false, sentToSchool: true };

  it("shows everything of an ordinary test, whatever hide_fixed_results says", () => {
    expect(resultVisibility({ test_type: "practice", hide_results: false }, false)).toEqual(shown);
    expect(resultVisibility({ test_type: "practice", hide_results: false }, true)).toEqual(shown);
  });

  it("hides score, pass and review of a test whose results are hidden", () => {
    expect(resultVisibility({ test_type: "exam", hide_results: true }, false)).toEqual(hidden);
    expect(resultVisibility({ test_type: "timed", hide_results: true }, false)).toEqual(hidden);
  });

  it("hide_fixed_results hides every fixed test (type exam), and only those", () => {
    expect(resultVisibility({ test_type: "exam", hide_results: false }, true)).toEqual(hidden);
    expect(resultVisibility({ test_type: "exam", hide_results: false }, false)).toEqual(shown);
  });

  it("hidden answers keep score and pass but drop the review; the results go to the school", () => {
    expect(resultVisibility({ test_type: "exam", hide_results: false, hide_answers: true }, false)).toEqual({
      score: true,
      pass: true,
      review: false,
      sentToSchool: true,
    });
  });

  it("the result filter goes with hide_fixed_results", () => {
    expect(resultFilterVisible(false)).toBe(true);
    expect(resultFilterVisible(true)).toBe(false);
  });

  it("exam is the fixed test type", () => {
    expect(isFixedTestType("exam")).toBe(true);
    expect(isFixedTestType("progress_test")).toBe(false);
  });
});
