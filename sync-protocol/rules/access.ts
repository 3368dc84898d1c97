/**
 * The syllabus's access rules (spec study 4 "Opening a module part (order of checks)", 6 and 9),
 * in one place for the device (offline) and the server (POST /api/user/modules,
 * GET /api/user/last-pt-result/{id}, and the replay of a progress test's generate).
 *
 * Two jobs: `buildModules` turns the raw facts (modules, parts, lessons, progress tests, the
 * student's lesson progress and attempts, course dates) into the spec's Module and Module part
 * with pass, completed, attempted and target (here); `decidePartAccess` walks the spec's checks in
 * order and answers with the first refusal, or what opens (part-access.ts, with the modals' texts:
 * the dashboard builds the modules for its progress card without them).
 */

// --- targets ----------------------------------------------------------------------------------

/** Spec 6, restrict_target_dates: unrestricted or empty, pt_only, modules, or any other value (each part). */
export type TargetRestriction = "none" | "pt_only" | "modules" | "parts";

export function targetRestriction(value: string | null | undefined): TargetRestriction {
  if (value === null || value === undefined || value.trim() === "" || value === "unrestricted") return "none";
  if (value === "pt_only" || value === "modules") return value;
  return "parts";
}

export interface PartTarget {
  /** YYYY-MM-DD, or null when the student has no course dates for the module. */
  target: string | null;
  /** The target's start (00:00 UTC) in seconds since 1970, or null. */
  target_timestamp: number | null;
}

const DAY_MS = 86_400_000;

/**
 * The target of each of a module's parts, from its course dates: spread evenly from the module's
 * start (the first part) to its end (the last part), whole days. A part may be opened from its
 * target on (spec: "A target date in the future denies access").
 */
export function partTargets(dates: { start: string; end: string } | null, count: number): PartTarget[] {
  if (!dates || count === 0) return Array.from({ length: count }, () => ({ target: null, target_timestamp: null }));
  const start = Date.parse(`${dates.start}T00:00:00Z`);
  const end = Math.max(start, Date.parse(`${dates.end}T00:00:00Z`));
  const days = Math.round((end - start) / DAY_MS);
  return Array.from({ length: count }, (_, i) => {
    const at = start + (count === 1 ? 0 : Math.round((days * i) / (count - 1))) * DAY_MS;
    return { target: new Date(at).toISOString().slice(0, 10), target_timestamp: at / 1000 };
  });
}

// --- building the spec's modules ----------------------------------------------------------------

export interface ModuleFacts {
  id: number;
  title: string;
  position: number;
  prerequisite_module_id: number | null;
  parts: {
    id: number;
    position: number;
    type: "lesson" | "progress_test";
    lesson_id: number | null;
    progress_test_id: number | null;
  }[];
  /** Spec: restrictions keyed by progress-test id, each a list of items with lesson_id. */
  restrictions: Record<string, { lesson_id: number }[]>;
}

export interface LessonFacts {
  id: number;
  title: string;
  code: string;
  subject: string;
  page_count: number;
}

export interface ProgressTestFacts {
  id: number;
  title: string;
  subject: string;
  question_count: number;
  pass_percentage: number | null;
  allow_initial_attempt: boolean;
  /** Minutes a student waits after a failed attempt; null or 0 for none. */
  retry_interval_minutes: number | null;
}

/** One test the student took of a progress test (either type). */
export interface AttemptFacts {
  progress_test_id: number;
  started: string;
  /** ISO time, null while it runs. */
  finished_at: string | null;
  /** The marking's pass, null while unmarked. */
  pass: boolean | null;
}

export interface StudentFacts {
  /** Highest page (1-based) the student opened, per lesson id. */
  lessonPages: Map<number, number>;
  attempts: AttemptFacts[];
  /** Course dates per module id. */
  courseDates: Map<number, { start: string; end: string }>;
  /** Lessons whose pages are where the student reads them (the device: content on it). */
  lessonAvailable: (lessonId: number) => boolean;
}

export interface PartView {
  id: number;
  number: number;
  type: "lesson" | "progress_test";
  content: {
    id: number;
    title: string;
    code: string | null;
    subject_id: string;
    pass_percentage: number | null;
  };
  /** true a check, false a cross, null a minus (spec). */
  pass: boolean | null;
  completed: boolean;
  /** The lesson's address, "" when it is not available; "" for a progress test. */
  url: string;
  target: string | null;
  target_timestamp: number | null;
  question_count: number | null;
  /** Tests the student started of this progress test. */
  attempts: number;
  attempted: boolean;
  allow_initial_attempt: boolean;
  retry_interval_minutes: number | null;
  /** The student's last finished attempt, for the retry interval. */
  last_result: { finished_at: string; pass: boolean } | null;
}

export interface ModuleView {
  id: number;
  title: string;
  position: number;
  subjects: string[];
  parts: PartView[];
  completed: boolean;
  prerequisite: { id: number; title: string; remaining: number } | null;
  restrictions: Record<string, { lesson_id: number; title: string; completed: boolean }[]>;
  start: string | null;
  end: string | null;
}

export function lessonUrl(lessonId: number): string {
  return `/lesson/${lessonId}`;
}

/** A lesson is complete once the student opened its last page. */
export function lessonCompleted(pageCount: number, highestPage: number | undefined): boolean {
  return highestPage !== undefined && highestPage >= Math.max(1, pageCount);
}

/**
 * A progress test's state: attempted once a test of it was started; pass true once any attempt
 * passed (a passed module part stays complete), false when finished attempts all failed, null
 * before any attempt was marked.
 */
export function progressTestState(
  attempts: AttemptFacts[],
): Pick<PartView, "pass" | "completed" | "attempts" | "attempted" | "last_result"> {
  const finished = attempts
    .filter(
      (a): a is AttemptFacts & { finished_at: string; pass: boolean } => a.finished_at !== null && a.pass !== null,
    )
    .sort((a, b) => a.finished_at.localeCompare(b.finished_at));
  const passed = finished.some((a) => a.pass);
  const last = finished.at(-1);
  return {
    pass: passed ? true : finished.length ? false : null,
    completed: passed,
    attempts: attempts.length,
    attempted: attempts.length > 0,
    last_result: last ? { finished_at: last.finished_at, pass: last.pass } : null,
  };
}

export function buildModules(
  modules: ModuleFacts[],
  lessons: Map<number, LessonFacts>,
  progressTests: Map<number, ProgressTestFacts>,
  student: StudentFacts,
): ModuleView[] {
  const sorted = [...modules].sort((a, b) => a.position - b.position);
  const views = sorted.map((m): ModuleView => {
    const parts = [...m.parts].sort((a, b) => a.position - b.position);
    const dates = student.courseDates.get(m.id) ?? null;
    const targets = partTargets(dates, parts.length);
    const partViews = parts.map((p, i): PartView => {
      const target = targets[i] as PartTarget;
      if (p.type === "lesson") {
        const lesson = lessons.get(p.lesson_id ?? -1);
        const done = lessonCompleted(lesson?.page_count ?? 0, student.lessonPages.get(p.lesson_id ?? -1));
        return {
          id: p.id,
          number: i + 1,
          type: "lesson",
          content: {
            id: p.lesson_id ?? 0,
            title: lesson?.title ?? "Lesson",
            code: lesson?.code ?? null,
            subject_id: lesson?.subject ?? "",
            pass_percentage: null,
          },
          pass: done ? true : null,
          completed: done,
          url: lesson && student.lessonAvailable(lesson.id) ? lessonUrl(lesson.id) : "",
          ...target,
          question_count: null,
          attempts: 0,
          attempted: done,
          allow_initial_attempt: false,
          retry_interval_minutes: null,
          last_result: null,
        };
      }
      const test = progressTests.get(p.progress_test_id ?? -1);
      const state = progressTestState(student.attempts.filter((a) => a.progress_test_id === p.progress_test_id));
      return {
        id: p.id,
        number: i + 1,
        type: "progress_test",
        content: {
          id: p.progress_test_id ?? 0,
          title: test?.title ?? "Progress test",
          code: null,
          subject_id: test?.subject ?? "",
          pass_percentage: test?.pass_percentage ?? null,
        },
        ...state,
        url: "",
        ...target,
        question_count: test?.question_count ?? 0,
        allow_initial_attempt: test?.allow_initial_attempt ?? false,
        retry_interval_minutes: test?.retry_interval_minutes ?? null,
      };
    });
    const lessonDone = (id: number) => lessonCompleted(lessons.get(id)?.page_count ?? 0, student.lessonPages.get(id));
    const restrictions = Object.fromEntries(
      Object.entries(m.restrictions).map(([ptId, items]) => [
        ptId,
        items.map((item) => ({
          lesson_id: item.lesson_id,
          title: lessons.get(item.lesson_id)?.title ?? `Lesson ${item.lesson_id}`,
          completed: lessonDone(item.lesson_id),
        })),
      ]),
    );
    const subjects = [...new Set(partViews.map((p) => p.content.subject_id).filter((s) => s !== ""))];
    return {
      id: m.id,
      title: m.title,
      position: m.position,
      subjects,
      parts: partViews,
      completed: partViews.every((p) => p.completed),
      prerequisite: null,
      restrictions,
      start: dates?.start ?? null,
      end: dates?.end ?? null,
    };
  });
  const byId = new Map(views.map((v) => [v.id, v]));
  for (const [i, m] of sorted.entries()) {
    const required = m.prerequisite_module_id === null ? undefined : byId.get(m.prerequisite_module_id);
    if (required)
      (views[i] as ModuleView).prerequisite = {
        id: required.id,
        title: required.title,
        remaining: required.parts.filter((p) => !p.completed).length,
      };
  }
  return views;
}
