import "fake-indexeddb/auto";
import { routes } from "@preflight/sync-protocol/routes/index";
import { CLASS_MANAGED_REFUSAL } from "@preflight/sync-protocol/rules/course-dates";
import { beforeEach, describe, expect, it } from "vitest";
import { cursorKey } from "../pull/steps/cursor.ts";
import { pullSyllabus } from "../pull/steps/syllabus.ts";
import { getMeta, type UserDb } from "../store/db.ts";
import { resetDatabases, STUDENT, signedInScope, stepAnswers } from "../test-support.ts";
import { CourseDatesError, readCourse, updateCourseDates } from "./course-dates.ts";

async function seedCourse(db: UserDb, className: string | null = null) {
  await db.meta.bulkPut([
    { key: "syllabus", value: { id: 3, title: "ATPL(A) 2020" } },
    { key: "profile", value: { ...STUDENT, class_name: className } },
    { key: cursorKey("syllabus"), value: "0123456789abcdef" },
  ]);
  await db.modules.bulkPut([
    { id: 302, title: "Meteorology", position: 2, prerequisite_module_id: 301, parts: [], restrictions: {} },
    { id: 301, title: "Air Law", position: 1, prerequisite_module_id: null, parts: [], restrictions: {} },
  ]);
  await db.courseDates.bulkPut([
    { moduleId: 301, start: "2026-12-01", end: "2027-01-29" },
    { moduleId: 302, start: "2027-02-01", end: "2027-03-31" },
  ]);
}

describe("course dates on the device", () => {
  beforeEach(resetDatabases);

  it("reads the course in module order, class-managed when the student is in a class", async () => {
    const scope = await signedInScope();
    await seedCourse(scope.db);
    expect(await readCourse(scope.db)).toEqual({
      syllabusId: 3,
      syllabusName: "ATPL(A) 2020",
      classManaged: false,
      rows: [
        { moduleId: 301, title: "Air Law", start: "2026-12-01", end: "2027-01-29", dated: true },
        { moduleId: 302, title: "Meteorology", start: "2027-02-01", end: "2027-03-31", dated: true },
      ],
    });
  });

  it("[OB1] saves the changed dates and queues them in one transaction; the syllabus cursor is dropped", async () => {
    const scope = await signedInScope();
    await seedCourse(scope.db);
    await updateCourseDates(scope, [{ moduleId: 302, start: "2027-02-02", end: "2027-04-30" }]);
    expect(await scope.db.courseDates.get(302)).toEqual({ moduleId: 302, start: "2027-02-02", end: "2027-04-30" });
    expect((await scope.db.outbox.toArray()).map((e) => [e.call, e.body])).toEqual([
      [
        "POST /profile/course-dates",
        { syllabus_id: 3, modules: [{ module_id: 302, start: "2027-02-02", end: "2027-04-30" }] },
      ],
    ]);
    expect(await getMeta(scope.db, cursorKey("syllabus"))).toBeUndefined();
    expect(scope.nudges).toBe(1);
  });

  it.each([
    [
      [{ moduleId: 301, start: "2027-01-10", end: "2027-01-01" }],
      "invalid_dates",
      "Start date must be before the end date",
    ],
    [[{ moduleId: 302, start: "2027-01-20", end: "2027-03-31" }], "invalid_dates", "Modules must not overlap"],
    [[{ moduleId: 999, start: "2027-01-01", end: "2027-01-02" }], "unknown_modules", "Unknown modules: 999"],
  ])("[OB3] refuses %j before queuing anything", async (changes, reason, message) => {
    const scope = await signedInScope();
    await seedCourse(scope.db);
    const refusal = await updateCourseDates(scope, changes).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(CourseDatesError);
    expect(refusal).toMatchObject({ reason, message: expect.stringContaining(message) });
    expect(await scope.db.outbox.count()).toBe(0);
    expect(await scope.db.courseDates.get(301)).toMatchObject({ start: "2026-12-01" });
  });

  it("lists a module without dates blank; the student plans it by setting both dates, one alone is refused", async () => {
    const scope = await signedInScope();
    await seedCourse(scope.db);
    await scope.db.courseDates.delete(302);
    expect((await readCourse(scope.db))?.rows[1]).toEqual({
      moduleId: 302,
      title: "Meteorology",
      start: "",
      end: "",
      dated: false,
    });

    await expect(updateCourseDates(scope, [{ moduleId: 302, start: "2027-02-01", end: "" }])).rejects.toMatchObject({
      reason: "invalid_dates",
      message: "Enter a date as YYYY-MM-DD",
    });
    expect(await scope.db.outbox.count()).toBe(0);

    const rows = await updateCourseDates(scope, [{ moduleId: 302, start: "2027-02-01", end: "2027-03-31" }]);
    expect(rows[1]).toMatchObject({ start: "2027-02-01", end: "2027-03-31", dated: true });
    expect(await scope.db.courseDates.get(302)).toEqual({ moduleId: 302, start: "2027-02-01", end: "2027-03-31" });
    expect((await scope.db.outbox.toArray()).map((e) => e.body)).toEqual([
      { syllabus_id: 3, modules: [{ module_id: 302, start: "2027-02-01", end: "2027-03-31" }] },
    ]);
  });

  it("a module left without dates is not judged: another module's new dates save", async () => {
    const scope = await signedInScope();
    await seedCourse(scope.db);
    await scope.db.courseDates.delete(302);
    await updateCourseDates(scope, [{ moduleId: 301, start: "2026-12-02", end: "2027-01-29" }]);
    expect(await scope.db.courseDates.get(301)).toMatchObject({ start: "2026-12-02" });
    expect(await scope.db.courseDates.get(302)).toBeUndefined();
  });

  it("refuses a class's student on the device too", async () => {
    const scope = await signedInScope();
    await seedCourse(scope.db, "ATPL Integrated 2026-A");
    await expect(
      updateCourseDates(scope, [{ moduleId: 301, start: "2026-12-02", end: "2027-01-29" }]),
    ).rejects.toMatchObject({ reason: "class_managed", message: CLASS_MANAGED_REFUSAL });
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("[PL5] a syllabus pull keeps dates still in the outbox, and its cursor stays unset until they are sent", async () => {
    const scope = await signedInScope();
    await seedCourse(scope.db);
    await updateCourseDates(scope, [{ moduleId: 301, start: "2026-12-02", end: "2027-01-29" }]);
    const reply = {
      success: true,
      cursor: "fedcba9876543210",
      changed: true,
      syllabus: {
        id: 3,
        title: "ATPL(A) 2020",
        licence: "ATPL(A)",
        edition: "2020",
        include_examples: true,
        active: true,
      },
      modules: [],
      lessons: [],
      course_dates: [{ module_id: 301, start: "2026-12-01", end: "2027-01-29" }],
      content_versions: { bank: "abc" },
    };
    const call = stepAnswers(routes.pullSyllabus, reply);
    expect(await pullSyllabus(scope.db, call)).toEqual({ deferred: true });
    expect(await scope.db.courseDates.get(301)).toMatchObject({ start: "2026-12-02" });
    expect(await getMeta(scope.db, cursorKey("syllabus"))).toBeUndefined();
    await scope.db.outbox.clear();
    expect(await pullSyllabus(scope.db, call)).toEqual({ deferred: false });
    expect(await scope.db.courseDates.get(301)).toMatchObject({ start: "2026-12-01" });
    expect(await getMeta(scope.db, cursorKey("syllabus"))).toBe("fedcba9876543210");
  });
});
