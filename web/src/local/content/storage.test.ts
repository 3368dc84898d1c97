import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { toggleFlag } from "../actions/question.ts";
import { createTest, saveAnswer, testQuestions } from "../actions/test.ts";
import { archiveKey, type UserDb } from "../store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import {
  discardContent,
  EVICTED_META_KEY,
  noteContentInstalled,
  readInstalledNote,
  recoverEvictedContent,
  redownloadQuestionBank,
  requestPersistence,
  storageUse,
} from "./storage.ts";

/** localStorage as a Map, as Node has none. */
function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

/** A device with an installed subject, a test taken with version 1 of its questions, and its outbox. */
async function deviceWithContent() {
  const scope = await signedInScope();
  const { db } = scope;
  await db.questions.bulkPut([1, 2, 3, 4].map(multipleChoice));
  await db.installedPacks.put({
    subject: "010",
    title: "Air Law",
    version: 1,
    packId: "s3-010-v1",
    sha256: "x",
    appliedAt: "2026-11-20T10:00:00.000Z",
  });
  await db.lessonContent.put({ id: 1, subject: "010" } as never);
  await db.syllabusNodes.put({ code: "010.01", subject: "010" } as never);
  await db.learningObjectives.put({
    subject: "010",
    objectives: [{ code: "010.01.01.01.01", subject: "010" }],
  } as never);
  await db.packDownloads.put({ packId: "s3-020-v1", sha256: "y", size: 10, received: 4, chunks: 1 });
  await db.packChunks.put({ packId: "s3-020-v1", index: 0, bytes: new Uint8Array([1, 2, 3, 4]) });
  await db.meta.put({ key: "subjects", value: [{ code: "010", title: "Air Law" }] });
  const test = await createTest(scope, {
    test_type: "practice",
    title: "Air Law",
    count: 2,
    display_answers: "after_test",
    seed: 1,
  });
  const [first] = test.question_ids as [number];
  await saveAnswer(scope, test.id, first, [first * 100 + 1]);
  await toggleFlag(scope, first);
  return { scope, db, test };
}

async function contentCounts(db: UserDb) {
  return {
    questions: await db.questions.count(),
    installedPacks: await db.installedPacks.count(),
    lessonContent: await db.lessonContent.count(),
    syllabusNodes: await db.syllabusNodes.count(),
    learningObjectives: await db.learningObjectives.count(),
    packDownloads: await db.packDownloads.count(),
    packChunks: await db.packChunks.count(),
  };
}

const EMPTY = {
  questions: 0,
  installedPacks: 0,
  lessonContent: 0,
  syllabusNodes: 0,
  learningObjectives: 0,
  packDownloads: 0,
  packChunks: 0,
};

describe("discarding the content", () => {
  beforeEach(resetDatabases);

  it("empties every content table and keeps the outbox, the tests, answers and flags", async () => {
    const { db, test } = await deviceWithContent();
    const outbox = await db.outbox.toArray();
    expect(outbox.length).toBe(3);

    await discardContent(db);

    expect(await contentCounts(db)).toEqual(EMPTY);
    expect(await db.outbox.toArray()).toEqual(outbox);
    expect(await db.userTests.get(test.id)).toEqual(test);
    expect(await db.answers.count()).toBe(1);
    expect(await db.flags.count()).toBe(1);
    expect(await db.meta.get("subjects")).toBeUndefined();
    expect(await db.meta.get("clientId")).toBeDefined();
  });

  it("archives the question versions the student's tests used, and only those, so results still read", async () => {
    const { db, test } = await deviceWithContent();
    const { archived } = await discardContent(db);
    expect(archived).toBe(2);
    const keys = (await db.questionArchive.toCollection().primaryKeys()).sort();
    expect(keys).toEqual(test.question_ids.map((id) => archiveKey(id, 1)).sort());
    // The bank comes back (here with a newer version of one question): the test still reads the version it used.
    const [first] = test.question_ids as [number];
    await db.questions.bulkPut([1, 2, 3, 4].map(multipleChoice));
    await db.questions.put({ ...multipleChoice(first), version: 2, question: "Revised" });
    const shown = await testQuestions(db, test);
    expect(shown.map((q) => q?.version)).toEqual([1, 1]);
    expect(shown[0]?.question).toBe(`Question ${first}`);
  });
});

describe("eviction", () => {
  beforeEach(resetDatabases);

  it("content that was installed and is gone is noticed once, what is left cleared, and the note kept for the banner", async () => {
    const { scope, db } = await deviceWithContent();
    const store = memoryStore();
    const now = new Date("2026-11-21T09:00:00.000Z");
    noteContentInstalled(scope.userId, new Date("2026-11-20T10:00:00.000Z"), store);
    expect(await recoverEvictedContent(db, scope.userId, { online: false, now, store })).toBeNull();

    // The browser took the questions (a partial loss looks installed to the updater: it must go too).
    await db.questions.clear();
    const outbox = await db.outbox.toArray();
    const note = await recoverEvictedContent(db, scope.userId, { online: false, now, store });
    expect(note).toEqual({ noticedAt: now.toISOString(), installedAt: "2026-11-20T10:00:00.000Z" });
    expect((await db.meta.get(EVICTED_META_KEY))?.value).toEqual(note);
    expect(await contentCounts(db)).toEqual(EMPTY);
    expect(await db.outbox.toArray()).toEqual(outbox);
    expect(await db.userTests.count()).toBe(1);
    // Noticed once: a reload while the bank downloads again is not another eviction.
    expect(readInstalledNote(scope.userId, store)).toBeNull();
    expect(await recoverEvictedContent(db, scope.userId, { online: false, now, store })).toBeNull();
  });

  it("a device that never had content (first run) is not an eviction", async () => {
    const scope = await signedInScope();
    const store = memoryStore();
    expect(await recoverEvictedContent(scope.db, scope.userId, { online: false, now: new Date(), store })).toBeNull();
    expect(await scope.db.meta.get(EVICTED_META_KEY)).toBeUndefined();
  });

  it("keeps the first install time", () => {
    const store = memoryStore();
    noteContentInstalled("u", new Date("2026-01-01T00:00:00.000Z"), store);
    noteContentInstalled("u", new Date("2026-02-01T00:00:00.000Z"), store);
    expect(readInstalledNote("u", store)).toEqual({ installedAt: "2026-01-01T00:00:00.000Z" });
    store.setItem("preflight.content-installed.v", "not json");
    expect(readInstalledNote("v", store)).toBeNull();
  });
});

describe("re-download question bank", () => {
  beforeEach(resetDatabases);

  it("offline, it refuses before anything is thrown away", async () => {
    const { scope, db } = await deviceWithContent();
    const before = await contentCounts(db);
    expect(await redownloadQuestionBank(db, scope.userId, { online: false, store: memoryStore() })).toBe("offline");
    expect(await contentCounts(db)).toEqual(before);
  });
});

describe("persistent storage and usage", () => {
  it("asks only when not yet persisted, and reports what the browser answered", async () => {
    let asked = 0;
    const manager = (persisted: boolean, grant: boolean) => ({
      persisted: async () => persisted,
      persist: async () => {
        asked++;
        return grant;
      },
      estimate: async () => ({ usage: 52_428_800, quota: 1_048_576_000 }),
    });
    expect(await requestPersistence(manager(true, false))).toEqual({ supported: true, persisted: true });
    expect(asked).toBe(0);
    expect(await requestPersistence(manager(false, true))).toEqual({ supported: true, persisted: true });
    expect(await requestPersistence(manager(false, false))).toEqual({ supported: true, persisted: false });
    expect(asked).toBe(2);
    expect(await requestPersistence(null)).toEqual({ supported: false, persisted: false });
    expect(await storageUse(manager(false, false))).toEqual({ usage: 52_428_800, quota: 1_048_576_000, percent: 5 });
    expect(await storageUse({ ...manager(false, false), estimate: async () => ({}) })).toBeNull();
  });
});
