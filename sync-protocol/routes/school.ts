import { classOverviewReplySchema, classParamsSchema, schoolClassesReplySchema } from "../schemas/school.ts";
import {
  classCourseDatesReplySchema,
  classCourseDatesUpdateReplySchema,
  classCourseDatesUpdateSchema,
} from "../schemas/school-course-dates.ts";
import { route } from "./route.ts";

/**
 * The school area (issue 20): an instructor's classes, a class's overview and its course dates.
 * Instructors only (the entries' role); the handler checks the class against the instructor's
 * school.
 */
export const schoolRoutes = {
  schoolClasses: route({
    method: "GET",
    path: "/school/classes",
    auth: "instructor",
    reply: schoolClassesReplySchema,
  }),
  classOverview: route({
    method: "GET",
    path: "/school/classes/{class_id}",
    auth: "instructor",
    params: classParamsSchema,
    reply: classOverviewReplySchema,
  }),
  classCourseDates: route({
    method: "GET",
    path: "/school/classes/{class_id}/course-dates",
    auth: "instructor",
    params: classParamsSchema,
    reply: classCourseDatesReplySchema,
  }),
  updateClassCourseDates: route({
    method: "PUT",
    path: "/school/classes/{class_id}/course-dates",
    auth: "instructor",
    params: classParamsSchema,
    body: classCourseDatesUpdateSchema,
    reply: classCourseDatesUpdateReplySchema,
  }),
};
