/**
 * The one read of a syllabus's shared rows: the syllabus, its modules with their parts and
 * restrictions, the lessons and progress tests the parts name, a student's course dates, and the
 * server-wide access settings. The syllabus page's routes and the course progress graph build
 * the access rules' facts from these; the syllabus sync step sends the same rows to the device.
 */
import type { ModuleFacts } from "@preflight/sync-protocol/rules/access";
import type { AccessSettings } from "@preflight/sync-protocol/rules/part-access";
import type { CourseDate } from "@preflight/sync-protocol/schemas/pull";
import type { Db } from "../db/schema.ts";

export const RESTRICT_TARGET_DATES_SETTING = "restrict_target_dates";
export const INITIAL_ATTEMPT_OVERRIDE_SETTING = "initial_attempt_override";

/** Spec 6 restrict_target_dates and the initial-attempt override, from server_settings. */
export async function accessSettings(db: Db): Promise<AccessSettings> {
  const rows = await db
    .selectFrom("server_settings")
    .select(["key", "value"])
    .where("key", "in", [RESTRICT_TARGET_DATES_SETTING, INITIAL_ATTEMPT_OVERRIDE_SETTING])
    .execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? null;
  return {
    restrict_target_dates: value(RESTRICT_TARGET_DATES_SETTING),
    initial_attempt_override: value(INITIAL_ATTEMPT_OVERRIDE_SETTING) === "1",
  };
}

/** The syllabus's row, or undefined when there is none of that id. */
export function syllabusById(db: Db, syllabusId: number) {
  return db.selectFrom("syllabi").selectAll().where("id", "=", syllabusId).executeTakeFirst();
}

/** The syllabus's modules in their order. */
export function syllabusModules(db: Db, syllabusId: number) {
  return db.selectFrom("modules").selectAll().where("syllabus_id", "=", syllabusId).orderBy("position").execute();
}

/** The syllabus's modules, parts and restrictions as the rules take them. */
export async function moduleFacts(db: Db, syllabusId: number): Promise<ModuleFacts[]> {
  const modules = await syllabusModules(db, syllabusId);
  if (modules.length === 0) return [];
  const ids = modules.map((m) => m.id);
  const [parts, restrictions] = await Promise.all([
    db.selectFrom("module_parts").selectAll().where("module_id", "in", ids).orderBy("position").execute(),
    db
      .selectFrom("module_restrictions")
      .selectAll()
      .where("module_id", "in", ids)
      .orderBy("progress_test_id")
      .orderBy("position")
      .execute(),
  ]);
  return modules.map((m) => {
    const byTest: Record<string, { lesson_id: number }[]> = {};
    for (const r of restrictions.filter((x) => x.module_id === m.id)) {
      const key = String(r.progress_test_id);
      byTest[key] = [...(byTest[key] ?? []), { lesson_id: r.lesson_id }];
    }
    return {
      id: m.id,
      title: m.title,
      position: m.position,
      prerequisite_module_id: m.prerequisite_module_id,
      parts: parts
        .filter((p) => p.module_id === m.id)
        .map((p) => ({
          id: p.id,
          position: p.position,
          type: p.type,
          lesson_id: p.lesson_id,
          progress_test_id: p.progress_test_id,
        })),
      restrictions: byTest,
    };
  });
}

/** The lessons of these ids (metadata and pages), by id. */
export async function lessonsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("lessons").selectAll().where("id", "in", ids).orderBy("id").execute();
}

/** The progress tests of these ids, by id. */
export async function progressTestRows(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("progress_tests").selectAll().where("id", "in", ids).orderBy("id").execute();
}

/** One start and end per module, in the modules' order: the student's own dates, else the class's. */
export async function courseDatesOf(
  db: Db,
  userId: string,
  classId: string | null,
  moduleIds: number[],
): Promise<CourseDate[]> {
  if (moduleIds.length === 0) return [];
  const rows = await db
    .selectFrom("course_dates")
    .select(["module_id", "start_date", "end_date", "user_id"])
    .where("module_id", "in", moduleIds)
    .where((eb) =>
      classId === null
        ? eb("user_id", "=", userId)
        : eb.or([eb("user_id", "=", userId), eb.and([eb("class_id", "=", classId), eb("user_id", "is", null)])]),
    )
    .execute();
  const byModule = new Map<number, CourseDate>();
  // The class's first, so the student's own replace them.
  for (const r of [...rows].sort((a, b) => Number(a.user_id !== null) - Number(b.user_id !== null)))
    byModule.set(r.module_id, { module_id: r.module_id, start: r.start_date, end: r.end_date });
  return moduleIds.flatMap((id) => {
    const d = byModule.get(id);
    return d ? [d] : [];
  });
}
