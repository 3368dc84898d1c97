import type { ModuleView } from "@preflight/sync-protocol/rules/access";

/** The dashboard's three circles (spec entity Summary): lessons, progress tests passed, average score. */
export interface CourseSummary {
  lessons: { completed: number; total: number };
  progress_tests: { completed: number; total: number; score: number | null };
}

export interface ProgressTestResult {
  progress_test_id: number;
  finished_at: string;
  percentage: number;
}

/**
 * Counts over the syllabus's parts as the syllabus page shows them: a lesson is complete when its
 * last page was opened, a progress test when an attempt passed. The average score is over each
 * progress test's latest finished attempt; null before any.
 */
export function courseSummary(modules: ModuleView[], results: ProgressTestResult[]): CourseSummary {
  const parts = modules.flatMap((m) => m.parts);
  const lessons = parts.filter((p) => p.type === "lesson");
  const tests = parts.filter((p) => p.type === "progress_test");
  const latest = new Map<number, ProgressTestResult>();
  for (const r of results) {
    const seen = latest.get(r.progress_test_id);
    if (!seen || r.finished_at > seen.finished_at) latest.set(r.progress_test_id, r);
  }
  const scores = tests.flatMap((t) => {
    const r = latest.get(t.content.id);
    return r ? [r.percentage] : [];
  });
  return {
    lessons: { completed: lessons.filter((p) => p.completed).length, total: lessons.length },
    progress_tests: {
      completed: tests.filter((p) => p.pass === true).length,
      total: tests.length,
      score: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    },
  };
}
