/**
 * Opening a search hit (spec study 4, Search hit): if the lesson's module still needs its
 * prerequisite module, the prerequisite dialog; if the lesson's url is empty (not on this
 * device), 'Lesson unavailable'; otherwise the lesson at the hit's page. The module's state comes
 * from the syllabus's shared access rule over what the device holds.
 */
import {
  type AttemptFacts,
  buildModules,
  type LessonFacts,
  type ProgressTestFacts,
} from "@preflight/sync-protocol/rules/access";
import { ACCESS_MESSAGES, ACCESS_TITLES } from "@preflight/sync-protocol/rules/part-access";
import type { UserDb } from "../../local/store/db.ts";

export type HitDecision =
  | { kind: "open"; lessonId: number; page: number }
  | { kind: "denied"; title: string; message: string };

async function moduleViews(db: UserDb) {
  const [modules, lessons, progressTests, progress, tests, dates, onDevice] = await Promise.all([
    db.modules.toArray(),
    db.lessons.toArray(),
    db.progressTests.toArray(),
    db.lessonProgress.toArray(),
    db.userTests.toArray(),
    db.courseDates.toArray(),
    db.lessonContent.toCollection().primaryKeys(),
  ]);
  const available = new Set(onDevice);
  const attempts: AttemptFacts[] = tests.flatMap((t) =>
    t.progress_test_id == null
      ? []
      : [
          {
            progress_test_id: t.progress_test_id,
            started: t.started,
            finished_at: t.finished,
            pass: (t.marked ?? t.predicted)?.pass ?? null,
          },
        ],
  );
  return buildModules(
    modules,
    new Map(lessons.map((l): [number, LessonFacts] => [l.id, l])),
    new Map(
      progressTests.map((t): [number, ProgressTestFacts] => [t.id, { ...t, question_count: t.question_ids.length }]),
    ),
    {
      lessonPages: new Map(progress.map((p) => [p.lessonId, p.page])),
      attempts,
      courseDates: new Map(dates.map((d) => [d.moduleId, d])),
      lessonAvailable: (id) => available.has(id),
    },
  );
}

export async function decideSearchHit(db: UserDb, hit: { lesson_id: number; page: number }): Promise<HitDecision> {
  const views = await moduleViews(db);
  const module = views.find((m) => m.parts.some((p) => p.type === "lesson" && p.content.id === hit.lesson_id));
  const part = module?.parts.find((p) => p.type === "lesson" && p.content.id === hit.lesson_id);
  if (module?.prerequisite && module.prerequisite.remaining > 0)
    return {
      kind: "denied",
      title: ACCESS_TITLES.insufficient,
      message: ACCESS_MESSAGES.prerequisite(module.prerequisite.title),
    };
  // A lesson outside the syllabus's modules opens when its pages are on the device.
  const onDevice = part ? part.url !== "" : (await db.lessonContent.get(hit.lesson_id)) !== undefined;
  if (!onDevice)
    return { kind: "denied", title: ACCESS_TITLES.lessonUnavailable, message: ACCESS_MESSAGES.lessonUnavailable };
  return { kind: "open", lessonId: hit.lesson_id, page: hit.page };
}
