/**
 * POST /profile/course-dates (spec study: Edit course dates modal, section 5): the student's own
 * start and end of modules of their syllabus. A student in a class has them managed for the
 * class and is refused. The dates are checked with the shared rule against the whole course
 * (these dates over the ones held), so what is stored never overlaps.
 */
import { randomUUID } from "node:crypto";
import {
  CLASS_MANAGED_REFUSAL,
  COURSE_DATES_UPDATED_MESSAGE,
  type CourseDateRow,
  courseDateIssuesText,
  validateCourseDates,
} from "@preflight/sync-protocol/rules/course-dates";
import type { CourseDatesReply, CourseDatesUpdate } from "@preflight/sync-protocol/schemas/profile";
import type { CourseDate } from "@preflight/sync-protocol/schemas/pull";
import type { Db } from "../../db/schema.ts";
import { courseDatesOf, syllabusById, syllabusModules } from "../../read/syllabus.ts";
import { readUser } from "../../read/user.ts";
import type { Effect } from "../../sync/effects.ts";
import { offlineAccountRefusal } from "./account.ts";

/** The student's course: their syllabus's modules in order, each with its dates (own over class). */
export async function courseOf(db: Db, userId: string) {
  const user = await readUser(db, userId);
  if (!user || user.syllabus_id === null) return null;
  const [syllabus, modules] = await Promise.all([
    syllabusById(db, user.syllabus_id),
    syllabusModules(db, user.syllabus_id),
  ]);
  const dates = new Map(
    (
      await courseDatesOf(
        db,
        userId,
        user.class_id,
        modules.map((m) => m.id),
      )
    ).map((d) => [d.module_id, d]),
  );
  return {
    syllabus_id: user.syllabus_id,
    syllabus_name: syllabus?.title ?? "",
    class_managed: user.class_id !== null,
    modules: modules.map((m) => ({ id: m.id, title: m.title, position: m.position, dates: dates.get(m.id) ?? null })),
  };
}

function datesOf(course: NonNullable<Awaited<ReturnType<typeof courseOf>>>): CourseDate[] {
  return course.modules.flatMap((m) => (m.dates ? [m.dates] : []));
}

export const updateCourseDates: Effect = async (ctx, raw) => {
  const body = raw as CourseDatesUpdate;
  const offline = await offlineAccountRefusal(ctx);
  if (offline) return offline;
  const course = await courseOf(ctx.trx, ctx.user.id);
  if (!course || course.syllabus_id !== body.syllabus_id)
    return { status: "failed", error: { code: "bad_request", message: "syllabus_id: this is not your syllabus" } };
  if (course.class_managed) return { status: "failed", error: { code: "forbidden", message: CLASS_MANAGED_REFUSAL } };
  const known = new Set(course.modules.map((m) => m.id));
  const unknown = body.modules.filter((m) => !known.has(m.module_id)).map((m) => m.module_id);
  if (unknown.length)
    return {
      status: "failed",
      error: { code: "bad_request", message: `Unknown module ids for your syllabus: ${unknown.join(", ")}` },
    };

  const sent = new Map(body.modules.map((m) => [m.module_id, m]));
  const merged: CourseDateRow[] = course.modules.flatMap((m) => {
    const row = sent.get(m.id) ?? m.dates;
    return row ? [{ module_id: m.id, start: row.start, end: row.end }] : [];
  });
  const issues = validateCourseDates(merged, ctx.clock.now());
  if (issues.length) {
    const title = new Map(course.modules.map((m) => [m.id, m.title]));
    const message = courseDateIssuesText(issues, (id) => title.get(id) ?? String(id));
    return { status: "failed", error: { code: "bad_request", message } };
  }

  await ctx.trx
    .deleteFrom("course_dates")
    .where("user_id", "=", ctx.user.id)
    .where("module_id", "in", [...sent.keys()])
    .execute();
  await ctx.trx
    .insertInto("course_dates")
    .values(
      body.modules.map((m) => ({
        id: randomUUID(),
        class_id: null,
        user_id: ctx.user.id,
        module_id: m.module_id,
        start_date: m.start,
        end_date: m.end,
      })),
    )
    .execute();
  const after = await courseOf(ctx.trx, ctx.user.id);
  const reply: CourseDatesReply = {
    success: true,
    message: COURSE_DATES_UPDATED_MESSAGE,
    syncData: { pull: ["syllabus"] },
    course_dates: after ? datesOf(after) : [],
  };
  return { status: "applied", reply };
};

/** GET /api/syllabi_dates: the course dates per syllabus, for the modal of an online-only client. */
export async function syllabiDates(db: Db, userId: string) {
  const course = await courseOf(db, userId);
  if (!course) return { course: [], class_managed: false };
  return {
    class_managed: course.class_managed,
    course: [
      {
        syllabus_id: course.syllabus_id,
        syllabus_name: course.syllabus_name,
        modules: course.modules.flatMap((m) =>
          m.dates ? [{ module_id: m.id, title: m.title, start: m.dates.start, end: m.dates.end }] : [],
        ),
      },
    ],
  };
}
