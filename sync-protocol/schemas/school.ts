/**
 * The school area (issue 20): an instructor's classes and each class's overview. Instructors
 * only (the route entries' role), and only their own school's classes: another school's class is
 * answered as one that does not exist (404), so its id tells nothing.
 *
 *   GET /school/classes
 *       → { school: { id, name }, classes: [{ id, name, students }] }
 *   GET /school/classes/{class_id}
 *       → { school, class: { id, name }, as_of, subjects: [{ code, title }], students: [ClassStudent] }
 *
 * Every figure of a student is worked out on the server from the student's records with the
 * rules their own device uses (course-progress.ts, analysis.ts, readiness.ts), over what the
 * student may see of their own tests: nothing the student keeps to themselves is in it.
 */
import { z } from "zod";

export const SCHOOL_MESSAGES = {
  /** A class id that is not one of the instructor's school's (or none at all). */
  classNotFound: "There is no class with this id in your school.",
  /** An instructor's account without a school (refused rather than guessed). */
  noSchool: "Your instructor account is not linked to a school.",
} as const;

export const schoolSchema = z.object({ id: z.number().int(), name: z.string() });

export const schoolClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Students in the class. */
  students: z.number().int().nonnegative(),
});
export type SchoolClass = z.infer<typeof schoolClassSchema>;

export const schoolClassesReplySchema = z.object({ school: schoolSchema, classes: z.array(schoolClassSchema) });
export type SchoolClassesReply = z.infer<typeof schoolClassesReplySchema>;

/** A class id as classes name them: letters, digits, - and _. */
export const classParamsSchema = z.object({
  class_id: z
    .string()
    .min(1, "class_id must not be empty")
    .max(64, "class_id must be at most 64 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "class_id must be letters, digits, - or _"),
});

const percent = z.number().min(0).max(100);
const share = z.number().min(0).max(1);

/** A subject's exam readiness as the student's own Analysis page shows it (rules/readiness.ts). */
export const studentReadinessSchema = z.discriminatedUnion("kind", [
  z.object({ subject: z.string(), kind: z.literal("estimate"), chance: share, low: share, high: share }),
  z.object({ subject: z.string(), kind: z.literal("too_few"), needed: z.number().int().positive() }),
]);
export type StudentReadiness = z.infer<typeof studentReadinessSchema>;

export const classStudentSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** The school's number for the student (spec: student_id). */
  student_id: z.string().nullable(),
  /** Progress against the course dates today (rules/course-progress.ts courseStanding). */
  course: z.object({
    completed: percent,
    planned: percent.nullable(),
    standing: z.enum(["ahead", "on_plan", "behind", "no_dates"]),
  }),
  lessons: z.object({ completed: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  progress_tests: z.object({ passed: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  /** The mean of the student's mock exam scores (rules/analysis.ts overallMockExamScore); null before any. */
  mock_exams: z.object({ average: percent.nullable(), scores: z.number().int().nonnegative() }),
  /** The student's last activity on the server (ISO time); null when never. */
  last_active_at: z.string().nullable(),
  /** Per subject of the class's syllabus, in `subjects` order. */
  readiness: z.array(studentReadinessSchema),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

export const classOverviewReplySchema = z.object({
  school: schoolSchema,
  class: z.object({ id: z.string(), name: z.string() }),
  /** When the figures were worked out (the server's clock, ISO time). */
  as_of: z.string(),
  /** The subjects the readiness columns name, in code order. */
  subjects: z.array(z.object({ code: z.string(), title: z.string() })),
  students: z.array(classStudentSchema),
});
export type ClassOverviewReply = z.infer<typeof classOverviewReplySchema>;
