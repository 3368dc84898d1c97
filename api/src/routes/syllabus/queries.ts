/**
 * The access rules' facts on the server: the syllabus's rows (read/syllabus.ts, shared with the
 * syllabus sync step) with the student's lesson progress, attempts and course dates, built into
 * the spec's modules; and the write of the server-wide access settings.
 */
import {
  type AttemptFacts,
  buildModules,
  type LessonFacts,
  type ModuleView,
  type ProgressTestFacts,
} from "@preflight/sync-protocol/rules/access";
import type { Db } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { lessonProgressOf, progressTestAttempts } from "../../read/progress.ts";
import { courseDatesOf, lessonsByIds, moduleFacts, progressTestRows } from "../../read/syllabus.ts";
import { readUser } from "../../read/user.ts";

export async function setAccessSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto("server_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export async function lessonFacts(db: Db, ids: number[]): Promise<Map<number, LessonFacts>> {
  const rows = await lessonsByIds(db, ids);
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
  const rows = await progressTestAttempts(db, userId);
  return rows.map((r) => ({
    progress_test_id: r.progress_test_id,
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
  const student = await readUser(db, user.id);
  const [lessons, tests, attempts, progress, dates] = await Promise.all([
    lessonFacts(db, lessonIds),
    progressTestRows(db, testIds),
    attemptsOf(db, user.id),
    lessonProgressOf(db, user.id),
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
