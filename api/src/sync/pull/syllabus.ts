/**
 * POST /user-sync/syllabus: the student's syllabus, its modules with their parts, the lessons
 * they name (metadata), the course dates (the student's own override the class's) and the
 * content versions. A student without a syllabus gets a false reply, which stops the chain.
 * The rows come from read/syllabus.ts, the same reads the syllabus page's routes build on.
 */
import {
  NO_SYLLABUS_MESSAGE,
  type PulledLesson,
  type PulledModule,
  type PulledProgressTest,
  type SyllabusStepReply,
} from "@preflight/sync-protocol/schemas/pull";
import type { AppDeps, AuthedUser } from "../../deps.ts";
import { bankVersion } from "../../read/content.ts";
import { currentQuestions } from "../../read/questions.ts";
import {
  accessSettings,
  courseDatesOf,
  lessonsByIds,
  moduleFacts,
  progressTestRows,
  syllabusById,
} from "../../read/syllabus.ts";
import { readUser } from "../../read/user.ts";
import { digestOf } from "./cursor.ts";

export async function syllabusStep(deps: AppDeps, user: AuthedUser, cursor: string | null): Promise<SyllabusStepReply> {
  const { db } = deps;
  const student = await readUser(db, user.id);
  const syllabus = student?.syllabus_id == null ? undefined : await syllabusById(db, student.syllabus_id);
  if (!student || !syllabus) return { success: false, message: NO_SYLLABUS_MESSAGE };

  // Spec: restrictions keyed by progress-test id (the lessons each progress test requires).
  const modules: PulledModule[] = (await moduleFacts(db, syllabus.id)).map((m) => ({
    id: m.id,
    title: m.title,
    position: m.position,
    prerequisite_module_id: m.prerequisite_module_id,
    restrictions: m.restrictions,
    parts: m.parts,
  }));
  const parts = modules.flatMap((m) => m.parts);
  const lessonIds = [...new Set(parts.flatMap((p) => (p.lesson_id === null ? [] : [p.lesson_id])))];
  const lessons: PulledLesson[] = (await lessonsByIds(db, lessonIds)).map((l) => ({
    id: l.id,
    subject: l.subject,
    code: l.code,
    title: l.title,
    learning_objectives: JSON.parse(l.learning_objectives) as string[],
    page_count: (JSON.parse(l.pages) as unknown[]).length,
  }));

  const course_dates = await courseDatesOf(
    db,
    user.id,
    student.class_id,
    modules.map((m) => m.id),
  );
  const progress_tests = await progressTests(
    deps,
    parts.flatMap((p) => (p.progress_test_id === null ? [] : [p.progress_test_id])),
  );
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
    progress_tests,
    access_settings: await accessSettings(db),
    content_versions: { bank: await bankVersion(db, syllabus.id) },
  };
  const next = digestOf(details);
  if (cursor === next) return { success: true, cursor: next, changed: false };
  return { success: true, cursor: next, changed: true, ...details };
}

/** The progress tests the parts name, with their questions at the bank's current versions. */
async function progressTests(deps: AppDeps, ids: number[]): Promise<PulledProgressTest[]> {
  const rows = await progressTestRows(deps.db, [...new Set(ids)]);
  const questionIds = [...new Set(rows.flatMap((t) => JSON.parse(t.question_ids) as number[]))];
  const current = await currentQuestions(deps.db, questionIds);
  return rows.map((t) => {
    const question_ids = (JSON.parse(t.question_ids) as number[]).filter((id) => current.has(id));
    return {
      id: t.id,
      title: t.title,
      subject: t.subject,
      question_ids,
      question_versions: question_ids.map((id) => current.get(id)?.version as number),
      pass_percentage: t.pass_percentage,
      time_limit: t.time_limit,
      allow_initial_attempt: t.allow_initial_attempt === 1,
      retry_interval_minutes: t.retry_interval_minutes,
    };
  });
}
