/**
 * A class's course dates, managed by its school's instructor (issue 20;
 * sync-protocol/schemas/school-course-dates.ts). The class's rows of `course_dates` (class_id
 * set, user_id null) are the dates of every student of the class who has none of their own for
 * that module (read/syllabus.ts courseDatesOf), so what is written here reaches each of them on
 * their next sync: the syllabus step's digest covers the course dates it sends.
 *
 * A replace is checked with the rule the student's own editor and POST /profile/course-dates
 * use (rules/course-dates.ts), over the syllabus's modules in module order, and written in one
 * transaction with the class's row locked (PostgreSQL; SQLite has one writer), so two
 * instructors saving at once leave one set of dates, never a mix or two rows for a module.
 */
import { randomUUID } from "node:crypto";
import {
  type CourseDateRow,
  courseDateIssuesText,
  validateCourseDates,
} from "@preflight/sync-protocol/rules/course-dates";
import {
  CLASS_COURSE_DATES_MESSAGES,
  type ClassCourse,
  type ClassCourseDatesUpdate,
} from "@preflight/sync-protocol/schemas/school-course-dates";
import type { Db } from "../../db/schema.ts";
import type { AppDeps } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { syllabusById, syllabusModules } from "../../read/syllabus.ts";

/**
 * The class's course: each syllabus its students study, and any it has dates for (a class whose
 * students changed syllabus keeps them), by name; every module of each in module order, with the
 * class's dates or null.
 */
export async function classCourse(db: Db, classId: string): Promise<ClassCourse[]> {
  const [studying, dated] = await Promise.all([
    db
      .selectFrom("users")
      .select((eb) => ["syllabus_id", eb.fn.count<number>("id").as("students")])
      .where("class_id", "=", classId)
      .where("role", "=", "student")
      .where("syllabus_id", "is not", null)
      .groupBy("syllabus_id")
      .execute(),
    db
      .selectFrom("course_dates")
      .innerJoin("modules", "modules.id", "course_dates.module_id")
      .select(["course_dates.module_id", "modules.syllabus_id", "course_dates.start_date", "course_dates.end_date"])
      .where("course_dates.class_id", "=", classId)
      .where("course_dates.user_id", "is", null)
      .execute(),
  ]);
  const students = new Map(studying.map((r) => [r.syllabus_id as number, Number(r.students)]));
  const dates = new Map(dated.map((d) => [d.module_id, d]));
  const syllabusIds = [...new Set([...students.keys(), ...dated.map((d) => d.syllabus_id)])];
  const course: ClassCourse[] = [];
  for (const id of syllabusIds) {
    const [syllabus, modules] = await Promise.all([syllabusById(db, id), syllabusModules(db, id)]);
    if (!syllabus) continue;
    course.push({
      syllabus_id: id,
      syllabus_name: syllabus.title,
      students: students.get(id) ?? 0,
      modules: modules.map((m) => ({
        module_id: m.id,
        title: m.title,
        start: dates.get(m.id)?.start_date ?? null,
        end: dates.get(m.id)?.end_date ?? null,
      })),
    });
  }
  return course.sort((a, b) => a.syllabus_name.localeCompare(b.syllabus_name) || a.syllabus_id - b.syllabus_id);
}

/**
 * Replaces the class's dates for one syllabus with `body`'s: checked first (a 400 saying what is
 * wrong, nothing written), then the class's rows for the syllabus's modules deleted and the new
 * ones inserted, all in one transaction.
 */
export async function replaceClassCourseDates(
  deps: AppDeps,
  classId: string,
  body: ClassCourseDatesUpdate,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom("classes").select("id").where("id", "=", classId);
    if (deps.dialect === "postgres") lock = lock.forUpdate();
    await lock.execute();

    const course = (await classCourse(trx, classId)).find((s) => s.syllabus_id === body.syllabus_id);
    if (!course) throw new ApiError("bad_request", CLASS_COURSE_DATES_MESSAGES.notClassSyllabus);
    const known = new Set(course.modules.map((m) => m.module_id));
    const unknown = body.modules.filter((m) => !known.has(m.module_id)).map((m) => m.module_id);
    if (unknown.length) throw new ApiError("bad_request", CLASS_COURSE_DATES_MESSAGES.unknownModules(unknown));

    // The rule judges neighbours in module order, whatever order the body names them in.
    const sent = new Map(body.modules.map((m) => [m.module_id, m]));
    const rows: CourseDateRow[] = course.modules.flatMap((m) => {
      const row = sent.get(m.module_id);
      return row ? [{ module_id: m.module_id, start: row.start, end: row.end }] : [];
    });
    const issues = validateCourseDates(rows, now);
    if (issues.length) {
      const title = new Map(course.modules.map((m) => [m.module_id, m.title]));
      throw new ApiError(
        "bad_request",
        courseDateIssuesText(issues, (id) => title.get(id) ?? String(id)),
      );
    }

    await trx
      .deleteFrom("course_dates")
      .where("class_id", "=", classId)
      .where("user_id", "is", null)
      .where("module_id", "in", [...known])
      .execute();
    await trx
      .insertInto("course_dates")
      .values(
        rows.map((r) => ({
          id: randomUUID(),
          class_id: classId,
          user_id: null,
          module_id: r.module_id,
          start_date: r.start,
          end_date: r.end,
        })),
      )
      .execute();
  });
}
