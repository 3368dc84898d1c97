/**
 * What the school area reads (issue 20): an instructor's school and its classes, and a class's
 * overview: each student's figures worked out from their records with the rules the student's
 * own device uses (sync-protocol rules), read with the same server reads the student's own
 * routes use (course progress, analysis), so the school sees what the student sees of
 * themselves and nothing more.
 */

import { bankSubjects, overallMockExamScore } from "@preflight/sync-protocol/rules/analysis";
import { courseProgress, courseStanding } from "@preflight/sync-protocol/rules/course-progress";
import { examReadiness, readinessInput } from "@preflight/sync-protocol/rules/readiness";
import type { ClassStudent, SchoolClassesReply } from "@preflight/sync-protocol/schemas/school";
import type { Db } from "../../db/schema.ts";
import { analysisInput } from "../analysis/queries.ts";
import { completionFacts } from "../course-progress/queries.ts";
import { questionStats } from "../question/queries.ts";
import { studentModules } from "../syllabus/queries.ts";

export async function schoolRow(db: Db, schoolId: number) {
  return db.selectFrom("schools").select(["id", "name"]).where("id", "=", schoolId).executeTakeFirst();
}

/** The school's classes by name, each with its number of students. */
export async function schoolClasses(db: Db, schoolId: number): Promise<SchoolClassesReply["classes"]> {
  const rows = await db
    .selectFrom("classes")
    .leftJoin("users", (join) => join.onRef("users.class_id", "=", "classes.id").on("users.role", "=", "student"))
    .select((eb) => ["classes.id", "classes.name", eb.fn.count<number>("users.id").as("students")])
    .where("classes.school_id", "=", schoolId)
    .groupBy(["classes.id", "classes.name"])
    .orderBy("classes.name")
    .orderBy("classes.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, students: Number(r.students) }));
}

/** The class, when it is one of this school's; undefined otherwise (another school's, or none). */
export async function classOfSchool(db: Db, schoolId: number, classId: string) {
  return db
    .selectFrom("classes")
    .select(["id", "name"])
    .where("id", "=", classId)
    .where("school_id", "=", schoolId)
    .executeTakeFirst();
}

/** The class's students (role student), by last name, first name. */
export function classStudents(db: Db, classId: string) {
  return db
    .selectFrom("users")
    .select(["id", "firstname", "lastname", "email", "student_id", "syllabus_id"])
    .where("class_id", "=", classId)
    .where("role", "=", "student")
    .orderBy("lastname")
    .orderBy("firstname")
    .orderBy("id")
    .execute();
}

/**
 * Each student's last activity: the latest of their activity stamp (the app's /user-active), the
 * device time of their latest answer and test start, and their latest lesson reading. Device
 * times, so a change made offline counts from when it was made, not when it reached the server.
 */
async function lastActivity(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (userIds.length === 0) return out;
  const keep = (id: string, at: unknown) => {
    if (typeof at !== "string" || Number.isNaN(Date.parse(at))) return;
    const held = out.get(id);
    if (held === undefined || Date.parse(at) > Date.parse(held)) out.set(id, at);
  };
  const [stamps, answers, tests, lessons] = await Promise.all([
    db
      .selectFrom("user_activity")
      .select(["user_id", "last_active_at as at"])
      .where("user_id", "in", userIds)
      .execute(),
    db
      .selectFrom("answers")
      .select((eb) => ["user_id", eb.fn.max("created_at").as("at")])
      .where("user_id", "in", userIds)
      .groupBy("user_id")
      .execute(),
    db
      .selectFrom("user_tests")
      .select((eb) => ["user_id", eb.fn.max("started").as("at")])
      .where("user_id", "in", userIds)
      .groupBy("user_id")
      .execute(),
    db
      .selectFrom("lesson_progress")
      .select((eb) => ["user_id", eb.fn.max("updated_at").as("at")])
      .where("user_id", "in", userIds)
      .groupBy("user_id")
      .execute(),
  ]);
  for (const row of [...stamps, ...answers, ...tests, ...lessons]) keep(row.user_id, row.at);
  return out;
}

type StudentRow = Awaited<ReturnType<typeof classStudents>>[number];

/**
 * The class overview's figures of each student, and the subjects of their banks (code order).
 * Students are worked out one after another: a class is tens of students, and one at a time
 * keeps a busy server's connections for everyone else.
 */
export async function classOverview(
  db: Db,
  students: StudentRow[],
  now: Date,
): Promise<{ subjects: { code: string; title: string }[]; students: ClassStudent[] }> {
  const stats = await questionStats(db);
  const active = await lastActivity(
    db,
    students.map((s) => s.id),
  );
  const subjects = new Map<string, string>();
  /** Whether a student has answers counted in a subject, by "student:subject". */
  const answersIn = new Map<string, boolean>();
  const out: ClassStudent[] = [];
  for (const s of students) {
    const base = {
      id: s.id,
      firstname: s.firstname,
      lastname: s.lastname,
      email: s.email,
      student_id: s.student_id,
      last_active_at: active.get(s.id) ?? null,
    };
    if (s.syllabus_id === null) {
      out.push({
        ...base,
        course: { completed: 0, planned: null, standing: "no_dates" },
        lessons: { completed: 0, total: 0 },
        progress_tests: { passed: 0, total: 0 },
        mock_exams: { average: null, scores: 0 },
        readiness: [],
      });
      continue;
    }
    const [modules, facts, input] = await Promise.all([
      studentModules(db, { id: s.id, syllabus_id: s.syllabus_id }),
      completionFacts(db, s.id),
      analysisInput(db, s.id, s.syllabus_id),
    ]);
    const progress = courseProgress(modules, facts, now);
    for (const subject of bankSubjects(input)) subjects.set(subject.code, subject.title);
    out.push({
      ...base,
      course: courseStanding(progress, now),
      lessons: progress.summary.lessons,
      progress_tests: {
        passed: progress.summary.progress_tests.completed,
        total: progress.summary.progress_tests.total,
      },
      mock_exams: overallMockExamScore(input),
      readiness: examReadiness(readinessInput(input, stats, now.getTime())).map((r) => {
        answersIn.set(`${s.id}:${r.subject}`, r.answers > 0);
        return r.kind === "estimate"
          ? { subject: r.subject, kind: r.kind, chance: r.chance, low: r.low, high: r.high }
          : { subject: r.subject, kind: r.kind, needed: r.needed };
      }),
    });
  }
  // The subjects the class has answered in (a bank's other subjects would be a row of dashes).
  const answered = new Set(
    out.flatMap((s) => s.readiness.flatMap((r) => (answersIn.get(`${s.id}:${r.subject}`) ? [r.subject] : []))),
  );
  const shown = [...subjects].filter(([code]) => answered.has(code)).sort(([a], [b]) => a.localeCompare(b));
  return {
    subjects: shown.map(([code, title]) => ({ code, title })),
    students: out.map((s) => ({
      ...s,
      readiness: shown.flatMap(([code]) => s.readiness.filter((r) => r.subject === code)),
    })),
  };
}
