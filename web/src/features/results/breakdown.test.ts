import { describe, expect, it } from "vitest";
import { multipleChoice } from "../../local/test-support.ts";
import { firstMistake, moveOnLabel, resultBreakdown, retakeLabel, timeTaken } from "./breakdown.ts";

const q = (id: number, subject: string, syllabus_code: string) => ({ ...multipleChoice(id), subject, syllabus_code });
const TITLES = {
  subjects: new Map([
    ["010", "Air Law"],
    ["050", "Meteorology"],
  ]),
  headings: new Map([
    ["010.01", "International law"],
    ["010.02", "Airworthiness of aircraft"],
  ]),
};

describe("the results breakdown", () => {
  it("counts right answers per subject and topic in syllabus order; unanswered is not right", () => {
    const questions = [
      q(1, "050", "050.02.01"),
      q(2, "010", "010.02.01"),
      q(3, "010", "010.01.01"),
      q(4, "010", "010.01.03"),
    ];
    const answers = new Map([
      [1, { correct: true }],
      [2, { correct: false }],
      [3, { correct: true }],
    ]);
    expect(resultBreakdown(questions, answers, TITLES)).toEqual([
      {
        code: "010",
        title: "Air Law",
        correct: 1,
        total: 3,
        percentage: 33,
        topics: [
          { code: "010.01", title: "International law", correct: 1, total: 2, percentage: 50 },
          { code: "010.02", title: "Airworthiness of aircraft", correct: 0, total: 1, percentage: 0 },
        ],
      },
      {
        code: "050",
        title: "Meteorology",
        correct: 1,
        total: 1,
        percentage: 100,
        topics: [{ code: "050.02", title: "050.02", correct: 1, total: 1, percentage: 100 }],
      },
    ]);
  });

  it("leaves out a question the school marks itself and one not on the device", () => {
    const answers = new Map([[1, { correct: null }]]);
    expect(resultBreakdown([q(1, "010", "010.01.01"), undefined], answers, TITLES)).toEqual([]);
  });

  it("time taken reads like a clock a student knows", () => {
    expect(timeTaken("2026-11-21T09:00:00Z", "2026-11-21T09:00:42Z")).toBe("42 s");
    expect(timeTaken("2026-11-21T09:00:00Z", "2026-11-21T09:12:05Z")).toBe("12 min 05 s");
    expect(timeTaken("2026-11-21T09:00:00Z", "2026-11-21T10:02:30Z")).toBe("1 h 02 min");
    expect(timeTaken("2026-11-21T09:00:00Z", "2026-11-21T08:00:00Z")).toBeNull();
  });

  it("next steps by the kind of test; the first mistake is the first question not answered right", () => {
    expect([retakeLabel("practice"), retakeLabel("quiz"), retakeLabel("timed"), retakeLabel("exam")]).toEqual([
      "Retake test",
      "Retake test",
      "Retake Exam",
      "Retake Exam",
    ]);
    expect([moveOnLabel("practice"), moveOnLabel("untimed"), moveOnLabel("progress_test")]).toEqual([
      "New practice test",
      "Back to exams",
      "Back to dashboard",
    ]);
    const answers = new Map([
      [1, { correct: true }],
      [2, { correct: null }],
    ]);
    expect(firstMistake([1, 2, 3], answers)).toBe(3);
    expect(firstMistake([1, 2], answers)).toBeNull();
  });
});
