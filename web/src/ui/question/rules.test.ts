import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { describe, expect, it } from "vitest";
import { abandonAsksFirst, checkDraft, exitTarget, isRevealed, MESSAGES } from "./rules.ts";

const base = {
  id: 1,
  version: 1,
  subject: "010",
  syllabus_code: "010.01",
  question: "Q",
  explanation: "E",
  reference: "010-0001",
  learning_objectives: ["010.01.01.01.01"],
  annex_images: [],
  answer_images: [],
  example: false,
  editions: ["2020" as const],
  score: 1,
  added: "2026-01-01",
};
const select: BankQuestion = {
  ...base,
  type: "multiple_select",
  total_correct: 2,
  answers: [
    { id: 11, answer: "a", correct: true },
    { id: 12, answer: "b", correct: true },
    { id: 13, answer: "c", correct: false },
  ],
};
const text: BankQuestion = {
  ...base,
  type: "text",
  answers: [],
  text_range: { min: 1, max: 2, exact: 1.5, units: "kt" },
};

describe("test screen rules", () => {
  it("shows answers during the test only in after_choice (once confirmed) and before_choice", () => {
    expect(isRevealed("after_test", true, false)).toBe(false);
    expect(isRevealed("after_choice", false, false)).toBe(false);
    expect(isRevealed("after_choice", true, false)).toBe(true);
    expect(isRevealed("before_choice", false, false)).toBe(true);
    expect(isRevealed("after_test", false, true)).toBe(true);
  });

  it("asks before abandoning only progress_test_attempt and exam", () => {
    expect(abandonAsksFirst("exam")).toBe(true);
    expect(abandonAsksFirst("progress_test_attempt")).toBe(true);
    expect(abandonAsksFirst("practice")).toBe(false);
    expect(abandonAsksFirst("quiz")).toBe(false);
  });

  it("exits practice, timed and untimed tests to their chooser, the rest to the dashboard", () => {
    expect(exitTarget("practice")).toEqual({ to: "/test/select/$testType", params: { testType: "practice" } });
    expect(exitTarget("timed")).toEqual({ to: "/test/select/$testType", params: { testType: "timed" } });
    expect(exitTarget("progress_test")).toEqual({ to: "/dashboard" });
  });

  it("validates drafts with the spec's messages", () => {
    expect(checkDraft(select, { kind: "ids", ids: [] })).toEqual({
      ok: false,
      message: "Please select at least one answer",
    });
    expect(checkDraft(select, { kind: "ids", ids: [11] })).toEqual({ ok: "confirm-count", required: 2, selected: 1 });
    expect(checkDraft(select, { kind: "ids", ids: [11, 13] })).toEqual({ ok: true });
    expect(checkDraft(text, { kind: "text", text: " " })).toEqual({ ok: false, message: "Please enter a value" });
    expect(checkDraft(text, { kind: "text", text: "1,5" })).toEqual({ ok: true });
    expect(MESSAGES.requiresCount(2, 1)).toBe("The question requires 2 answer(s). You have selected 1.");
  });
});
