/**
 * POST /user-sync/syllabus: the student's syllabus, its modules with their parts, the lessons
 * they name (metadata), the course dates (the student's own override the class's) and the
 * content versions. A student without a syllabus gets a false reply, which stops the chain.
 */
import {
  type CourseDate,
  NO_SYLLABUS_MESSAGE,
  type PulledLesson,
  type PulledModule,
  type SyllabusStepReply,
} from "@preflight/sync-protocol/schemas/pull";
import type { AppDeps, AuthedUser } from "../../deps.ts";
import { bankVersion } from "./bank-version.ts";
import { digestOf } from "./cursor.ts";

export async function syllabusStep(deps: AppDeps, user: AuthedUser, cursor: string | null): Promise<SyllabusStepReply> {
  const { db } = deps;
  const student = await db
    .selectFrom("users")
    .select(["syllabus_id", "class_id"])
    .where("id", "=", user.id)
    .executeTakeFirst();
  const syllabus =
    student?.syllabus_id == null
      ? undefined
      : await db.selectFrom("syllabi").selectAll().where("id", "=", student.syllabus_id).executeTakeFirst();
  if (!student || !syllabus) return { success: false, message: NO_SYLLABUS_MESSAGE };

  const moduleRows = await db
    .selectFrom("modules")
    .selectAll()
    .where("syllabus_id", "=", syllabus.id)
    .orderBy("position")
    .execute();
  const moduleIds = moduleRows.map((m) => m.id);
  const parts = moduleIds.length
    ? await db
        .selectFrom("module_parts")
        .selectAll()
        .where("module_id", "in", moduleIds)
        .orderBy("module_id")
        .orderBy("position")
        .execute()
    : [];
  const modules: PulledModule[] = moduleRows.map((m) => ({
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
  }));
  const lessonIds = [...new Set(parts.flatMap((p) => (p.lesson_id === null ? [] : [p.lesson_id])))];
  const lessonRows = lessonIds.length
    ? await db.selectFrom("lessons").selectAll().where("id", "in", lessonIds).orderBy("id").execute()
    : [];
  const lessons: PulledLesson[] = lessonRows.map((l) => ({
    id: l.id,
    subject: l.subject,
    code: l.code,
    title: l.title,
    learning_objectives: JSON.parse(l.learning_objectives) as string[],
    page_count: (JSON.parse(l.pages) as unknown[]).length,
  }));

  const course_dates = moduleIds.length ? await courseDates(deps, user.id, student.class_id, moduleIds) : [];
  const details = {
    syllabus: {
      id: syllabus.id,
      title: syllabus.title,
      licence: syllabus.licence,
      edition: syllabus.edition,
      include_examples: syllabus.include_examples === 1,
      active: syllabus.active === 1,
    },
    modules,
    lessons,
    course_dates,
    content_versions: { bank: await bankVersion(db, syllabus.id) },
  };
  const next = digestOf(details);
  if (cursor === next) return { success: true, cursor: next, changed: false };
  return { success: true, cursor: next, changed: true, ...details };
}

/** One start and end per module: the student's own dates, else the class's. */
async function courseDates(
  deps: AppDeps,
  userId: string,
  classId: string | null,
  moduleIds: number[],
): Promise<CourseDate[]> {
  const rows = await deps.db
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
