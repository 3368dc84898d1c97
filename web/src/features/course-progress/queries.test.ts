import "fake-indexeddb/auto";
import type { TestResult } from "@preflight/sync-protocol/schemas/test";
import { beforeEach, describe, expect, it } from "vitest";
import { recordLessonPage } from "../../local/actions/lesson.ts";
import type { LocalUserTest } from "../../local/store/db.ts";
import { resetDatabases, signedInScope } from "../../local/test-support.ts";
import { readCourseProgress } from "./queries.ts";

const NOW = new Date("2026-11-21T12:00:00.000Z");

async function course() {
  const scope = await signedInScope();
  const { db } = scope;
  await db.meta.put({ key: "syllabus", value: { id: 3, title: "ATPL(A)" } });
  const part = (id: number, position: number, lesson: number | null, test: number | null) => ({
    id,
    position,
    type: lesson === null ? ("progress_test" as const) : ("lesson" as const),
    lesson_id: lesson,
    progress_test_id: test,
  });
  await db.modules.bulkPut([
    {
      id: 301,
      title: "Air Law",
      position: 1,
      prerequisite_module_id: null,
      parts: [part(1, 1, 1, null), part(2, 2, null, 1)],
      restrictions: {},
    },
    {
      id: 302,
      title: "Meteorology",
      position: 2,
      prerequisite_module_id: 301,
      parts: [part(3, 1, 11, null), part(4, 2, null, 2)],
      restrictions: {},
    },
  ]);
  await db.lessons.bulkPut([
    { id: 1, subject: "010", code: "010.01", title: "Air Law 1", learning_objectives: [], page_count: 2 },
    { id: 11, subject: "050", code: "050.01", title: "Met 1", learning_objectives: [], page_count: 2 },
  ]);
  await db.courseDates.bulkPut([
    { moduleId: 301, start: "2026-11-01", end: "2026-11-10" },
    { moduleId: 302, start: "2026-11-11", end: "2026-11-30" },
  ]);
  return scope;
}

function progressTest(
  id: string,
  progressTestId: number,
  finished: string,
  result: Partial<TestResult> | null,
  marked = true,
) {
  const outcome = result ? ({ pass: false, percentage: 0, ...result } as TestResult) : null;
  return {
    id,
    title: "Progress test",
    test_type: "progress_test",
    display_answers: "after_test",
    time_limit: null,
    pass_percentage: 75,
    question_ids: [],
    question_versions: [],
    started: finished,
    finished,
    ended: "finished",
    can_retake: true,
    hide_results: false,
    retake_of: null,
    progress_test_id: progressTestId,
    predicted: marked ? null : outcome,
    marked: marked ? outcome : null,
    position: 0,
  } as LocalUserTest;
}

describe("the device's 'My Progress' data (offline, with the server's rule)", () => {
  beforeEach(resetDatabases);

  it("Full Course first (more than one module), then one tab per module, titled", async () => {
    const scope = await course();
    const data = await readCourseProgress(scope.db, NOW);
    expect(data.scopes.map((s) => [s.tab, s.label])).toEqual([
      ["full-course", "Full Course"],
      ["module-301", "Air Law"],
      ["module-302", "Meteorology"],
    ]);
    expect(data.today).toBe("2026-11-21");
    expect(data.scopes[0]?.reply.averaged[0].Data.at(-1)).toEqual({ date: "2026-11-30", Percent: 100 });
  });

  it("a lesson read to its last page counts on the day it was read; a progress test when first passed", async () => {
    const scope = await course();
    // The scope's clock is 21 November 2026.
    await recordLessonPage(scope, 1, 2);
    await scope.db.userTests.bulkPut([
      progressTest("a", 1, "2026-11-15T10:00:00.000Z", { pass: false, percentage: 50 }),
      // Passed, as the device predicts before the server's marking arrives.
      progressTest("b", 1, "2026-11-16T10:00:00.000Z", { pass: true, percentage: 90 }, false),
    ]);
    const data = await readCourseProgress(scope.db, NOW);
    const airLaw = data.scopes.find((s) => s.tab === "module-301")?.reply;
    const completed = Object.fromEntries(airLaw?.averaged[1].Data.map((p) => [p.date, p.Percent]) ?? []);
    expect(completed).toMatchObject({ "2026-11-16": 50, "2026-11-21": 100 });
    expect(airLaw?.summary).toEqual({
      lessons: { completed: 1, total: 1 },
      progress_tests: { completed: 1, total: 1, score: 90 },
    });
    const full = data.scopes[0]?.reply;
    expect(full?.averaged[1].Data.at(-1)).toEqual({ date: "2026-11-21", Percent: 50 });
  });

  it("one module: no Full Course tab", async () => {
    const scope = await course();
    await scope.db.modules.delete(302);
    const data = await readCourseProgress(scope.db, NOW);
    expect(data.scopes.map((s) => s.tab)).toEqual(["module-301"]);
  });
});
