import { describe, expect, it } from "vitest";
import {
  ANALYSIS_TABS,
  ANALYSIS_TEXT,
  analysisTabOfHash,
  answeredChart,
  chartSummary,
  mockExamChart,
  SUMMARY_VIEWS,
  tickLines,
} from "./model.ts";

describe("the report selector page", () => {
  it("has tabs Summary (hash summary-graphs, the default) and Subject (hash subject)", () => {
    expect(ANALYSIS_TABS.map((t) => [t.label, t.id])).toEqual([
      ["Summary", "summary-graphs"],
      ["Subject", "subject"],
    ]);
    expect(analysisTabOfHash("")).toBe("summary-graphs");
    expect(analysisTabOfHash("#summary-graphs")).toBe("summary-graphs");
    expect(analysisTabOfHash("subject")).toBe("subject");
    expect(analysisTabOfHash("#subject")).toBe("subject");
    expect(analysisTabOfHash("#module-3")).toBe("summary-graphs");
  });

  it("offers exactly two summary views, with the spec's words", () => {
    expect(SUMMARY_VIEWS.map((v) => v.title)).toEqual(["Percentage of questions answered", "Average mock exam scores"]);
  });

  it("says the spec's words for the reset", () => {
    expect(ANALYSIS_TEXT.resetTitle).toBe("Reset progress?");
    expect(ANALYSIS_TEXT.resetQuestion).toBe(
      "Are you sure you want to permanently reset all progress for this subject?",
    );
    expect([ANALYSIS_TEXT.confirm, ANALYSIS_TEXT.cancel, ANALYSIS_TEXT.calculating]).toEqual([
      "Confirm",
      "Cancel",
      "Calculating...",
    ]);
  });
});

describe("the chart and its table alternative", () => {
  const answered = {
    labels: ["Air Law", "Meteorology"],
    keys: ["010", "050"],
    datasets: [
      { label: "Answered", data: [12.5, 0] },
      { label: "Answered correctly", data: [10, 0] },
    ],
    questions: [40, 1],
    answered: [5, 0],
    correct: [4, 0],
  };

  it("notes each bar's counts", () => {
    expect(answeredChart(answered).notes).toEqual([
      "5 of 40 questions answered, 4 correct",
      "0 of 1 question answered, 0 correct",
    ]);
    expect(mockExamChart({ ...answered, tests: [1, 3] }).notes).toEqual(["1 mock exam", "3 mock exams"]);
  });

  it("sums the chart up in one sentence for screen readers", () => {
    expect(chartSummary("Percentage of questions answered", answeredChart(answered))).toBe(
      "Percentage of questions answered. Air Law: Answered 12.5%, Answered correctly 10%; Meteorology: Answered 0%, Answered correctly 0%.",
    );
  });
});

describe("a bar's label under the chart", () => {
  // 6 px a character, so a 60 px bar holds 10 characters a line.
  const measure = (text: string) => text.length * 6;

  it("is the code, then the title wrapped to the bar's width", () => {
    expect(tickLines("010", "Air Law", 60, measure)).toEqual(["010", "Air Law"]);
    expect(tickLines("061", "General Navigation", 60, measure)).toEqual(["061", "General", "Navigation"]);
  });

  it("cuts a long title after three lines and a long word to the width, with an ellipsis", () => {
    expect(tickLines("021", "Aircraft General Knowledge - Airframe, Systems and Power Plant", 60, measure)).toEqual([
      "021",
      "Aircraft",
      "General",
      "Knowledge…",
    ]);
    expect(tickLines("010.01", "Internationalisation", 36, measure)).toEqual(["010.01", "Inter…"]);
  });

  it("leaves out a dash between words rather than giving it a line", () => {
    expect(tickLines("032", "Performance - Aeroplanes", 80, measure)).toEqual(["032", "Performance", "Aeroplanes"]);
  });

  it("is the code alone when the title is the code", () => {
    expect(tickLines("010.02", "010.02", 60, measure)).toEqual(["010.02"]);
  });
});
