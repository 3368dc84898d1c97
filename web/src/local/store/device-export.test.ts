import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { saveNote, toggleFlag } from "../actions/question.ts";
import { setReviewMark } from "../actions/review-marks.ts";
import { createTest, finishTest, saveAnswer } from "../actions/test.ts";
import { drainUnlocked } from "../outbox/drain.ts";
import { FakePushServer } from "../outbox/fake-push-server.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../test-support.ts";
import { type UserDb, userDb } from "./db.ts";
import {
  DeviceImportError,
  deviceFileName,
  exportDeviceData,
  importDeviceData,
  inspectDeviceFile,
} from "./device-export.ts";

async function installContent(db: UserDb, title: string) {
  await db.questions.bulkPut([1, 2, 3, 4].map(multipleChoice));
  await db.installedPacks.put({
    subject: "010",
    title,
    version: 1,
    packId: "s3-010-v1",
    sha256: "x",
    appliedAt: "2026-11-20T10:00:00.000Z",
  });
  await db.updateRecords.add({ kind: "applied", name: `${title} (version 1)`, at: null, detail: "full" });
  await db.meta.put({ key: "subjects", value: [{ code: "010", title }] });
}

/** The device about to be wiped: a finished test, one in progress, a flag; nothing sent yet. */
async function oldDevice() {
  const scope = await signedInScope();
  await installContent(scope.db, "Air Law");
  const finished = await createTest(scope, {
    test_type: "practice",
    title: "Finished",
    count: 2,
    display_answers: "after_test",
    seed: 1,
  });
  for (const id of finished.question_ids) await saveAnswer(scope, finished.id, id, [id * 100 + 1]);
  await finishTest(scope, finished.id, "finished");
  const open = await createTest(scope, {
    test_type: "practice",
    title: "In progress",
    count: 2,
    display_answers: "after_test",
    seed: 2,
  });
  await toggleFlag(scope, 3);
  await scope.db.meta.put({ key: "drainBackoff", value: { nextAttemptAt: "2026-11-21T10:00:00.000Z" } });
  return { scope, finished, open };
}

/** The student's tables as the screens read them. */
async function studentRecords(db: UserDb) {
  return {
    userTests: await db.userTests.orderBy("id").toArray(),
    answers: await db.answers.orderBy("key").toArray(),
    flags: await db.flags.toArray(),
    outbox: await db.outbox.orderBy("seq").toArray(),
    clientId: (await db.meta.get("clientId"))?.value,
    nextSeq: (await db.meta.get("nextSeq"))?.value,
  };
}

/** Wipes every database, then signs in as `user` with the bank downloaded: a fresh device. */
async function freshDevice(user = STUDENT) {
  await resetDatabases();
  const scope = await signedInScope(user);
  await installContent(scope.db, "Air Law (new device)");
  return scope;
}

describe("device data export and import", () => {
  beforeEach(resetDatabases);

  it("round trip: the student's records and outbox come back into a fresh database, the new device's content stays", async () => {
    const { scope } = await oldDevice();
    const before = await studentRecords(scope.db);
    expect(before.outbox.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    const file = await exportDeviceData(
      scope.db,
      { email: "student@preflight.test" },
      new Date("2026-11-21T12:00:00Z"),
    );
    expect(file).toMatchObject({ filename: "preflight-student@preflight.test-2026-11-21.json", tests: 2, pending: 6 });
    const text = await file.blob.text();
    expect(text).not.toContain('"tableName":"questions"');
    expect(text).not.toContain('"installedPacks"');
    expect(text).not.toContain("drainBackoff");

    const fresh = await freshDevice();
    expect((await fresh.db.meta.get("clientId"))?.value).not.toBe(before.clientId);
    expect(await inspectDeviceFile(fresh.db, file.blob)).toEqual({
      tests: 2,
      pending: 6,
      replaces: { tests: 0, records: 0 },
    });
    expect(await importDeviceData(fresh.db, file.blob, { replace: false })).toEqual({ tests: 2, pending: 6 });

    expect(await studentRecords(fresh.db)).toEqual(before);
    expect(await fresh.db.installedPacks.get("010")).toMatchObject({ title: "Air Law (new device)" });
    expect(await fresh.db.questions.count()).toBe(4);
    expect((await fresh.db.meta.get("subjects"))?.value).toEqual([{ code: "010", title: "Air Law (new device)" }]);
    expect((await fresh.db.updateRecords.toArray()).map((r) => r.name)).toEqual(["Air Law (new device) (version 1)"]);
    expect(await fresh.db.meta.get("drainBackoff")).toBeUndefined();
    expect(await fresh.db.table("meta").count()).toBeGreaterThan(0);
    expect((await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith("preflight-import"))).toEqual(
      [],
    );
  });

  it("export and import report the rows done of all there are, ending at all of them", async () => {
    const { scope } = await oldDevice();
    const exported: { done: number; total: number }[] = [];
    const file = await exportDeviceData(scope.db, { email: "student@preflight.test" }, undefined, (p) =>
      exported.push(p),
    );
    const imported: { done: number; total: number }[] = [];
    const fresh = await freshDevice();
    await importDeviceData(fresh.db, file.blob, { replace: false, onProgress: (p) => imported.push(p) });
    for (const reports of [exported, imported]) {
      const last = reports.at(-1);
      expect(last?.total).toBeGreaterThan(0);
      expect(last?.done).toBe(last?.total);
      expect(reports.map((r) => r.done)).toEqual([...reports.map((r) => r.done)].sort((a, b) => a - b));
    }
  });

  it("the outbox carries on: the server gets every change once, in seq order, then new ones follow under the same client", async () => {
    const { scope, open } = await oldDevice();
    const file = await exportDeviceData(scope.db, { email: "student@preflight.test" });
    const fresh = await freshDevice();
    await importDeviceData(fresh.db, file.blob, { replace: false });

    const server = new FakePushServer();
    const deps = { fetch: server.fetch, now: () => new Date(), random: () => 0.5 };
    await drainUnlocked(deps);
    expect(server.applied.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    const [question] = open.question_ids as [number];
    await saveAnswer(fresh, open.id, question, [question * 100 + 2]);
    const [next] = await fresh.db.outbox.toArray();
    expect(next).toMatchObject({ seq: 7, clientId: (await studentRecords(scope.db)).clientId });
    await drainUnlocked(deps);
    expect(server.applied.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("the same file imported again never moves the device's seq back under its client id", async () => {
    const { scope, open } = await oldDevice();
    const file = await exportDeviceData(scope.db, { email: "student@preflight.test" });
    const fresh = await freshDevice();
    await importDeviceData(fresh.db, file.blob, { replace: false });
    const server = new FakePushServer();
    const deps = { fetch: server.fetch, now: () => new Date(), random: () => 0.5 };
    const [question] = open.question_ids as [number];
    await saveAnswer(fresh, open.id, question, [question * 100 + 2]);
    await drainUnlocked(deps);
    expect(server.applied.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    await importDeviceData(fresh.db, file.blob, { replace: true });
    await drainUnlocked(deps);
    await saveAnswer(fresh, open.id, question, [question * 100 + 1]);
    await drainUnlocked(deps);
    expect(server.applied.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await fresh.db.outbox.count()).toBe(0);
  });

  it("refuses another account's file and writes nothing", async () => {
    const { scope } = await oldDevice();
    const file = await exportDeviceData(scope.db, { email: "student@preflight.test" });
    const other = await freshDevice({ ...STUDENT, id: "user-2", email: "other@preflight.test" });
    const before = await studentRecords(other.db);
    const error = await importDeviceData(other.db, file.blob, { replace: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeviceImportError);
    expect((error as DeviceImportError).reason).toBe("other-account");
    expect(await studentRecords(other.db)).toEqual(before);
    expect(await userDb(STUDENT.id).userTests.count()).toBe(0);
  });

  it("refuses a file that is not a device data file", async () => {
    const scope = await signedInScope();
    for (const blob of [
      new Blob(["not json at all"]),
      new Blob([JSON.stringify({ kind: "preflight-pending-changes", mutations: [] })]),
    ]) {
      const error = await inspectDeviceFile(scope.db, blob).catch((e: unknown) => e);
      expect((error as DeviceImportError).reason).toBe("not-a-device-file");
    }
  });

  it("replaces the device's own records only when confirmed, and never over changes not yet sent", async () => {
    const { scope } = await oldDevice();
    const file = await exportDeviceData(scope.db, { email: "student@preflight.test" });
    const exported = await studentRecords(scope.db);

    // A device that pulled one finished test from the server: importing replaces it, so it asks first.
    const fresh = await freshDevice();
    await fresh.db.userTests.put({ ...exported.userTests[0], id: "pulled-test", title: "Pulled" } as never);
    expect((await inspectDeviceFile(fresh.db, file.blob)).replaces).toEqual({ tests: 1, records: 1 });
    await expect(importDeviceData(fresh.db, file.blob, { replace: false })).rejects.toThrow(/needs confirming/);
    expect(await fresh.db.userTests.get("pulled-test")).toBeDefined();
    await importDeviceData(fresh.db, file.blob, { replace: true });
    expect(await fresh.db.userTests.get("pulled-test")).toBeUndefined();
    expect(await studentRecords(fresh.db)).toEqual(exported);

    // A device with a change of its own still waiting: refused, even when confirmed.
    const busy = await freshDevice();
    await toggleFlag(busy, 2);
    const error = await importDeviceData(busy.db, file.blob, { replace: true }).catch((e: unknown) => e);
    expect((error as DeviceImportError).reason).toBe("unsent-changes");
    expect((await busy.db.outbox.toArray()).map((e) => e.call)).toEqual(["POST /api/question/flag"]);
  });

  it("notes travel in the file as flags do: the notes and their waiting writes come back, and count as the device's own records", async () => {
    const { scope } = await oldDevice();
    await saveNote(scope, 3, "Annex 2: rules of the air");
    await saveNote(scope, 4, "cleared later");
    await saveNote(scope, 4, "");
    const notes = await scope.db.notes.orderBy("questionId").toArray();
    const file = await exportDeviceData(scope.db, { email: "student@preflight.test" });

    const fresh = await freshDevice();
    await fresh.db.notes.put({ questionId: 1, text: "pulled from the server", updatedAt: "2026-11-20T09:00:00.000Z" });
    expect((await inspectDeviceFile(fresh.db, file.blob)).replaces).toEqual({ tests: 0, records: 1 });
    await importDeviceData(fresh.db, file.blob, { replace: true });
    expect(await fresh.db.notes.orderBy("questionId").toArray()).toEqual(notes);

    const server = new FakePushServer();
    await drainUnlocked({ fetch: server.fetch, now: () => new Date(), random: () => 0.5 });
    expect(server.applied.filter((m) => m.call === "POST /api/question/note").map((m) => m.body)).toEqual([
      { question_id: 3, text: "Annex 2: rules of the air" },
      { question_id: 4, text: "cleared later" },
      { question_id: 4, text: "" },
    ]);
  });

  it("review marks travel in the file as notes do, and their waiting writes reach the server once", async () => {
    const { scope } = await oldDevice();
    await setReviewMark(scope, 3, true);
    await setReviewMark(scope, 4, true);
    await setReviewMark(scope, 4, false);
    const marks = await scope.db.reviewMarks.orderBy("questionId").toArray();
    const file = await exportDeviceData(scope.db, { email: "student@preflight.test" });

    const fresh = await freshDevice();
    await fresh.db.reviewMarks.put({ questionId: 1, marked: true, updatedAt: "2026-11-20T09:00:00.000Z" });
    expect((await inspectDeviceFile(fresh.db, file.blob)).replaces).toEqual({ tests: 0, records: 1 });
    await importDeviceData(fresh.db, file.blob, { replace: true });
    expect(await fresh.db.reviewMarks.orderBy("questionId").toArray()).toEqual(marks);

    const server = new FakePushServer();
    await drainUnlocked({ fetch: server.fetch, now: () => new Date(), random: () => 0.5 });
    expect(server.applied.filter((m) => m.call === "POST /api/question/review_mark").map((m) => m.body)).toEqual([
      { question_id: 3, marked: true },
      { question_id: 4, marked: true },
      { question_id: 4, marked: false },
    ]);
  });

  it("names the file after the student and the day", () => {
    expect(deviceFileName("a b/c@x.test", new Date("2026-01-02T03:04:05Z"))).toBe(
      "preflight-a_b_c@x.test-2026-01-02.json",
    );
  });
});
