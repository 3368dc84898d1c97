import "fake-indexeddb/auto";
import type { PulledAnswer, PulledTest, PullStep } from "@preflight/sync-protocol/schemas/pull";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveNote, setZoom, toggleFlag } from "../../actions/question.ts";
import { setReviewMark } from "../../actions/review-marks.ts";
import { createTest, saveAnswer } from "../../actions/test.ts";
import { answerKey, archiveKey, getMeta, type UserDb } from "../../store/db.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../../test-support.ts";
import { cursorKey } from "./cursor.ts";
import { PULL_DEFERRED_KEY, runPullChain, type StepState } from "./runner.ts";
import { apiPullCall } from "./transport.ts";

const PATHS: Record<string, PullStep> = {
  "/user-sync/profile": "profile",
  "/user-sync/sync": "user",
  "/user-sync/syllabus": "syllabus",
  "/user-sync/school": "school",
};

type Replies = Partial<Record<PullStep, unknown | (() => unknown)>>;

/**
 * A fake server behind fetch: the reply each step gives (a function may throw, as a fetch that
 * fails does, or wait, as a reply on the wire does), and every call it received. The chain reaches it through the real transport.
 */
function fakeServer(replies: Replies) {
  const calls: { step: PullStep; cursor: string | null }[] = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    const step = PATHS[path] as PullStep;
    calls.push({ step, cursor: JSON.parse(String(init.body)).cursor });
    const reply = replies[step] ?? defaults[step];
    return Response.json(typeof reply === "function" ? await (reply as () => unknown)() : reply);
  });
  return { call: apiPullCall, calls };
}

const emptyUser = {
  success: true,
  cursor: "0",
  tests: [],
  answers: [],
  flags: [],
  seen_in_exam: [],
  reviews: [],
  question_versions: [],
};
const defaults: Record<PullStep, unknown> = {
  profile: { success: true, cursor: "0", changed: false },
  user: emptyUser,
  syllabus: { success: true, cursor: "00000000000000aa", changed: false },
  school: { success: true, cursor: "00000000000000bb", changed: true, school: null },
};

function serverTest(id: string, overrides: Partial<PulledTest> = {}): PulledTest {
  return {
    id,
    title: "Practice test (3 questions)",
    test_type: "practice",
    display_answers: "after_test",
    time_limit: null,
    pass_percentage: null,
    started: "2026-11-21T08:00:00.000Z",
    finished_at: null,
    ended: null,
    can_retake: true,
    hide_results: false,
    retake_of: null,
    fixed_test_id: null,
    hide_answers: false,
    questions: [1, 2, 3].map((question_id) => ({ question_id, version: 1 })),
    result: null,
    change_seq: 1,
    ...overrides,
  };
}

function serverAnswer(
  id: string,
  testId: string,
  questionId: number,
  pick: 1 | 2,
  seq: number,
  overrides: Partial<PulledAnswer> = {},
): PulledAnswer {
  return {
    id,
    user_test_id: testId,
    question_id: questionId,
    question_version: 1,
    given: [questionId * 100 + pick],
    correct: pick === 1,
    applied: true,
    created_at: `2026-11-21T08:00:${String(seq).padStart(2, "0")}.000Z`,
    received_at: `2026-11-21T08:01:${String(seq).padStart(2, "0")}.000Z`,
    change_seq: seq,
    ...overrides,
  };
}

const cursorOf = (db: UserDb, step: PullStep) => getMeta<string | null>(db, cursorKey(step));

describe("the post-login sync chain", () => {
  beforeEach(resetDatabases);
  afterEach(() => vi.unstubAllGlobals());

  it("[PL2][PL3] runs profile, user, syllabus, school in order; first with no cursors, then with the ones it kept", async () => {
    const { db } = await signedInScope();
    const server = fakeServer({
      profile: { success: true, cursor: "7", changed: false },
      user: { ...emptyUser, cursor: "7" },
    });
    const states: string[] = [];
    const result = await runPullChain(db, { call: server.call, onStep: (s, st) => states.push(`${s}:${st}`) });
    expect(result).toEqual({ ok: true, deferred: false });
    expect(server.calls).toEqual([
      { step: "profile", cursor: null },
      { step: "user", cursor: null },
      { step: "syllabus", cursor: null },
      { step: "school", cursor: null },
    ]);
    expect(states).toEqual([
      "profile:syncing",
      "profile:complete",
      "user:syncing",
      "user:complete",
      "syllabus:syncing",
      "syllabus:complete",
      "school:syncing",
      "school:complete",
    ]);
    await runPullChain(db, { call: server.call });
    expect(server.calls.slice(4).map((c) => c.cursor)).toEqual(["7", "7", "00000000000000aa", "00000000000000bb"]);
    expect(await getMeta(db, "school")).toBeNull();
  });

  it("[PL2] a caller that comes while a chain runs joins it: told the states so far, then following along", async () => {
    const { db } = await signedInScope();
    const server = fakeServer({});
    const first = runPullChain(db, { call: server.call });
    const seen: string[] = [];
    const second = runPullChain(db, { call: server.call, onStep: (s, st) => seen.push(`${s}:${st}`) });
    expect(await second).toEqual(await first);
    expect(server.calls.map((c) => c.step)).toEqual(["profile", "user", "syllabus", "school"]);
    expect(seen.slice(-2)).toEqual(["school:syncing", "school:complete"]);
  });

  it("[PL4] a false reply stops the chain: the step fails, the ones after it are never asked", async () => {
    const { db } = await signedInScope();
    const server = fakeServer({
      user: { ...emptyUser, cursor: "3" },
      syllabus: { success: false, message: "no syllabus" },
    });
    const states: [PullStep, StepState][] = [];
    const result = await runPullChain(db, { call: server.call, onStep: (s, st) => states.push([s, st]) });
    expect(result).toEqual({ ok: false, step: "syllabus", kind: "refused", message: "no syllabus" });
    expect(server.calls.map((c) => c.step)).toEqual(["profile", "user", "syllabus"]);
    expect(states.at(-1)).toEqual(["syllabus", "failed"]);
    // Cursors move only with a step that succeeded.
    expect(await cursorOf(db, "user")).toBe("3");
    expect(await cursorOf(db, "syllabus")).toBeUndefined();
    expect(await cursorOf(db, "school")).toBeUndefined();
  });

  it("[PL3] a lost connection or an unreadable reply fails the step and keeps its cursor", async () => {
    const { db } = await signedInScope();
    await runPullChain(db, { call: fakeServer({ user: { ...emptyUser, cursor: "4" } }).call });
    const offline = fakeServer({
      user: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    expect(await runPullChain(db, { call: offline.call })).toMatchObject({ ok: false, step: "user", kind: "offline" });
    expect(await cursorOf(db, "user")).toBe("4");
    const garbled = fakeServer({ user: { success: true, cursor: "9", tests: "nope" } });
    expect(await runPullChain(db, { call: garbled.call })).toMatchObject({
      ok: false,
      step: "user",
      kind: "error",
      message: expect.stringMatching(/^unreadable reply: POST \/user-sync\/sync answered 200/),
    });
    expect(await cursorOf(db, "user")).toBe("4");
  });

  it("[PL2] tests from another device appear, marked, with their answers, older versions and review", async () => {
    const { db } = await signedInScope();
    const testId = "0193a000-0000-7000-8000-000000000001";
    const oldVersion = { ...multipleChoice(2), question: "Question 2, as it was", version: 1 };
    const server = fakeServer({
      user: {
        ...emptyUser,
        cursor: "12",
        tests: [
          serverTest(testId, {
            finished_at: "2026-11-21T08:10:00.000Z",
            ended: "finished",
            result: {
              id: testId,
              title: "Practice test (3 questions)",
              test_type: "practice",
              score: 1,
              total_score: 3,
              percentage: 33,
              pass: false,
              marked: true,
              answered: 2,
            },
            change_seq: 11,
          }),
        ],
        answers: [
          serverAnswer("a1", testId, 1, 2, 2),
          serverAnswer("a2", testId, 1, 1, 3),
          serverAnswer("a3", testId, 2, 2, 4),
        ],
        flags: [{ question_id: 3, flagged: true, updated_at: "2026-11-21T08:05:00.000Z", change_seq: 5 }],
        seen_in_exam: [
          {
            id: "r1",
            question_id: 3,
            date_seen: "2026-10",
            authority: "de_lba",
            created_at: "2026-11-21T08:06:00.000Z",
            change_seq: 6,
          },
        ],
        reviews: [
          { user_test_id: testId, question_id: 2, position: 2, viewed_at: "2026-11-21T08:11:00.000Z", change_seq: 12 },
        ],
        question_versions: [oldVersion],
      },
    });
    expect(await runPullChain(db, { call: server.call })).toEqual({ ok: true, deferred: false });
    expect(await db.userTests.get(testId)).toMatchObject({
      question_ids: [1, 2, 3],
      finished: "2026-11-21T08:10:00.000Z",
      marked: { score: 1, percentage: 33 },
      predicted: null,
    });
    // The latest counted answer per question (a2 replaced a1).
    expect(
      (await db.answers.where("testId").equals(testId).sortBy("questionId")).map((a) => [
        a.questionId,
        a.given,
        a.correct,
      ]),
    ).toEqual([
      [1, [101], true],
      [2, [202], false],
    ]);
    expect(await db.flags.get(3)).toMatchObject({ flagged: true });
    expect(await db.seenInExam.get("r1")).toMatchObject({ questionId: 3, authority: "de_lba" });
    expect(await db.reviews.get(`${testId}:2`)).toMatchObject({ questionId: 2 });
    expect((await db.questionArchive.get(archiveKey(2, 1)))?.question.question).toBe("Question 2, as it was");
    expect(await cursorOf(db, "user")).toBe("12");
  });

  it("[PL5] answer records merge by id: the same record twice is kept once; one kept on record only does not count", async () => {
    const { db } = await signedInScope();
    const testId = "0193a000-0000-7000-8000-000000000002";
    const reply = {
      ...emptyUser,
      cursor: "5",
      tests: [serverTest(testId)],
      answers: [
        serverAnswer("b1", testId, 1, 1, 2),
        serverAnswer("b2", testId, 2, 1, 3),
        serverAnswer("late", testId, 2, 2, 4, { applied: false }),
      ],
    };
    await runPullChain(db, { call: fakeServer({ user: reply }).call });
    await runPullChain(db, { call: fakeServer({ user: reply }).call });
    expect((await db.answerRecords.toArray()).map((r) => r.id).sort()).toEqual(["b1", "b2", "late"]);
    expect(await db.answers.where("testId").equals(testId).count()).toBe(2);
    expect((await db.answers.get(answerKey(testId, 2)))?.given).toEqual([201]);
  });

  it("[PL5] a test with a change still in the outbox keeps the device's version; it arrives after the change is sent", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    await db.questions.bulkPut([multipleChoice(1), multipleChoice(2), multipleChoice(3)]);
    const local = await createTest(scope, {
      test_type: "practice",
      title: "Practice test (3 questions)",
      count: 3,
      display_answers: "after_test",
      seed: 1,
    });
    await saveAnswer(scope, local.id, 1, [101]);
    // The server holds an older state of this test (the device's answer is not there yet).
    const stale = {
      ...emptyUser,
      cursor: "20",
      tests: [
        serverTest(local.id, {
          questions: local.question_ids.map((question_id) => ({ question_id, version: 1 })),
          change_seq: 14,
        }),
      ],
      answers: [serverAnswer("c1", local.id, 1, 2, 15)],
      flags: [{ question_id: 2, flagged: true, updated_at: "2026-11-21T08:05:00.000Z", change_seq: 16 }],
    };
    const server = fakeServer({ user: stale });
    expect(await runPullChain(db, { call: server.call })).toEqual({ ok: true, deferred: true });
    expect((await db.answers.get(answerKey(local.id, 1)))?.given).toEqual([101]);
    expect(await db.userTests.get(local.id)).toMatchObject({ started: local.started, title: local.title });
    // Rows with no local change are applied; the cursor stays before the first row left aside.
    expect(await db.flags.get(2)).toMatchObject({ flagged: true });
    expect(await cursorOf(db, "user")).toBe("13");
    expect(await getMeta(db, PULL_DEFERRED_KEY)).toEqual(expect.any(String));
    // The same record a second time is still one record.
    await runPullChain(db, { call: server.call });
    expect(await db.answerRecords.count()).toBe(1);

    // The outbox is sent; the server now holds the device's answer after the other one.
    await db.outbox.clear();
    const applied = {
      ...stale,
      cursor: "22",
      answers: [...stale.answers, serverAnswer("c2", local.id, 1, 1, 21)],
      flags: [],
    };
    expect(await runPullChain(db, { call: fakeServer({ user: applied }).call })).toEqual({ ok: true, deferred: false });
    expect((await db.answers.get(answerKey(local.id, 1)))?.given).toEqual([101]);
    expect(await db.answerRecords.count()).toBe(2);
    expect(await cursorOf(db, "user")).toBe("22");
    expect(await getMeta(db, PULL_DEFERRED_KEY)).toBe(false);
  });

  it("[PL5] a change queued and sent while the reply was on the wire is not overwritten by that older reply", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    expect(await toggleFlag(scope, 4)).toBe(true);
    await db.outbox.clear();
    const stale = {
      ...emptyUser,
      cursor: "40",
      flags: [{ question_id: 4, flagged: true, updated_at: "2026-11-21T08:00:00.000Z", change_seq: 39 }],
    };
    const server = fakeServer({
      // The server read the flag before the student unflagged it; the unflag was then sent and
      // applied (gone from the outbox) before this reply reached the device.
      user: async () => {
        expect(await toggleFlag(scope, 4)).toBe(false);
        await db.outbox.clear();
        return stale;
      },
    });
    expect(await runPullChain(db, { call: server.call })).toEqual({ ok: true, deferred: true });
    expect(await db.flags.get(4)).toMatchObject({ flagged: false });
    expect(await cursorOf(db, "user")).toBe("38");
    expect(await getMeta(db, PULL_DEFERRED_KEY)).toEqual(expect.any(String));
    // The next pull, with nothing queued meanwhile, takes the server's rows: the unflag is among them.
    const current = { ...stale, cursor: "41", flags: [{ ...stale.flags[0], flagged: false, change_seq: 41 }] };
    expect(await runPullChain(db, { call: fakeServer({ user: current }).call })).toEqual({
      ok: true,
      deferred: false,
    });
    expect(await db.flags.get(4)).toMatchObject({ flagged: false });
    expect(await cursorOf(db, "user")).toBe("41");
  });

  it("[PL5] a flag or zoom changed on this device and not yet sent is not overwritten", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    expect(await toggleFlag(scope, 4)).toBe(true);
    await setZoom(scope, 1.5);
    const server = fakeServer({
      profile: {
        success: true,
        cursor: "30",
        changed: true,
        profile: {
          id: STUDENT.id,
          email: STUDENT.email,
          firstname: "Samantha",
          lastname: "Student",
          role: "student",
          syllabus_id: 3,
          class_name: null,
          subscription: { start: null, end: "2027-12-31" },
          features: STUDENT.features,
          settings: { zoom: 1.2 },
        },
      },
      user: {
        ...emptyUser,
        cursor: "30",
        flags: [{ question_id: 4, flagged: false, updated_at: "2026-11-21T08:00:00.000Z", change_seq: 29 }],
      },
    });
    await runPullChain(db, { call: server.call });
    expect(await db.flags.get(4)).toMatchObject({ flagged: true });
    expect(await getMeta(db, "zoom")).toBe(1.5);
    expect(await cursorOf(db, "profile")).toBeUndefined();
    expect(await cursorOf(db, "user")).toBe("28");
    // The rest of the profile is the server's.
    expect(await getMeta(db, "profile")).toMatchObject({ firstname: "Samantha" });
  });

  it("[PL2] [SR24] notes from another device arrive, a cleared one as empty text", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    await db.notes.put({ questionId: 7, text: "old words", updatedAt: "2026-11-20T08:00:00.000Z" });
    const server = fakeServer({
      user: {
        ...emptyUser,
        cursor: "12",
        notes: [
          { question_id: 5, text: "from the laptop", updated_at: "2026-11-21T08:05:00.000Z", change_seq: 11 },
          { question_id: 7, text: "", updated_at: "2026-11-21T08:06:00.000Z", change_seq: 12 },
        ],
      },
    });
    await runPullChain(db, { call: server.call });
    expect(await db.notes.get(5)).toEqual({
      questionId: 5,
      text: "from the laptop",
      updatedAt: "2026-11-21T08:05:00.000Z",
    });
    expect(await db.notes.get(7)).toMatchObject({ text: "" });
    expect(await cursorOf(db, "user")).toBe("12");
  });

  it("[PL5] a note written on this device and not yet sent is not overwritten; the server's comes again", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    await saveNote(scope, 4, "written offline on the tablet");
    const server = fakeServer({
      user: {
        ...emptyUser,
        cursor: "30",
        notes: [
          { question_id: 4, text: "older, from the laptop", updated_at: "2026-11-21T08:00:00.000Z", change_seq: 29 },
          { question_id: 6, text: "another question", updated_at: "2026-11-21T08:00:00.000Z", change_seq: 30 },
        ],
      },
    });
    await runPullChain(db, { call: server.call });
    expect(await db.notes.get(4)).toMatchObject({ text: "written offline on the tablet" });
    expect(await db.notes.get(6)).toMatchObject({ text: "another question" });
    expect(await cursorOf(db, "user")).toBe("28");
    expect(await getMeta(db, PULL_DEFERRED_KEY)).toEqual(expect.any(String));
  });

  it("[PL2] [SR26] review marks from another device arrive, one taken off as marked false", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    await db.reviewMarks.put({ questionId: 7, marked: true, updatedAt: "2026-11-20T08:00:00.000Z" });
    const server = fakeServer({
      user: {
        ...emptyUser,
        cursor: "14",
        review_marks: [
          { question_id: 5, marked: true, updated_at: "2026-11-21T08:05:00.000Z", change_seq: 13 },
          { question_id: 7, marked: false, updated_at: "2026-11-21T08:06:00.000Z", change_seq: 14 },
        ],
      },
    });
    await runPullChain(db, { call: server.call });
    expect(await db.reviewMarks.get(5)).toEqual({ questionId: 5, marked: true, updatedAt: "2026-11-21T08:05:00.000Z" });
    expect(await db.reviewMarks.get(7)).toEqual({
      questionId: 7,
      marked: false,
      updatedAt: "2026-11-21T08:06:00.000Z",
    });
    expect(await cursorOf(db, "user")).toBe("14");
  });

  it("[PL5] a mark set on this device and not yet sent is not overwritten; the server's comes again", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    await setReviewMark(scope, 4, true);
    const server = fakeServer({
      user: {
        ...emptyUser,
        cursor: "40",
        review_marks: [
          { question_id: 4, marked: false, updated_at: "2026-11-21T08:00:00.000Z", change_seq: 39 },
          { question_id: 6, marked: true, updated_at: "2026-11-21T08:00:00.000Z", change_seq: 40 },
        ],
        // A flag of the same question is another record: it is taken.
        flags: [{ question_id: 4, flagged: true, updated_at: "2026-11-21T08:00:00.000Z", change_seq: 38 }],
      },
    });
    await runPullChain(db, { call: server.call });
    expect(await db.reviewMarks.get(4)).toMatchObject({ marked: true });
    expect(await db.reviewMarks.get(6)).toMatchObject({ marked: true });
    expect(await db.flags.get(4)).toMatchObject({ flagged: true });
    expect(await cursorOf(db, "user")).toBe("38");
    expect(await getMeta(db, PULL_DEFERRED_KEY)).toEqual(expect.any(String));
  });
});
