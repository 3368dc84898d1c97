import { describe, expect, it } from "vitest";
import {
  type AttemptFacts,
  buildModules,
  type LessonFacts,
  lessonCompleted,
  type ModuleFacts,
  type ModuleView,
  type ProgressTestFacts,
  partTargets,
  progressTestState,
  type StudentFacts,
  targetRestriction,
} from "./access.ts";
import {
  ACCESS_MESSAGES,
  type AccessSettings,
  decidePartAccess,
  progressTestStartRefusal,
  retryCheck,
} from "./part-access.ts";

const NOW = new Date("2026-11-21T09:00:00.000Z");

const lessons = new Map<number, LessonFacts>(
  [1, 2, 11, 12].map((id) => [
    id,
    { id, title: `Lesson ${id}`, code: `L${id}`, subject: id < 10 ? "010" : "050", page_count: 3 },
  ]),
);
const progressTests = new Map<number, ProgressTestFacts>([
  [
    1,
    {
      id: 1,
      title: "Air Law progress test",
      subject: "010",
      question_count: 20,
      pass_percentage: 75,
      allow_initial_attempt: true,
      retry_interval_minutes: 60,
    },
  ],
  [
    2,
    {
      id: 2,
      title: "Meteorology progress test",
      subject: "050",
      question_count: 20,
      pass_percentage: 75,
      allow_initial_attempt: false,
      retry_interval_minutes: null,
    },
  ],
]);
const modules: ModuleFacts[] = [
  {
    id: 301,
    title: "Air Law",
    position: 1,
    prerequisite_module_id: null,
    parts: [
      { id: 1, position: 1, type: "lesson", lesson_id: 1, progress_test_id: null },
      { id: 2, position: 2, type: "lesson", lesson_id: 2, progress_test_id: null },
      { id: 3, position: 3, type: "progress_test", lesson_id: null, progress_test_id: 1 },
    ],
    restrictions: { "1": [{ lesson_id: 1 }, { lesson_id: 2 }] },
  },
  {
    id: 302,
    title: "Meteorology",
    position: 2,
    prerequisite_module_id: 301,
    parts: [
      { id: 4, position: 1, type: "lesson", lesson_id: 11, progress_test_id: null },
      { id: 5, position: 2, type: "lesson", lesson_id: 12, progress_test_id: null },
      { id: 6, position: 3, type: "progress_test", lesson_id: null, progress_test_id: 2 },
    ],
    restrictions: { "2": [{ lesson_id: 11 }, { lesson_id: 12 }] },
  },
];

function student(over: Partial<StudentFacts> = {}): StudentFacts {
  return {
    lessonPages: new Map(),
    attempts: [],
    courseDates: new Map(),
    lessonAvailable: () => true,
    ...over,
  };
}
const open: AccessSettings = { restrict_target_dates: null, initial_attempt_override: false };
const view = (facts: StudentFacts) => buildModules(modules, lessons, progressTests, facts);
const decide = (mods: ModuleView[], moduleIndex: number, partIndex: number, settings = open, now = NOW) => {
  const module = mods[moduleIndex] as ModuleView;
  return decidePartAccess({ module, part: module.parts[partIndex] as never, settings, now });
};
const allLessonsRead = new Map([1, 2, 11, 12].map((id) => [id, 3]));
const attempt = (over: Partial<AttemptFacts> = {}): AttemptFacts => ({
  progress_test_id: 1,
  started: "2026-11-20T08:00:00.000Z",
  finished_at: "2026-11-20T08:30:00.000Z",
  pass: true,
  ...over,
});

describe("module parts: pass, completed and targets", () => {
  it("a lesson is complete once its last page was opened: a check, else a minus", () => {
    expect(lessonCompleted(3, undefined)).toBe(false);
    expect(lessonCompleted(3, 2)).toBe(false);
    expect(lessonCompleted(3, 3)).toBe(true);
    expect(lessonCompleted(0, 1)).toBe(true);
    const [airLaw] = view(student({ lessonPages: new Map([[1, 3]]) }));
    expect(airLaw?.parts.map((p) => p.pass)).toEqual([true, null, null]);
  });

  it("a progress test is a minus before any marked attempt, a cross when all failed, a check once one passed", () => {
    expect(progressTestState([])).toMatchObject({ pass: null, completed: false, attempted: false, attempts: 0 });
    expect(progressTestState([attempt({ finished_at: null, pass: null })])).toMatchObject({
      pass: null,
      attempted: true,
      attempts: 1,
    });
    expect(progressTestState([attempt({ pass: false })])).toMatchObject({ pass: false, completed: false });
    const both = progressTestState([
      attempt({ pass: true, finished_at: "2026-11-19T08:00:00.000Z" }),
      attempt({ pass: false, finished_at: "2026-11-20T08:00:00.000Z" }),
    ]);
    expect(both).toMatchObject({ pass: true, completed: true, attempts: 2 });
    expect(both.last_result).toEqual({ finished_at: "2026-11-20T08:00:00.000Z", pass: false });
  });

  it("a module's prerequisite counts the parts it still has to complete", () => {
    const [, met] = view(student());
    expect(met?.prerequisite).toEqual({ id: 301, title: "Air Law", remaining: 3 });
    const done = view(student({ lessonPages: allLessonsRead, attempts: [attempt()] }));
    expect(done[0]?.completed).toBe(true);
    expect(done[1]?.prerequisite?.remaining).toBe(0);
  });

  it("restrictions list the required lessons by progress-test id, with whether each is complete", () => {
    const [airLaw] = view(student({ lessonPages: new Map([[1, 3]]) }));
    expect(airLaw?.restrictions["1"]).toEqual([
      { lesson_id: 1, title: "Lesson 1", completed: true },
      { lesson_id: 2, title: "Lesson 2", completed: false },
    ]);
  });

  it("targets spread the parts from the module's start to its end; none without course dates", () => {
    expect(partTargets({ start: "2026-11-01", end: "2026-11-21" }, 3).map((t) => t.target)).toEqual([
      "2026-11-01",
      "2026-11-11",
      "2026-11-21",
    ]);
    expect(partTargets({ start: "2026-11-01", end: "2026-11-21" }, 1)).toEqual([
      { target: "2026-11-01", target_timestamp: Date.UTC(2026, 10, 1) / 1000 },
    ]);
    expect(partTargets(null, 2)).toEqual([
      { target: null, target_timestamp: null },
      { target: null, target_timestamp: null },
    ]);
  });

  it("a lesson whose content is not available has an empty url", () => {
    const [airLaw] = view(student({ lessonAvailable: (id) => id !== 2 }));
    expect(airLaw?.parts.map((p) => p.url)).toEqual(["/lesson/1", "", ""]);
  });
});

describe("restrict_target_dates", () => {
  it("unrestricted or empty means none; pt_only and modules as named; any other value each part", () => {
    expect(targetRestriction(null)).toBe("none");
    expect(targetRestriction("")).toBe("none");
    expect(targetRestriction("unrestricted")).toBe("none");
    expect(targetRestriction("pt_only")).toBe("pt_only");
    expect(targetRestriction("modules")).toBe("modules");
    expect(targetRestriction("parts")).toBe("parts");
    expect(targetRestriction("yes")).toBe("parts");
  });
});

describe("opening a module part: the spec's order of checks", () => {
  // Air Law runs from yesterday to ten days ahead: part 1 opens yesterday, parts 2 and 3 later.
  const dates = new Map([[301, { start: "2026-11-20", end: "2026-11-30" }]]);

  it("1. an incomplete prerequisite module opens the prerequisite modal, before anything else", () => {
    const mods = view(student({ courseDates: new Map([[302, { start: "2027-01-01", end: "2027-02-01" }]]) }));
    expect(decide(mods, 1, 0, { ...open, restrict_target_dates: "parts" })).toEqual({
      kind: "prerequisite",
      title: "Insufficient module progress",
      message: "Air Law module must be completed before you attempt this module.",
    });
  });

  it("2. a target date in the future denies access, per restrict_target_dates", () => {
    const mods = view(student({ courseDates: dates, lessonPages: allLessonsRead }));
    const denied = {
      kind: "target_date",
      title: "Access denied",
      message: "You may not access this until the target date.",
    };
    // parts: each part's own target
    expect(decide(mods, 0, 0, { ...open, restrict_target_dates: "parts" }).kind).toBe("open_lesson");
    expect(decide(mods, 0, 1, { ...open, restrict_target_dates: "parts" })).toEqual({
      ...denied,
      target: "2026-11-25",
    });
    // pt_only: lessons open, the progress test waits for its own target
    expect(decide(mods, 0, 1, { ...open, restrict_target_dates: "pt_only" }).kind).toBe("open_lesson");
    expect(decide(mods, 0, 2, { ...open, restrict_target_dates: "pt_only" })).toEqual({
      ...denied,
      target: "2026-11-30",
    });
    // modules: the module's first-part target, which has passed
    expect(decide(mods, 0, 1, { ...open, restrict_target_dates: "modules" }).kind).toBe("open_lesson");
    expect(decide(mods, 0, 2, { ...open, restrict_target_dates: "modules" }).kind).toBe("summary");
    // unrestricted: none
    expect(decide(mods, 0, 2, { ...open, restrict_target_dates: "unrestricted" }).kind).toBe("summary");
    // modules, with the module not started yet
    const later = view(student({ courseDates: new Map([[301, { start: "2026-12-01", end: "2026-12-31" }]]) }));
    expect(decide(later, 0, 0, { ...open, restrict_target_dates: "modules" })).toEqual({
      ...denied,
      target: "2026-12-01",
    });
    // the target day itself opens
    expect(decide(mods, 0, 1, { ...open, restrict_target_dates: "parts" }, new Date("2026-11-25T00:00:00Z")).kind).toBe(
      "open_lesson",
    );
  });

  it("3. unmet lessons: an initial attempt goes on with a note when allowed, not attempted and not overridden", () => {
    const fresh = view(student());
    expect(decide(fresh, 0, 2)).toEqual({
      kind: "summary",
      test_type: "progress_test_attempt",
      note: ACCESS_MESSAGES.initialAttempt,
    });
    const lessonsDenied = {
      kind: "lessons_required",
      title: "Insufficient module progress",
      message: "All previous module parts must be completed before you attempt this test.",
      lessons: ["Lesson 1", "Lesson 2"],
    };
    // attempted already
    expect(decide(view(student({ attempts: [attempt({ pass: false })] })), 0, 2)).toEqual(lessonsDenied);
    // the override
    expect(decide(fresh, 0, 2, { ...open, initial_attempt_override: true })).toEqual(lessonsDenied);
    // not allowed for this test (Meteorology, its prerequisite done)
    const metOnly = view(
      student({
        lessonPages: new Map([
          [1, 3],
          [2, 3],
          [11, 3],
        ]),
        attempts: [attempt()],
      }),
    );
    expect(decide(metOnly, 1, 2)).toEqual({ ...lessonsDenied, lessons: ["Lesson 12"] });
  });

  it("4. a retry interval after a failed attempt denies access and says the remaining time", () => {
    const failed = attempt({ pass: false, finished_at: "2026-11-21T08:30:00.000Z" });
    const mods = view(student({ lessonPages: allLessonsRead, attempts: [failed] }));
    expect(decide(mods, 0, 2)).toEqual({
      kind: "retry_interval",
      title: "Access denied",
      message: "You may attempt this test again in 00:30:00.",
      remaining_time: 1800,
      available_at: "2026-11-21T09:30:00.000Z",
    });
    // once the interval has passed
    expect(decide(mods, 0, 2, open, new Date("2026-11-21T09:30:00.000Z")).kind).toBe("summary");
    // the server's reply, when the device has it, decides
    const module = mods[0] as ModuleView;
    expect(
      decidePartAccess({
        module,
        part: module.parts[2] as never,
        settings: open,
        now: NOW,
        retry: { can_access: true, remaining_time: 0 },
      }).kind,
    ).toBe("summary");
  });

  it("5. otherwise the summary modal opens, as a full progress test", () => {
    const mods = view(student({ lessonPages: allLessonsRead }));
    expect(decide(mods, 0, 2)).toEqual({ kind: "summary", test_type: "progress_test", note: null });
  });

  it("6. a lesson with an empty url is 'Lesson unavailable'; otherwise its url opens", () => {
    const mods = view(student({ lessonAvailable: () => false }));
    expect(decide(mods, 0, 0)).toEqual({
      kind: "lesson_unavailable",
      title: "Lesson unavailable",
      message: "This lesson is currently not available, please try updating your app.",
    });
    expect(decide(view(student()), 0, 0)).toEqual({ kind: "open_lesson", url: "/lesson/1" });
  });
});

describe("the retry interval (GET /api/user/last-pt-result/{id})", () => {
  const last = { finished_at: "2026-11-21T08:00:00.000Z", pass: false };
  it("no interval, no result or a pass: the test may be taken", () => {
    expect(retryCheck(null, last, NOW)).toEqual({ can_access: true, remaining_time: 0, available_at: null });
    expect(retryCheck(0, last, NOW).can_access).toBe(true);
    expect(retryCheck(120, null, NOW).can_access).toBe(true);
    expect(retryCheck(120, { ...last, pass: true }, NOW).can_access).toBe(true);
  });
  it("after a fail, the remaining whole seconds until the interval has passed", () => {
    expect(retryCheck(120, last, NOW)).toEqual({
      can_access: false,
      remaining_time: 3600,
      available_at: "2026-11-21T10:00:00.000Z",
    });
    expect(retryCheck(60, last, NOW).can_access).toBe(true);
  });
});

describe("a progress test's start on replay", () => {
  it("is refused with the rule's message, and accepted whenever the rules open the summary", () => {
    expect(progressTestStartRefusal({ kind: "summary", test_type: "progress_test", note: null })).toBeNull();
    expect(
      progressTestStartRefusal({
        kind: "target_date",
        title: "Access denied",
        message: ACCESS_MESSAGES.targetDate,
        target: "x",
      }),
    ).toBe("You may not access this until the target date.");
    expect(progressTestStartRefusal({ kind: "open_lesson", url: "/lesson/1" })).toMatch(/lesson/);
  });
});
