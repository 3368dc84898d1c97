import { describe, expect, it } from "vitest";
import {
  COURSE_DATE_MESSAGES,
  courseDateErrors,
  courseDateIssuesText,
  courseDateLimits,
  isCalendarDate,
  outOfRangeMessage,
  validateCourseDates,
} from "./course-dates.ts";

const NOW = new Date("2026-11-21T09:00:00.000Z");
const row = (module_id: number, start: string, end: string) => ({ module_id, start, end });

describe("course dates rule", () => {
  it("allows 2 years back to 4 years ahead (the picker's limits)", () => {
    expect(courseDateLimits(NOW)).toEqual({ min: "2024-11-21", max: "2030-11-21" });
    expect(validateCourseDates([row(1, "2024-11-21", "2030-11-21")], NOW)).toEqual([]);
    const limits = courseDateLimits(NOW);
    expect(validateCourseDates([row(1, "2024-11-20", "2030-11-22")], NOW)).toEqual([
      { module_id: 1, field: "start", message: outOfRangeMessage(limits) },
      { module_id: 1, field: "end", message: outOfRangeMessage(limits) },
    ]);
  });

  it("needs the start before the end, saying so on both", () => {
    for (const [start, end] of [
      ["2026-12-01", "2026-11-30"],
      ["2026-12-01", "2026-12-01"],
    ] as const)
      expect(validateCourseDates([row(1, start, end)], NOW)).toEqual([
        { module_id: 1, field: "start", message: "Start date must be before the end date" },
        { module_id: 1, field: "end", message: "End date must be after the start date" },
      ]);
  });

  it("refuses neighbouring modules that overlap, on both fields that meet", () => {
    const rows = [
      row(1, "2026-09-07", "2026-10-30"),
      row(2, "2026-10-30", "2026-12-18"),
      row(3, "2027-01-04", "2027-02-01"),
    ];
    expect(validateCourseDates(rows, NOW)).toEqual([
      { module_id: 1, field: "end", message: "Modules must not overlap" },
      { module_id: 2, field: "start", message: "Modules must not overlap" },
    ]);
    expect(validateCourseDates([rows[0], { ...rows[1], start: "2026-10-31" }, rows[2]] as never, NOW)).toEqual([]);
  });

  it("only compares neighbours in module order", () => {
    // Module 3 starts before module 1 ends, but they are not neighbours; 2 and 3 are fine.
    const rows = [
      row(1, "2026-01-01", "2026-06-01"),
      row(2, "2026-06-02", "2026-06-10"),
      row(3, "2026-06-11", "2026-07-01"),
    ];
    expect(validateCourseDates(rows, NOW)).toEqual([]);
  });

  it("refuses what is not a calendar day", () => {
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-1-05")).toBe(false);
    expect(validateCourseDates([row(1, "2026-02-30", "")], NOW)).toEqual([
      { module_id: 1, field: "start", message: COURSE_DATE_MESSAGES.notADate },
      { module_id: 1, field: "end", message: COURSE_DATE_MESSAGES.notADate },
    ]);
  });

  it("gives the spec's errors object: field to messages", () => {
    const issues = validateCourseDates([row(4, "2026-12-01", "2026-11-01"), row(5, "2026-10-15", "2026-12-20")], NOW);
    expect(courseDateErrors(issues)).toEqual({
      "4.start": ["Start date must be before the end date"],
      "4.end": ["End date must be after the start date", "Modules must not overlap"],
      "5.start": ["Modules must not overlap"],
    });
  });

  it("says each issue on a line of its own, naming the module and the date", () => {
    const issues = validateCourseDates([row(4, "2026-12-01", "2026-12-20"), row(5, "2026-12-15", "2027-01-20")], NOW);
    const titles: Record<number, string> = { 4: "Air Law", 5: "Meteorology" };
    expect(courseDateIssuesText(issues, (id) => titles[id] ?? "")).toBe(
      "Air Law end date: Modules must not overlap\nMeteorology start date: Modules must not overlap",
    );
  });
});
