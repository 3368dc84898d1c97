/**
 * The syllabus page's data, read from the device (offline too): the modules, lessons and
 * progress tests of the syllabus step, the student's lesson progress and progress-test
 * attempts, the course dates, and which lessons and subjects have content on the device.
 * The shared rules build the spec's modules from them, exactly as the server does. The live hook
 * is features/syllabus/useSyllabusModules.ts; course progress reads it too.
 */
import { type AttemptFacts, buildModules, type ModuleView } from "@preflight/sync-protocol/rules/access";
import type { AccessSettings } from "@preflight/sync-protocol/rules/part-access";
import { getMeta, type LocalProgressTest, type UserDb } from "./db.ts";

export interface SyllabusData {
  syllabus: { id: number; title: string } | null;
  modules: ModuleView[];
  /** Modules whose subjects have all arrived on the device (else 'not yet available'). */
  available: Set<number>;
  progressTests: Map<number, LocalProgressTest>;
  settings: AccessSettings;
}

const NO_SETTINGS: AccessSettings = { restrict_target_dates: null, initial_attempt_override: false };

export async function readSyllabus(db: UserDb): Promise<SyllabusData> {
  const [syllabus, settings, modules, lessons, tests, progress, userTests, dates, contentIds, installed] =
    await Promise.all([
      getMeta<{ id: number; title: string }>(db, "syllabus"),
      getMeta<AccessSettings>(db, "accessSettings"),
      db.modules.orderBy("position").toArray(),
      db.lessons.toArray(),
      db.progressTests.toArray(),
      db.lessonProgress.toArray(),
      db.userTests.toArray(),
      db.courseDates.toArray(),
      db.lessonContent.toCollection().primaryKeys(),
      db.installedPacks.toCollection().primaryKeys(),
    ]);
  const onDevice = new Set(contentIds as number[]);
  const attempts: AttemptFacts[] = userTests.flatMap((t) =>
    t.progress_test_id
      ? [
          {
            progress_test_id: t.progress_test_id,
            started: t.started,
            finished_at: t.finished,
            // The server's marking when it has arrived, else the device's prediction.
            pass: (t.marked ?? t.predicted)?.pass ?? null,
          },
        ]
      : [],
  );
  const views = buildModules(
    modules.map((m) => ({ ...m, restrictions: m.restrictions ?? {} })),
    new Map(lessons.map((l) => [l.id, l])),
    new Map(
      tests.map((t) => [
        t.id,
        {
          id: t.id,
          title: t.title,
          subject: t.subject,
          question_count: t.question_ids.length,
          pass_percentage: t.pass_percentage,
          allow_initial_attempt: t.allow_initial_attempt,
          retry_interval_minutes: t.retry_interval_minutes,
        },
      ]),
    ),
    {
      lessonPages: new Map(progress.map((p) => [p.lessonId, p.page])),
      attempts,
      courseDates: new Map(dates.map((d) => [d.moduleId, { start: d.start, end: d.end }])),
      lessonAvailable: (id) => onDevice.has(id),
    },
  );
  const subjects = new Set(installed as string[]);
  return {
    syllabus: syllabus ?? null,
    modules: views,
    available: new Set(views.filter((m) => m.subjects.every((s) => subjects.has(s))).map((m) => m.id)),
    progressTests: new Map(tests.map((t) => [t.id, t])),
    settings: settings ?? NO_SETTINGS,
  };
}
