/**
 * Opening a module part (spec study 4 "Opening a module part (order of checks)"): the checks in
 * order, the refusal's modal and its texts, for the device (offline) and the server (the replay
 * of a progress test's generate, GET /api/user/last-pt-result/{id}). The modules they read are
 * built by access.ts.
 */
import {
  type ModuleView,
  type PartTarget,
  type PartView,
  type TargetRestriction,
  targetRestriction,
} from "./access.ts";
import { formatHms } from "./format.ts";

/** Every modal text of the spec's error catalogue that this area shows, exactly as quoted. */
export const ACCESS_MESSAGES = {
  previousParts: "All previous module parts must be completed before you attempt this test.",
  prerequisite: (module: string) => `${module} module must be completed before you attempt this module.`,
  targetDate: "You may not access this until the target date.",
  lessonUnavailable: "This lesson is currently not available, please try updating your app.",
  outOfDate: "This test is out of date. You must download the latest update in order to access this test.",
  testUpdateFailed: "There was an error downloading the test update",
  emptyModule: "There are no lessons available in this module yet.",
  /** Not quoted by the spec: the success note of an initial attempt, and the retry wait. */
  initialAttempt:
    "You have not completed the lessons for this test yet, but you may make an initial attempt to see where you stand.",
  retryIn: (seconds: number) => `You may attempt this test again in ${formatHms(seconds)}.`,
} as const;

/** The modal titles of the syllabus page (spec study 2, Syllabus page: Modals). */
export const ACCESS_TITLES = {
  insufficient: "Insufficient module progress",
  denied: "Access denied",
  lessonUnavailable: "Lesson unavailable",
  updateRequired: "Update required to access",
} as const;

// --- the order of checks ------------------------------------------------------------------------

export interface AccessSettings {
  /** The server's restrict_target_dates, as stored. */
  restrict_target_dates: string | null;
  /** The server's override of the initial-attempt exception: when on, unmet lessons always deny. */
  initial_attempt_override: boolean;
}

export type ProgressTestType = "progress_test" | "progress_test_attempt";

export type AccessDecision =
  | { kind: "prerequisite"; title: string; message: string }
  | { kind: "target_date"; title: string; message: string; target: string }
  | { kind: "lessons_required"; title: string; message: string; lessons: string[] }
  | { kind: "retry_interval"; title: string; message: string; remaining_time: number; available_at: string }
  | { kind: "lesson_unavailable"; title: string; message: string }
  | { kind: "open_lesson"; url: string }
  /** A progress test may start: the summary modal, with the initial attempt's note when it is one. */
  | { kind: "summary"; test_type: ProgressTestType; note: string | null };

export type Refusal = Exclude<AccessDecision, { kind: "open_lesson" } | { kind: "summary" }>;

/**
 * Spec 4, retry interval: after a failed attempt the student waits the interval before the next;
 * `remaining_time` is in whole seconds (0 when the test may be taken).
 */
export function retryCheck(
  intervalMinutes: number | null,
  last: { finished_at: string; pass: boolean } | null,
  now: Date,
): { can_access: boolean; remaining_time: number; available_at: string | null } {
  if (!intervalMinutes || intervalMinutes <= 0 || !last || last.pass)
    return { can_access: true, remaining_time: 0, available_at: null };
  const availableAt = Date.parse(last.finished_at) + intervalMinutes * 60_000;
  const remaining = Math.ceil((availableAt - now.getTime()) / 1000);
  if (remaining <= 0) return { can_access: true, remaining_time: 0, available_at: null };
  return { can_access: false, remaining_time: remaining, available_at: new Date(availableAt).toISOString() };
}

/**
 * Opening a module part, the spec's checks in order:
 *   1. the prerequisite module incomplete: the prerequisite modal;
 *   2. the target date, as restrict_target_dates says;
 *   3. a progress test with unmet lessons: an initial attempt (allowed, not yet attempted, no
 *      override) goes on with a note, otherwise the denied modal lists the lessons;
 *   4. a retry interval after a failed attempt: denied with the remaining time;
 *   5. otherwise the summary modal (a progress test); 6. a lesson with an empty url is
 *      'Lesson unavailable', otherwise the app goes to its url.
 * `retry` overrides the device's own reading of the retry interval with the server's reply.
 */
export function decidePartAccess(input: {
  module: ModuleView;
  part: PartView;
  settings: AccessSettings;
  now: Date;
  retry?: { can_access: boolean; remaining_time: number };
}): AccessDecision {
  const { module, part, settings, now } = input;

  if (module.prerequisite && module.prerequisite.remaining > 0)
    return {
      kind: "prerequisite",
      title: ACCESS_TITLES.insufficient,
      message: ACCESS_MESSAGES.prerequisite(module.prerequisite.title),
    };

  const target = applicableTarget(module, part, targetRestriction(settings.restrict_target_dates));
  if (target?.target_timestamp != null && target.target !== null && target.target_timestamp * 1000 > now.getTime())
    return {
      kind: "target_date",
      title: ACCESS_TITLES.denied,
      message: ACCESS_MESSAGES.targetDate,
      target: target.target,
    };

  if (part.type === "lesson") {
    if (part.url === "")
      return {
        kind: "lesson_unavailable",
        title: ACCESS_TITLES.lessonUnavailable,
        message: ACCESS_MESSAGES.lessonUnavailable,
      };
    return { kind: "open_lesson", url: part.url };
  }

  let testType: ProgressTestType = "progress_test";
  let note: string | null = null;
  const unmet = (module.restrictions[String(part.content.id)] ?? []).filter((l) => !l.completed);
  if (unmet.length > 0) {
    if (part.allow_initial_attempt && !part.attempted && !settings.initial_attempt_override) {
      testType = "progress_test_attempt";
      note = ACCESS_MESSAGES.initialAttempt;
    } else {
      return {
        kind: "lessons_required",
        title: ACCESS_TITLES.insufficient,
        message: ACCESS_MESSAGES.previousParts,
        lessons: unmet.map((l) => l.title),
      };
    }
  }

  const retry = input.retry ?? retryCheck(part.retry_interval_minutes, part.last_result, now);
  if (!retry.can_access)
    return {
      kind: "retry_interval",
      title: ACCESS_TITLES.denied,
      message: ACCESS_MESSAGES.retryIn(retry.remaining_time),
      remaining_time: retry.remaining_time,
      available_at: new Date(now.getTime() + retry.remaining_time * 1000).toISOString(),
    };

  return { kind: "summary", test_type: testType, note };
}

/** Which target applies to a part: none, a progress test's own (pt_only), the module's first part's, or its own. */
function applicableTarget(module: ModuleView, part: PartView, restriction: TargetRestriction): PartTarget | null {
  switch (restriction) {
    case "none":
      return null;
    case "pt_only":
      return part.type === "progress_test" ? part : null;
    case "modules":
      return module.parts[0] ?? null;
    case "parts":
      return part;
  }
}

/**
 * The reason the server refuses a progress test's start on replay, or null: the rules must let
 * the student open it at the intent's time. The test type the device chose is not second-guessed
 * (an initial attempt where a full one is allowed, or the reverse, takes the same questions).
 */
export function progressTestStartRefusal(decision: AccessDecision): string | null {
  if (decision.kind === "summary") return null;
  if (decision.kind === "open_lesson") return "This part is a lesson, not a progress test.";
  return decision.message;
}
