/**
 * The course progress graph's data, read from the device (offline too): the syllabus's modules
 * as the syllabus page builds them, the student's lesson progress and finished progress tests.
 * The shared rule turns them into the reply the server gives for GET /analysis/course and
 * GET /analysis/course/{module}.
 */
import {
  type CompletionFacts,
  courseProgress,
  courseSummary,
  type ProgressTestResult,
} from "@preflight/sync-protocol/rules/course-progress";
import type { CourseProgressReply, CourseProgressSummary } from "@preflight/sync-protocol/schemas/analysis-course";
import { useLiveQuery } from "dexie-react-hooks";
import type { UserDb } from "../../local/store/db.ts";
import { readSyllabus } from "../../local/store/syllabus.ts";
import { currentDate } from "../../platform.ts";
import { FULL_COURSE, moduleTab, type ProgressTab } from "./tabs.ts";

export interface ProgressScope {
  tab: ProgressTab;
  /** 'Full Course' or the module's title. */
  label: string;
  reply: CourseProgressReply;
}

export interface CourseProgressData {
  /** Full Course first (only with more than one module), then one per module in order. */
  scopes: ProgressScope[];
  /** The whole course's summary: the dashboard's three circles. */
  summary: CourseProgressSummary;
  today: string;
}

export async function completionFactsOf(db: UserDb): Promise<CompletionFacts> {
  const [progress, tests] = await Promise.all([db.lessonProgress.toArray(), db.userTests.toArray()]);
  return {
    lessonUpdatedAt: new Map(progress.map((p) => [p.lessonId, p.updatedAt])),
    results: tests.flatMap((t): ProgressTestResult[] => {
      // The server's marking when it has arrived, else the device's prediction.
      const result = t.marked ?? t.predicted;
      return t.progress_test_id && t.finished && result
        ? [
            {
              progress_test_id: t.progress_test_id,
              finished_at: t.finished,
              pass: result.pass,
              percentage: result.percentage,
            },
          ]
        : [];
    }),
  };
}

export async function readCourseProgress(db: UserDb, now: Date): Promise<CourseProgressData> {
  const [{ modules }, facts] = await Promise.all([readSyllabus(db), completionFactsOf(db)]);
  const scopes: ProgressScope[] = modules.map((m) => ({
    tab: moduleTab(m.id),
    label: m.title,
    reply: courseProgress([m], facts, now),
  }));
  if (modules.length > 1)
    scopes.unshift({ tab: FULL_COURSE, label: "Full Course", reply: courseProgress(modules, facts, now) });
  return { scopes, summary: courseSummary(modules, facts.results), today: now.toISOString().slice(0, 10) };
}

export function useCourseProgress(db: UserDb): CourseProgressData | undefined {
  return useLiveQuery(() => readCourseProgress(db, currentDate()), [db]);
}
