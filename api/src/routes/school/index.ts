/**
 * The school area (issue 20; sync-protocol/schemas/school.ts). Instructors only (the entries'
 * role: anyone else is refused with 403 before anything runs), and every class an instructor
 * names is checked against their own school here: another school's class is a 404, worded as
 * one that does not exist.
 *
 *   GET /school/classes             the instructor's school and its classes
 *   GET /school/classes/{class_id}  the class overview: each student's figures
 *   GET /school/classes/{class_id}/course-dates  the class's course dates (course-dates.ts)
 *   PUT /school/classes/{class_id}/course-dates  replaces them for one syllabus
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import type { ClassOverviewReply, SchoolClassesReply } from "@preflight/sync-protocol/schemas/school";
import {
  CLASS_COURSE_DATES_MESSAGES,
  type ClassCourseDatesReply,
  type ClassCourseDatesUpdateReply,
} from "@preflight/sync-protocol/schemas/school-course-dates";
import { Hono } from "hono";
import type { AppDeps, AppEnv, AuthedUser } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { classCourse, replaceClassCourseDates } from "./course-dates.ts";
import { instructorClass, instructorSchool } from "./instructor.ts";
import { classOverview, classStudents, schoolClasses } from "./queries.ts";

export function schoolRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  const schoolOf = (user: AuthedUser) => instructorSchool(deps, user);

  mount(routes.schoolClasses, async (c) => {
    const school = await schoolOf(c.var.user);
    return c.json({ school, classes: await schoolClasses(deps.db, school.id) } satisfies SchoolClassesReply);
  });

  const classOf = (user: AuthedUser, classId: string) => instructorClass(deps, user, classId);

  mount(routes.classOverview, async (c, { params }) => {
    const { school, found } = await classOf(c.var.user, params.class_id);
    const now = deps.clock.now();
    const overview = await classOverview(deps.db, await classStudents(deps.db, found.id), now);
    return c.json({
      school,
      class: found,
      as_of: now.toISOString(),
      ...overview,
    } satisfies ClassOverviewReply);
  });

  mount(routes.classCourseDates, async (c, { params }) => {
    const { found } = await classOf(c.var.user, params.class_id);
    return c.json({ class: found, course: await classCourse(deps.db, found.id) } satisfies ClassCourseDatesReply);
  });

  mount(routes.updateClassCourseDates, async (c, { params, body }) => {
    const { found } = await classOf(c.var.user, params.class_id);
    await replaceClassCourseDates(deps, found.id, body);
    return c.json({
      success: true,
      message: CLASS_COURSE_DATES_MESSAGES.updated,
      class: found,
      course: await classCourse(deps.db, found.id),
    } satisfies ClassCourseDatesUpdateReply);
  });

  return app;
}
