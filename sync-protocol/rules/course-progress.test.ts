import { describe, expect, it } from "vitest";
import { courseProgressReplySchema } from "../schemas/analysis-course.ts";
import {
  type CompletionFacts,
  courseProgress,
  courseStanding,
  courseSummary,
  type ProgressModule,
  progressScope,
  utcDay,
} from "./course-progress.ts";

type Part = ProgressModule["parts"][number];

function lesson(id: number, over: Partial<Part> = {}): Part {
  return {
    type: "lesson",
    content: { id, title: `Lesson ${id}`, code: null, subject_id: "010", pass_percentage: null },
    completed: false,
    pass: null,
    target: null,
    ...over,
  };
}
function test(id: number, over: Partial<Part> = {}): Part {
  return { ...lesson(id), type: "progress_test", ...over };
}
function module(id: number, parts: Part[], dates: [string, string] | null = null) {
  return { id, title: `Module ${id}`, start: dates?.[0] ?? null, end: dates?.[1] ?? null, parts };
}
const facts = (over: Partial<CompletionFacts> = {}): CompletionFacts => ({
  lessonUpdatedAt: new Map(),
  results: [],
  ...over,
});
const NOW = new Date("2026-11-21T10:00:00Z");
const series = (reply: ReturnType<typeof courseProgress>, type: "Target" | "Completed") =>
  Object.fromEntries((reply.averaged.find((s) => s.Type === type)?.Data ?? []).map((p) => [p.date, p.Percent]));

describe("course progress graph 'My Progress': Target vs Completed over dates", () => {
  it("Target spreads a module's parts evenly from its start to its end, and starts at 0 the day before", () => {
    const reply = courseProgress(
      [module(1, [lesson(1), lesson(2), lesson(3), test(9)], ["2026-11-01", "2026-11-10"])],
      facts(),
      NOW,
    );
    expect(series(reply, "Target")).toEqual({
      "2026-10-31": 0,
      "2026-11-01": 25,
      "2026-11-04": 50,
      "2026-11-07": 75,
      "2026-11-10": 100,
      "2026-11-21": 100,
    });
  });

  it("uses the parts' own target dates where set", () => {
    const reply = courseProgress(
      [
        module(
          1,
          [lesson(1, { target: "2026-11-05" }), lesson(2, { target: "2026-11-05" }), test(9, { target: "2026-11-30" })],
          ["2026-11-01", "2026-11-30"],
        ),
      ],
      facts(),
      NOW,
    );
    expect(series(reply, "Target")).toEqual({
      "2026-10-31": 0,
      "2026-11-01": 0,
      "2026-11-05": 67,
      "2026-11-21": 67,
      "2026-11-30": 100,
    });
  });

  it("Completed counts a lesson from its last page's day and a progress test from its first pass, up to today", () => {
    const reply = courseProgress(
      [
        module(
          1,
          [
            lesson(1, { completed: true, pass: true }),
            lesson(2, { completed: true, pass: true }),
            lesson(3),
            test(9, { completed: true, pass: true }),
          ],
          ["2026-11-01", "2026-12-31"],
        ),
      ],
      facts({
        lessonUpdatedAt: new Map([
          [1, "2026-11-03T08:00:00.000Z"],
          [2, "2026-11-03T23:30:00.000Z"],
          // Read only part-way: not done, whatever its time.
          [3, "2026-11-04T08:00:00.000Z"],
        ]),
        results: [
          { progress_test_id: 9, finished_at: "2026-11-12T09:00:00.000Z", pass: false, percentage: 40 },
          { progress_test_id: 9, finished_at: "2026-11-14T09:00:00.000Z", pass: true, percentage: 80 },
          { progress_test_id: 9, finished_at: "2026-11-20T09:00:00.000Z", pass: true, percentage: 95 },
        ],
      }),
      NOW,
    );
    const completed = reply.averaged[1].Data;
    expect(completed.at(-1)).toEqual({ date: "2026-11-21", Percent: 75 });
    expect(completed.every((p) => p.date <= "2026-11-21")).toBe(true);
    expect(series(reply, "Completed")).toMatchObject({
      "2026-10-31": 0,
      "2026-11-01": 0,
      "2026-11-03": 50,
      "2026-11-14": 75,
    });
    // The Target line goes on to the course's end.
    expect(reply.averaged[0].Data.at(-1)).toEqual({ date: "2026-12-31", Percent: 100 });
  });

  it("days are UTC days, so the device and the server name the same one", () => {
    expect(utcDay("2026-11-03T23:30:00.000Z")).toBe("2026-11-03");
    expect(utcDay("2026-11-04T00:30:00+02:00")).toBe("2026-11-03");
    expect(utcDay("not a time")).toBeNull();
  });

  it("a completion dated after today (a fast clock) or not dated at all counts from today", () => {
    const reply = courseProgress(
      [module(1, [lesson(1, { completed: true }), lesson(2, { completed: true })], ["2026-11-01", "2026-11-30"])],
      facts({ lessonUpdatedAt: new Map([[1, "2026-11-25T08:00:00.000Z"]]) }),
      NOW,
    );
    expect(reply.averaged[1].Data.at(-1)).toEqual({ date: "2026-11-21", Percent: 100 });
    expect(series(reply, "Completed")["2026-11-01"]).toBe(0);
  });

  it("Full Course counts every part of every module once; a module is also its own scope", () => {
    const modules = [
      module(1, [lesson(1, { completed: true }), test(9)], ["2026-11-01", "2026-11-10"]),
      module(2, [lesson(2), lesson(3), test(10)], ["2026-11-11", "2026-11-30"]),
    ];
    const done = facts({ lessonUpdatedAt: new Map([[1, "2026-11-02T10:00:00Z"]]) });
    const full = courseProgress(progressScope(modules, null) ?? [], done, NOW);
    expect(series(full, "Target")).toMatchObject({ "2026-11-01": 20, "2026-11-10": 40, "2026-11-30": 100 });
    expect(series(full, "Completed")["2026-11-21"]).toBe(20);
    const second = courseProgress(progressScope(modules, 2) ?? [], done, NOW);
    expect(series(second, "Target")).toMatchObject({ "2026-11-10": 0, "2026-11-11": 33, "2026-11-30": 100 });
    expect(series(second, "Completed")["2026-11-21"]).toBe(0);
    expect(second.summary.lessons).toEqual({ completed: 0, total: 2 });
    expect(progressScope(modules, 3)).toBeNull();
  });

  it("a module without course dates plans nothing; its parts still count in the whole", () => {
    const modules = [
      module(1, [lesson(1)], ["2026-11-01", "2026-11-10"]),
      module(2, [lesson(2, { completed: true })], null),
    ];
    const reply = courseProgress(modules, facts({ lessonUpdatedAt: new Map([[2, "2026-11-05T10:00:00Z"]]) }), NOW);
    expect(reply.averaged[0].Data.at(-1)?.Percent).toBe(50);
    expect(series(reply, "Completed")["2026-11-05"]).toBe(50);
    const undated = courseProgress([module(2, [lesson(2)], null)], facts(), NOW);
    expect(undated.averaged[0].Data).toEqual([]);
    expect(undated.averaged[1].Data).toEqual([
      { date: "2026-11-20", Percent: 0 },
      { date: "2026-11-21", Percent: 0 },
    ]);
  });

  it("Percent is a whole number from 0 to 100 (Math.round), and the reply matches its schema", () => {
    const reply = courseProgress(
      [
        module(
          1,
          [lesson(1, { target: "2026-11-02" }), lesson(2, { target: "2026-11-02" }), lesson(3)],
          ["2026-11-01", "2026-11-30"],
        ),
      ],
      facts(),
      NOW,
    );
    expect(series(reply, "Target")["2026-11-02"]).toBe(67);
    expect(courseProgressReplySchema.parse(reply)).toEqual(reply);
    const empty = courseProgress([], facts(), NOW);
    expect(empty.averaged[1].Data.every((p) => p.Percent === 0)).toBe(true);
    expect(courseProgressReplySchema.parse(empty)).toEqual(empty);
  });

  it("the summary is the dashboard's: lessons completed, tests passed, the latest attempts' average score", () => {
    const modules = [module(1, [lesson(1, { completed: true }), lesson(2), test(9, { pass: true, completed: true })])];
    const results = [
      { progress_test_id: 9, finished_at: "2026-11-12T09:00:00.000Z", pass: false, percentage: 40 },
      { progress_test_id: 9, finished_at: "2026-11-14T09:00:00.000Z", pass: true, percentage: 81 },
    ];
    const reply = courseProgress(modules, facts({ results }), NOW);
    expect(reply.summary).toEqual({
      lessons: { completed: 1, total: 2 },
      progress_tests: { completed: 1, total: 1, score: 81 },
    });
    expect(reply.summary).toEqual(courseSummary(modules, results));
  });
});

describe("where a student stands against the course dates today (a school's class overview)", () => {
  const dates: [string, string] = ["2026-11-01", "2026-11-30"];
  const parts = (done: number) =>
    Array.from({ length: 10 }, (_, i) => lesson(i + 1, i < done ? { completed: true } : {}));
  const lessonsDone = (done: number) =>
    facts({ lessonUpdatedAt: new Map(Array.from({ length: done }, (_, i) => [i + 1, "2026-11-15T09:00:00Z"])) });
  const standing = (done: number) =>
    courseStanding(courseProgress([module(1, parts(done), dates)], lessonsDone(done), NOW), NOW);

  it("reads today's points of the My Progress lines: done and planned", () => {
    // 21 November of 1-30 November: 7 of 10 parts planned by today (the Target line at today).
    const reply = courseProgress([module(1, parts(7), dates)], lessonsDone(7), NOW);
    expect(series(reply, "Target")["2026-11-21"]).toBe(70);
    expect(standing(7)).toEqual({ completed: 70, planned: 70, standing: "on_plan" });
  });

  it("is on plan within ON_PLAN_MARGIN points either way, else ahead or behind", () => {
    expect(standing(8).standing).toBe("ahead");
    expect(standing(6).standing).toBe("behind");
    expect(standing(10)).toEqual({ completed: 100, planned: 70, standing: "ahead" });
  });

  it("has no plan without course dates", () => {
    const reply = courseProgress([module(1, parts(3))], lessonsDone(3), NOW);
    expect(courseStanding(reply, NOW)).toEqual({ completed: 30, planned: null, standing: "no_dates" });
  });
});
