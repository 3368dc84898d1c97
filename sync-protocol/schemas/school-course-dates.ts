/**
 * A class's course dates, managed by its school's instructor (issue 20; spec study §5: a class's
 * students have their dates managed for the class). Instructors only, and only their own
 * school's classes (another school's class is answered as one that does not exist).
 *
 *   GET /school/classes/{class_id}/course-dates
 *       → { class: { id, name }, course: [{ syllabus_id, syllabus_name, students, modules }] }
 *   PUT /school/classes/{class_id}/course-dates   { syllabus_id, modules: [{ module_id, start, end }] }
 *       → { success: true, message, class, course }   (the class's dates after the change)
 *
 * The course is given per syllabus the class's students study (and any the class already has
 * dates for), with every module of it in module order: `start` and `end` as YYYY-MM-DD, or null
 * for a module the class has no dates for yet. The PUT body is the student's own
 * (POST /profile/course-dates, profile.ts), and it replaces the class's dates for that syllabus:
 * the modules named are the class's dates from then on, a module not named has none. It is
 * checked with the rule the student's editor uses (rules/course-dates.ts) over the modules in
 * module order, and written in one transaction. Each student of the class gets the new dates on
 * their next sync: the syllabus step's digest covers the course dates.
 */
import { z } from "zod";
import { courseDatesUpdateSchema } from "./profile.ts";

export const CLASS_COURSE_DATES_MESSAGES = {
  /** The success reply's message (spec study 8: success shows the server's message). */
  updated: "The class's course dates have been updated.",
  /** A syllabus no student of the class studies and the class has no dates for. */
  notClassSyllabus: "syllabus_id: no student of this class studies this syllabus",
  unknownModules: (ids: number[]) => `Unknown module ids for this syllabus: ${ids.join(", ")}`,
} as const;

export const classCourseDateModuleSchema = z.object({
  module_id: z.number().int(),
  title: z.string(),
  /** YYYY-MM-DD, or null when the class has no dates for the module yet. */
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type ClassCourseDateModule = z.infer<typeof classCourseDateModuleSchema>;

export const classCourseSchema = z.object({
  syllabus_id: z.number().int(),
  syllabus_name: z.string(),
  /** The class's students who study this syllabus: the ones its dates reach. */
  students: z.number().int().nonnegative(),
  /** Every module of the syllabus, in module order. */
  modules: z.array(classCourseDateModuleSchema),
});
export type ClassCourse = z.infer<typeof classCourseSchema>;

export const classCourseDatesReplySchema = z.object({
  class: z.object({ id: z.string(), name: z.string() }),
  course: z.array(classCourseSchema),
});
export type ClassCourseDatesReply = z.infer<typeof classCourseDatesReplySchema>;

/** The student's own body: one syllabus's modules, each with its start and end. */
export const classCourseDatesUpdateSchema = courseDatesUpdateSchema;
export type ClassCourseDatesUpdate = z.infer<typeof classCourseDatesUpdateSchema>;

export const classCourseDatesUpdateReplySchema = classCourseDatesReplySchema.extend({
  success: z.literal(true),
  message: z.string(),
});
export type ClassCourseDatesUpdateReply = z.infer<typeof classCourseDatesUpdateReplySchema>;
