import { describe, expect, it } from "vitest";
import type { ModuleView, PartView } from "./access.ts";
import { courseSummary } from "./course-progress.ts";

function part(type: "lesson" | "progress_test", id: number, state: Partial<PartView> = {}): PartView {
  return {
    id,
    number: id,
    type,
    content: { id, title: `part ${id}`, code: null, subject_id: "010", pass_percentage: null },
    pass: null,
    completed: false,
    url: "",
    target: null,
    target_timestamp: null,
    question_count: null,
    attempts: 0,
    attempted: false,
    allow_initial_attempt: false,
    retry_interval_minutes: null,
    last_result: null,
    ...state,
  };
}
const module = (parts: PartView[]) => ({ parts }) as unknown as ModuleView;

describe("the dashboard's summary circles", () => {
  it("counts completed lessons and passed progress tests over every module", () => {
    const summary = courseSummary(
      [
        module([part("lesson", 1, { completed: true }), part("lesson", 2), part("progress_test", 10, { pass: true })]),
        module([part("lesson", 3, { completed: true }), part("progress_test", 11, { pass: false })]),
      ],
      [],
    );
    expect(summary.lessons).toEqual({ completed: 2, total: 3 });
    expect(summary.progress_tests).toMatchObject({ completed: 1, total: 2 });
  });

  it("averages each progress test's latest finished attempt, rounded; none yet is null", () => {
    const modules = [module([part("progress_test", 10), part("progress_test", 11), part("progress_test", 12)])];
    expect(courseSummary(modules, []).progress_tests.score).toBeNull();
    const score = courseSummary(modules, [
      { progress_test_id: 10, finished_at: "2026-11-01T10:00:00Z", percentage: 40 },
      { progress_test_id: 10, finished_at: "2026-11-02T10:00:00Z", percentage: 80 },
      { progress_test_id: 11, finished_at: "2026-11-03T10:00:00Z", percentage: 65 },
      { progress_test_id: 99, finished_at: "2026-11-03T10:00:00Z", percentage: 0 },
    ]).progress_tests.score;
    expect(score).toBe(73);
  });
});
