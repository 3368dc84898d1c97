/**
 * The course progress graph 'My Progress' (spec study 2 "Course progress graph 'My Progress'",
 * entity "Analysis data", 7 GET /analysis/course and /analysis/course/{module}), computed once
 * for the device (offline, from its own copies) and the server (from its tables), so the chart
 * a student sees offline is the reply the server gives for the same records.
 *
 * What counts: every part of the modules in scope (lessons and progress tests alike), each one
 * share of the whole.
 * - Target: the planned share of parts done by each date. A part is planned for its target date
 *   (the syllabus page's target column); a part without one is spread evenly between its
 *   module's start and end like the targets are; a module without course dates plans nothing.
 * - Completed: the share actually done by each date, up to today. A lesson is done when its
 *   last page was opened (its progress's last change); a progress test when it was first passed
 *   (the passing attempt's finish).
 * The dates are the days something is planned or done, the modules' start and end, and today,
 * after a first day (the day before them all) where both lines start at 0. Days are UTC, so the
 * device and the server name the same day; Percent is rounded to a whole number (Math.round).
 */
import type { CourseProgressPoint, CourseProgressReply, CourseProgressSummary } from "../schemas/analysis-course.ts";
import { type ModuleView, type PartView, partTargets } from "./access.ts";

/** A finished test of a progress test: when it finished, whether it passed, its score. */
export interface ProgressTestResult {
  progress_test_id: number;
  finished_at: string;
  /** The marking's pass (the device's prediction until the server's arrives). */
  pass?: boolean | null;
  percentage: number;
}

/** The student's completion times: what the graph adds to the syllabus's modules. */
export interface CompletionFacts {
  /** When each lesson's progress last grew (ISO time), by lesson id: a complete lesson's completion. */
  lessonUpdatedAt: ReadonlyMap<number, string>;
  /** The student's finished progress tests. */
  results: readonly ProgressTestResult[];
}

/** The parts of the modules that the graph and the summary read. */
export type ProgressModule = Pick<ModuleView, "start" | "end"> & {
  parts: readonly Pick<PartView, "type" | "content" | "completed" | "pass" | "target">[];
};

/**
 * The dashboard's summary (spec entity Summary) over the modules given: lessons completed and
 * progress tests passed, and the average of each progress test's latest finished attempt
 * (rounded; null before any).
 */
export function courseSummary(
  modules: readonly Pick<ProgressModule, "parts">[],
  results: readonly ProgressTestResult[],
): CourseProgressSummary {
  const parts = modules.flatMap((m) => m.parts);
  const lessons = parts.filter((p) => p.type === "lesson");
  const tests = parts.filter((p) => p.type === "progress_test");
  const latest = new Map<number, ProgressTestResult>();
  for (const r of results) {
    const seen = latest.get(r.progress_test_id);
    if (!seen || Date.parse(r.finished_at) > Date.parse(seen.finished_at)) latest.set(r.progress_test_id, r);
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

/**
 * The modules a reply covers: all of them (GET /analysis/course, `moduleId` null), or the one
 * asked for; null when the student's syllabus has no such module.
 */
export function progressScope<M extends { id: number }>(modules: readonly M[], moduleId: number | null): M[] | null {
  if (moduleId === null) return [...modules];
  const module = modules.find((m) => m.id === moduleId);
  return module ? [module] : null;
}

/** The reply of GET /analysis/course (all modules) or /analysis/course/{module} (that one). */
export function courseProgress(
  modules: readonly ProgressModule[],
  facts: CompletionFacts,
  now: Date,
): CourseProgressReply {
  const today = utcDay(now.toISOString()) as string;
  const firstPass = firstPasses(facts.results);
  const planned: (string | null)[] = [];
  const done: (string | null)[] = [];
  const moduleDays: string[] = [];
  for (const module of modules) {
    const dates = module.start && module.end ? { start: module.start, end: module.end } : null;
    if (dates) moduleDays.push(dates.start, dates.end);
    const spread = partTargets(dates, module.parts.length);
    module.parts.forEach((part, i) => {
      planned.push(part.target ?? spread[i]?.target ?? null);
      const day = completionDay(part, facts.lessonUpdatedAt, firstPass);
      // Done is done: a time this device or the server cannot place counts from today.
      done.push(part.completed ? min(day ?? today, today) : null);
    });
  }
  const total = planned.length;
  const share = (days: (string | null)[], by: string) =>
    total === 0 ? 0 : Math.round((days.filter((d) => d !== null && d <= by).length * 100) / total);

  const targets = planned.filter((d): d is string => d !== null);
  const days = [...new Set([today, ...moduleDays, ...targets, ...done.filter((d): d is string => d !== null)])].sort();
  const axis = [addDays(days[0] as string, -1), ...days];
  const target: CourseProgressPoint[] = targets.length
    ? axis.map((date) => ({ date, Percent: share(planned, date) }))
    : [];
  const completed: CourseProgressPoint[] = axis
    .filter((date) => date <= today)
    .map((date) => ({ date, Percent: share(done, date) }));
  return {
    summary: courseSummary(modules, facts.results),
    averaged: [
      { Type: "Target", Data: target },
      { Type: "Completed", Data: completed },
    ],
  };
}

/** The UTC day (YYYY-MM-DD) of an ISO time, or null when it is not one. */
export function utcDay(iso: string): string | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

/** The day `days` after (or before, negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function min(a: string, b: string): string {
  return a < b ? a : b;
}

/** Each progress test's first passing finish (the earliest), by progress test id. */
function firstPasses(results: readonly ProgressTestResult[]): Map<number, string> {
  const first = new Map<number, string>();
  for (const r of results) {
    if (r.pass !== true) continue;
    const seen = first.get(r.progress_test_id);
    if (seen === undefined || Date.parse(r.finished_at) < Date.parse(seen))
      first.set(r.progress_test_id, r.finished_at);
  }
  return first;
}

function completionDay(
  part: ProgressModule["parts"][number],
  lessonUpdatedAt: ReadonlyMap<number, string>,
  firstPass: ReadonlyMap<number, string>,
): string | null {
  const at = part.type === "lesson" ? lessonUpdatedAt.get(part.content.id) : firstPass.get(part.content.id);
  return at === undefined ? null : utcDay(at);
}

/**
 * How far from plan a student may be and still be "on plan" (a school's class overview), in
 * percentage points of the course: one lesson of a typical module either way.
 */
export const ON_PLAN_MARGIN = 5;

/** Where a student stands against their course dates today (a school's class overview). */
export interface CourseStanding {
  /** The share of the course done by today (the Completed line's last point). */
  completed: number;
  /** The share planned by today (the Target line at today); null without course dates. */
  planned: number | null;
  standing: "ahead" | "on_plan" | "behind" | "no_dates";
}

/**
 * Today's point of each line of `courseProgress`'s reply: the same figures the student's My
 * Progress chart ends on, compared with ON_PLAN_MARGIN.
 */
export function courseStanding(reply: CourseProgressReply, now: Date): CourseStanding {
  const today = utcDay(now.toISOString()) as string;
  const [target, done] = reply.averaged;
  const upTo = (data: readonly CourseProgressPoint[]) => data.filter((p) => p.date <= today).at(-1)?.Percent;
  const completed = upTo(done.Data) ?? 0;
  const planned = target.Data.length ? (upTo(target.Data) ?? 0) : null;
  if (planned === null) return { completed, planned, standing: "no_dates" };
  const standing =
    completed > planned + ON_PLAN_MARGIN ? "ahead" : completed < planned - ON_PLAN_MARGIN ? "behind" : "on_plan";
  return { completed, planned, standing };
}
