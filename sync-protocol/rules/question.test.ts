import { describe, expect, it } from "vitest";
import {
  isFutureMonth,
  isValidZoom,
  latestCurrentMonth,
  normalizeZoom,
  parseUserTestQuestionId,
  stripHtml,
  userTestQuestionId,
} from "./question.ts";

describe("question rules", () => {
  it("accepts zoom 1.0 to 1.8 in steps of 0.1 only", () => {
    const steps = [1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.1 + 0.1, 0.7 + 0.6];
    expect(steps.every(isValidZoom)).toBe(true);
    for (const bad of [0.9, 1.25, 1.85, 1.9, 2, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isValidZoom(bad)).toBe(false);
    expect(normalizeZoom(1.1 + 0.1)).toBe(1.2);
  });

  it("a month is in the future only once it has not begun anywhere on Earth", () => {
    const now = new Date("2026-11-21T09:00:00.000Z");
    expect(isFutureMonth("2026-11", now)).toBe(false);
    expect(isFutureMonth("2025-12", now)).toBe(false);
    expect(isFutureMonth("2026-12", now)).toBe(true);
    // 30 November 12:00 UTC is already 1 December in Kiribati (UTC+14).
    const lateInMonth = new Date("2026-11-30T12:00:00.000Z");
    expect(latestCurrentMonth(lateInMonth)).toBe("2026-12");
    expect(isFutureMonth("2026-12", lateInMonth)).toBe(false);
    expect(isFutureMonth("2027-01", lateInMonth)).toBe(true);
  });

  it("names a test question by its test and 1-based position, and reads the name back", () => {
    const id = "0192f0c4-1234-7abc-8def-0123456789ab";
    expect(userTestQuestionId(id, 7)).toBe(`${id}:7`);
    expect(parseUserTestQuestionId(`${id}:7`)).toEqual({ userTestId: id, questionNumber: 7 });
    for (const bad of [`${id}:0`, `${id}:`, id, `${id}:1:2`, "x:1", `${id}:-1`])
      expect(parseUserTestQuestionId(bad)).toBeNull();
  });

  it("strips html from question text", () => {
    expect(stripHtml("<p>Which <strong>freedom</strong>&nbsp;of the air?</p>")).toBe("Which freedom of the air?");
  });
});
