import { ALL_SUBJECTS } from "@preflight/sync-protocol/rules/practice-filter";
import { describe, expect, it } from "vitest";
import { examLengths, examSubjects, examTimeLimit, examTitle, noBanksMessage, questionBanks } from "./banks.ts";

const QUESTIONS = [
  { id: 3, subject: "010", example: true },
  { id: 1, subject: "010", example: false },
  { id: 2, subject: "010", example: false },
  { id: 7, subject: "050", example: false },
];

describe("exam chooser question banks", () => {
  it("offers a subject's full bank and its example exam questions, ids ascending", () => {
    const banks = questionBanks("010", "Air Law", "timed", QUESTIONS, []);
    expect(banks.map((b) => [b.id, b.title, b.total, b.question_ids])).toEqual([
      ["full", "Full question bank", 3, [1, 2, 3]],
      ["examples", "Example exam questions", 1, [3]],
    ]);
  });
  it("hides a bank whose total is 0", () => {
    expect(questionBanks("050", "Meteorology", "timed", QUESTIONS, []).map((b) => b.id)).toEqual(["full"]);
  });
  it("has no banks for a subject without questions", () => {
    expect(questionBanks("090", "Communications", "untimed", QUESTIONS, [])).toEqual([]);
    expect(noBanksMessage(false)).toBe("No questions found for this subject.");
    expect(noBanksMessage(true)).toBe("No questions found for this exam.");
  });
  it("'all subjects' takes every question", () => {
    const [full] = questionBanks(ALL_SUBJECTS, "All subjects", "timed", QUESTIONS, []);
    expect(full?.question_ids).toEqual([1, 2, 3, 7]);
  });
  it("counts the student's tests of this type taken from the bank (user_tests)", () => {
    const tests = [
      { test_type: "timed", title: examTitle("timed", "Air Law", "Full question bank", 10) },
      { test_type: "timed", title: examTitle("timed", "Air Law", "Full question bank", 20) },
      { test_type: "untimed", title: examTitle("untimed", "Air Law", "Full question bank", 10) },
      { test_type: "timed", title: examTitle("timed", "Air Law", "Example exam questions", 1) },
      { test_type: "practice", title: "Practice test: Air Law (10 questions)" },
    ];
    const banks = questionBanks("010", "Air Law", "timed", QUESTIONS, tests);
    expect(banks.map((b) => b.user_tests)).toEqual([2, 1]);
    expect(examTitle("timed", "Air Law", "Full question bank", 10)).toBe(
      "Timed exam: Air Law, Full question bank (10 questions)",
    );
  });
});

describe("exam length and time", () => {
  it("offers 10, 20 and 40 questions, or the whole bank when smaller", () => {
    expect(examLengths(355)).toEqual([10, 20, 40]);
    expect(examLengths(30)).toEqual([10, 20, 30]);
    expect(examLengths(4)).toEqual([4]);
  });
  it("gives a timed exam 1.25 minutes a question, rounded up; an untimed one none", () => {
    expect(examTimeLimit("timed", 10)).toBe(13);
    expect(examTimeLimit("timed", 40)).toBe(50);
    expect(examTimeLimit("untimed", 10)).toBeNull();
  });
});

describe("exam chooser subject list", () => {
  it("puts 'All subjects' first, then each subject with its questions on this device", () => {
    const subjects = [
      { code: "010", title: "Air Law" },
      { code: "090", title: "Communications" },
    ];
    expect(examSubjects(subjects, QUESTIONS)).toEqual([
      { code: ALL_SUBJECTS, title: "All subjects", questions: 4 },
      { code: "010", title: "Air Law", questions: 3 },
      { code: "090", title: "Communications", questions: 0 },
    ]);
  });
  it("has no 'All subjects' row while no question is on the device", () => {
    expect(examSubjects([{ code: "010", title: "Air Law" }], [])).toEqual([
      { code: "010", title: "Air Law", questions: 0 },
    ]);
  });
});
