/**
 * Editing course dates (spec study: Edit course dates modal). One intent: the new dates go into
 * the device's copy and `POST /profile/course-dates` into the outbox, in one transaction. The
 * syllabus step's cursor is dropped with them, so the next pull after the server has decided
 * brings its dates back whatever it decided.
 */
import {
  CLASS_MANAGED_REFUSAL,
  type CourseDateRow,
  validateCourseDates,
} from "@preflight/sync-protocol/rules/course-dates";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { type LocalScope, runAction } from "../outbox/action.ts";
import { cursorKey } from "../pull/steps/cursor.ts";
import { getMeta, type UserDb } from "../store/db.ts";

export type CourseDatesRefusal = "course_not_on_device" | "class_managed" | "unknown_modules" | "invalid_dates";

/** Dates the server would refuse, caught before anything is queued; `message` lists each problem. */
export class CourseDatesError extends Error {
  constructor(
    readonly reason: CourseDatesRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** A module of the student's course with its dates, in module order ("" for a date not set yet). */
export interface CourseRow {
  moduleId: number;
  title: string;
  start: string;
  end: string;
  /** The module has dates on the device; a module without is planned by setting both. */
  dated: boolean;
}

/**
 * The rows the dates rule judges: every dated module, and an undated one as soon as either of
 * its dates is typed (both are then needed). An undated module left blank is simply not planned.
 */
export function plannedRows(rows: readonly CourseRow[]): CourseDateRow[] {
  return rows
    .filter((r) => r.dated || r.start !== "" || r.end !== "")
    .map((r) => ({ module_id: r.moduleId, start: r.start, end: r.end }));
}

export interface Course {
  syllabusId: number;
  syllabusName: string;
  classManaged: boolean;
  rows: CourseRow[];
}

/** The student's course as the device holds it: every module, with its dates where it has them. */
export async function readCourse(db: UserDb): Promise<Course | null> {
  const syllabus = await getMeta<{ id: number; title: string }>(db, "syllabus");
  if (!syllabus) return null;
  const profile = await getMeta<PulledProfile>(db, "profile");
  const modules = await db.modules.orderBy("position").toArray();
  const dates = new Map((await db.courseDates.toArray()).map((d) => [d.moduleId, d]));
  return {
    syllabusId: syllabus.id,
    syllabusName: syllabus.title,
    classManaged: (profile?.class_name ?? null) !== null,
    rows: modules.map((m) => {
      const d = dates.get(m.id);
      return { moduleId: m.id, title: m.title, start: d?.start ?? "", end: d?.end ?? "", dated: d !== undefined };
    }),
  };
}

/** Saves the student's new dates (any of their course's modules); returns the rows as saved. */
export async function updateCourseDates(
  scope: LocalScope,
  changes: { moduleId: number; start: string; end: string }[],
): Promise<CourseRow[]> {
  const { db } = scope;
  return runAction(scope, [db.courseDates, db.modules], async (ctx) => {
    const course = await readCourse(db);
    if (!course)
      throw new CourseDatesError("course_not_on_device", "Your course is not on this device yet; please sync first.");
    if (course.classManaged) throw new CourseDatesError("class_managed", CLASS_MANAGED_REFUSAL);
    const byModule = new Map(changes.map((c) => [c.moduleId, c]));
    const known = new Set(course.rows.map((r) => r.moduleId));
    const unknown = changes.filter((c) => !known.has(c.moduleId)).map((c) => c.moduleId);
    if (unknown.length) throw new CourseDatesError("unknown_modules", `Unknown modules: ${unknown.join(", ")}`);
    const rows = course.rows.map((r) => ({ ...r, ...byModule.get(r.moduleId) }));
    const issues = validateCourseDates(plannedRows(rows), ctx.now);
    if (issues.length) throw new CourseDatesError("invalid_dates", issues.map((i) => i.message).join("\n"));
    const changed = rows.filter((r) => byModule.has(r.moduleId));
    if (changed.length === 0) return rows;
    await db.courseDates.bulkPut(changed.map((r) => ({ moduleId: r.moduleId, start: r.start, end: r.end })));
    for (const r of changed) r.dated = true;
    await db.meta.delete(cursorKey("syllabus"));
    await ctx.enqueue(
      "POST /profile/course-dates",
      {},
      {
        syllabus_id: course.syllabusId,
        modules: changed.map((r) => ({ module_id: r.moduleId, start: r.start, end: r.end })),
      },
    );
    return rows;
  });
}
