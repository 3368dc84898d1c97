import type { ClassStudent } from "@preflight/sync-protocol/schemas/school";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SORT,
  filterStudents,
  lastActiveText,
  NO_FILTER,
  nextSort,
  percentText,
  readinessCell,
  sortStudents,
} from "./model.ts";

function student(over: Partial<ClassStudent> & Pick<ClassStudent, "firstname" | "lastname">): ClassStudent {
  return {
    id: `${over.firstname}-${over.lastname}`,
    email: `${over.firstname.toLowerCase()}@preflight.test`,
    student_id: null,
    course: { completed: 40, planned: 50, standing: "behind" },
    lessons: { completed: 4, total: 12 },
    progress_tests: { passed: 1, total: 2 },
    mock_exams: { average: 70, scores: 2 },
    last_active_at: "2026-11-20T10:00:00.000Z",
    readiness: [],
    ...over,
  };
}

const ada = student({
  firstname: "Ada",
  lastname: "Zephyr",
  student_id: "PFA-1",
  course: { completed: 80, planned: 50, standing: "ahead" },
  mock_exams: { average: 91.5, scores: 3 },
  readiness: [{ subject: "010", kind: "estimate", chance: 0.9, low: 0.8, high: 0.95 }],
});
const ben = student({
  firstname: "Ben",
  lastname: "Airey",
  course: { completed: 20, planned: null, standing: "no_dates" },
  mock_exams: { average: null, scores: 0 },
  last_active_at: null,
  readiness: [{ subject: "010", kind: "too_few", needed: 8 }],
});
const cleo = student({
  firstname: "Cleo",
  lastname: "Mistral",
  readiness: [{ subject: "010", kind: "estimate", chance: 0.4, low: 0.2, high: 0.6 }],
});
const names = (list: ClassStudent[]) => list.map((s) => s.lastname);

describe("class overview: sorting", () => {
  it("starts by last name, and a header pressed again turns the order around", () => {
    expect(names(sortStudents([ada, ben, cleo], DEFAULT_SORT))).toEqual(["Airey", "Mistral", "Zephyr"]);
    const reversed = nextSort(DEFAULT_SORT, { column: "name" });
    expect(reversed.descending).toBe(true);
    expect(names(sortStudents([ada, ben, cleo], reversed))).toEqual(["Zephyr", "Mistral", "Airey"]);
  });

  it("sorts a figure column highest first, students without the figure last either way", () => {
    const mocks = nextSort(DEFAULT_SORT, { column: "mock_exams" });
    expect(mocks.descending).toBe(true);
    expect(names(sortStudents([ben, cleo, ada], mocks))).toEqual(["Zephyr", "Mistral", "Airey"]);
    expect(names(sortStudents([ben, cleo, ada], nextSort(mocks, { column: "mock_exams" })))).toEqual([
      "Mistral",
      "Zephyr",
      "Airey",
    ]);
  });

  it("sorts the course column by how far ahead of the plan a student is", () => {
    const course = nextSort(DEFAULT_SORT, { column: "course" });
    expect(names(sortStudents([cleo, ben, ada], course))).toEqual(["Zephyr", "Mistral", "Airey"]);
  });

  it("sorts by one subject's readiness, the most ready first", () => {
    const sort = nextSort(DEFAULT_SORT, { column: "readiness", subject: "010" });
    expect(names(sortStudents([ben, cleo, ada], sort))).toEqual(["Zephyr", "Mistral", "Airey"]);
  });
});

describe("class overview: filtering", () => {
  it("keeps the students whose name, address or number holds every word", () => {
    expect(names(filterStudents([ada, ben, cleo], { ...NO_FILTER, text: "ada" }))).toEqual(["Zephyr"]);
    expect(names(filterStudents([ada, ben, cleo], { ...NO_FILTER, text: "pfa-1" }))).toEqual(["Zephyr"]);
    expect(names(filterStudents([ada, ben, cleo], { ...NO_FILTER, text: "cleo mistral" }))).toEqual(["Mistral"]);
    expect(filterStudents([ada, ben, cleo], { ...NO_FILTER, text: "nobody" })).toEqual([]);
  });

  it("keeps the students of one standing against the plan", () => {
    expect(names(filterStudents([ada, ben, cleo], { text: "", standing: "behind" }))).toEqual(["Mistral"]);
    expect(names(filterStudents([ada, ben, cleo], { text: "", standing: "all" }))).toHaveLength(3);
  });
});

describe("class overview: words", () => {
  const now = Date.parse("2026-11-21T09:00:00.000Z");
  it("says when a student was last active in days", () => {
    expect(lastActiveText("2026-11-21T07:00:00.000Z", now)).toBe("today");
    expect(lastActiveText("2026-11-20T07:00:00.000Z", now)).toBe("yesterday");
    expect(lastActiveText("2026-11-16T07:00:00.000Z", now)).toBe("5 days ago");
    expect(lastActiveText(null, now)).toBe("never");
    expect(lastActiveText("2026-09-01T07:00:00.000Z", now)).toBe("1 Sept 2026");
  });

  it("says a readiness figure, or why there is none", () => {
    expect(readinessCell({ subject: "010", kind: "estimate", chance: 0.62, low: 0.5, high: 0.7 })).toEqual({
      text: "62%",
      label: "62% chance of passing now",
    });
    expect(readinessCell({ subject: "010", kind: "too_few", needed: 3 }).label).toBe(
      "not enough answers yet (3 more needed)",
    );
    expect(percentText(null)).toBe("—");
    expect(percentText(62.5)).toBe("62.5%");
    expect(percentText(70)).toBe("70%");
  });
});
