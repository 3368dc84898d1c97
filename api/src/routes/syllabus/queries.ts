/**
 * What the access rules read on the server: the syllabus's modules with their parts and
 * restrictions, the lessons and progress tests they name, the student's lesson progress,
 * attempts and course dates, and the server-wide access settings.
 */
import {
  type AccessSettings,
  type AttemptFacts,
  buildModules,
  type LessonFacts,
  type ModuleFacts,
  type ModuleView,
  type ProgressTestFacts,
} from "@preflight/sync-protocol/rules/access";
import type { CourseDate } from "@preflight/sync-protocol/schemas/pull";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";

type Db = Kysely<Database> | Transaction<Database>;

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

export async function setAccessSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto("server_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** The syllabus's modules, parts and restrictions as the rules take them. */
export async function moduleFacts(db: Db, syllabusId: number): Promise<ModuleFacts[]> {
  const modules = await db
    .selectFrom("modules")
    .selectAll()
    .where("syllabus_id", "=", syllabusId)
    .orderBy("position")
    .execute();
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

export async function lessonFacts(db: Db, ids: number[]): Promise<Map<number, LessonFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("lessons")
    .select(["id", "title", "code", "subject", "pages"])
    .where("id", "in", ids)
    .execute();
  return new Map(
    rows.map((l) => [
      l.id,
      {
        id: l.id,
        title: l.title,
        code: l.code,
        subject: l.subject,
        page_count: (JSON.parse(l.pages) as unknown[]).length,
      },
    ]),
  );
}

export async function progressTestRows(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("progress_tests").selectAll().where("id", "in", ids).orderBy("id").execute();
}

export function progressTestFacts(rows: Awaited<ReturnType<typeof progressTestRows>>): Map<number, ProgressTestFacts> {
  return new Map(
    rows.map((t) => [
      t.id,
      {
        id: t.id,
        title: t.title,
        subject: t.subject,
        question_count: (JSON.parse(t.question_ids) as number[]).length,
        pass_percentage: t.pass_percentage,
        allow_initial_attempt: t.allow_initial_attempt === 1,
        retry_interval_minutes: t.retry_interval_minutes,
      },
    ]),
  );
}

export async function attemptsOf(db: Db, userId: string): Promise<AttemptFacts[]> {
  const rows = await db
    .selectFrom("user_tests")
    .select(["progress_test_id", "started", "finished_at", "pass"])
    .where("user_id", "=", userId)
    .where("progress_test_id", "is not", null)
    .execute();
  return rows.map((r) => ({
    progress_test_id: r.progress_test_id as number,
    started: r.started,
    finished_at: r.finished_at,
    pass: r.pass === null ? null : r.pass === 1,
  }));
}

/** The student's modules as the spec's Module and Module part, with pass, completed and targets. */
export async function studentModules(db: Db, user: { id: string; syllabus_id: number }): Promise<ModuleView[]> {
  const modules = await moduleFacts(db, user.syllabus_id);
  const lessonIds = [
    ...new Set(
      modules.flatMap((m) => [
        ...m.parts.flatMap((p) => (p.lesson_id === null ? [] : [p.lesson_id])),
        ...Object.values(m.restrictions).flatMap((items) => items.map((i) => i.lesson_id)),
      ]),
    ),
  ];
  const testIds = [
    ...new Set(
      modules.flatMap((m) => m.parts.flatMap((p) => (p.progress_test_id === null ? [] : [p.progress_test_id]))),
    ),
  ];
  const student = await db.selectFrom("users").select("class_id").where("id", "=", user.id).executeTakeFirst();
  const [lessons, tests, attempts, progress, dates] = await Promise.all([
    lessonFacts(db, lessonIds),
    progressTestRows(db, testIds),
    attemptsOf(db, user.id),
    db.selectFrom("lesson_progress").select(["lesson_id", "page"]).where("user_id", "=", user.id).execute(),
    courseDatesOf(
      db,
      user.id,
      student?.class_id ?? null,
      modules.map((m) => m.id),
    ),
  ]);
  return buildModules(modules, lessons, progressTestFacts(tests), {
    lessonPages: new Map(progress.map((p) => [p.lesson_id, p.page])),
    attempts,
    courseDates: new Map(dates.map((d) => [d.module_id, { start: d.start, end: d.end }])),
    lessonAvailable: () => true,
  });
}

/** The module and part of the student's syllabus that name a progress test, or not_found. */
export function partOfProgressTest(modules: ModuleView[], progressTestId: number) {
  for (const module of modules)
    for (const part of module.parts)
      if (part.type === "progress_test" && part.content.id === progressTestId) return { module, part };
  throw new ApiError("not_found", `No progress test ${progressTestId} in your syllabus`);
}

export function syllabusOf(user: { syllabus_id: number | null }): number {
  if (user.syllabus_id === null) throw new ApiError("not_found", "You do not have a syllabus");
  return user.syllabus_id;
}

/** One start and end per module: the student's own dates, else the class's. */
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
