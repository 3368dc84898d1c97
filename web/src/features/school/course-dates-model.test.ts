/**
 * The class course dates editor's rules (issue 20): the instructor's typing over the class's
 * dates, judged by the rule the student's modal and the server apply (spec study §5), and the
 * body Update sends.
 */
import { describe, expect, it } from "vitest";
import { CLASS_COURSE_DATES } from "./ClassCourseDatesView.mock.ts";
import { editorRows, reachText, syllabusDatesState, withDate } from "./course-dates-model.ts";

const NOW = new Date("2026-11-21T09:00:00.000Z");
const COURSE = CLASS_COURSE_DATES.course[0] as (typeof CLASS_COURSE_DATES.course)[number];

describe("the class course dates editor's rules", () => {
  it("shows every module of the syllabus in order, with the class's dates or blank", () => {
    expect(editorRows(COURSE, {})).toEqual([
      { moduleId: 301, title: "Air Law", start: "2026-09-07", end: "2026-10-30", dated: true },
      { moduleId: 302, title: "Meteorology", start: "2026-11-02", end: "2026-12-18", dated: true },
      { moduleId: 303, title: "Navigation", start: "", end: "", dated: false },
    ]);
  });

  it("offers nothing to save until a date changes", () => {
    expect(syllabusDatesState(COURSE, {}, NOW)).toMatchObject({ issues: [], changed: false, body: null });
  });

  it("sends the syllabus's whole set of dates: every dated module, the changed one as typed", () => {
    const draft = withDate(COURSE, {}, 302, "end", "2027-01-29");
    expect(draft).toEqual({ 302: { start: "2026-11-02", end: "2027-01-29" } });
    expect(syllabusDatesState(COURSE, draft, NOW)).toMatchObject({
      issues: [],
      changed: true,
      body: {
        syllabus_id: 3,
        modules: [
          { module_id: 301, start: "2026-09-07", end: "2026-10-30" },
          { module_id: 302, start: "2026-11-02", end: "2027-01-29" },
        ],
      },
    });
  });

  it("plans a module without dates once both are typed; one alone is refused", () => {
    const one = withDate(COURSE, {}, 303, "start", "2027-01-04");
    const half = syllabusDatesState(COURSE, one, NOW);
    expect(half.issues).toEqual([{ module_id: 303, field: "end", message: "Enter a date as YYYY-MM-DD" }]);
    expect(half.body).toBeNull();
    const both = syllabusDatesState(COURSE, withDate(COURSE, one, 303, "end", "2027-02-26"), NOW);
    expect(both.body?.modules.at(-1)).toEqual({ module_id: 303, start: "2027-01-04", end: "2027-02-26" });
  });

  it("refuses with the spec's messages: start before end, no overlap, within 2 years back and 4 ahead", () => {
    const backwards = syllabusDatesState(COURSE, withDate(COURSE, {}, 301, "start", "2026-11-01"), NOW);
    expect(backwards.issues).toEqual([
      { module_id: 301, field: "start", message: "Start date must be before the end date" },
      { module_id: 301, field: "end", message: "End date must be after the start date" },
    ]);
    expect(backwards.body).toBeNull();
    const overlap = syllabusDatesState(COURSE, withDate(COURSE, {}, 302, "start", "2026-10-30"), NOW);
    expect(overlap.issues.map((i) => `${i.module_id}.${i.field} ${i.message}`)).toEqual([
      "301.end Modules must not overlap",
      "302.start Modules must not overlap",
    ]);
    const far = syllabusDatesState(COURSE, withDate(COURSE, {}, 302, "end", "2030-11-22"), NOW);
    expect(far.issues).toEqual([
      { module_id: 302, field: "end", message: "Choose a date between 2024-11-21 and 2030-11-21" },
    ]);
  });

  it("counts a date put back as it was as no change", () => {
    const draft = withDate(COURSE, withDate(COURSE, {}, 301, "end", "2026-10-29"), 301, "end", "2026-10-30");
    expect(syllabusDatesState(COURSE, draft, NOW)).toMatchObject({ changed: false, body: null });
  });

  it("says whom the dates reach", () => {
    expect(reachText(6)).toBe(
      "Saved dates reach the 6 students of this class who study this syllabus on their next sync. Students cannot change them.",
    );
    expect(reachText(1)).toContain("the 1 student of this class");
    expect(reachText(0)).toBe("No student of this class studies this syllabus at the moment.");
  });
});
