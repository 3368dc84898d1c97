/**
 * Schema versions 12 and 13: a device that kept each learning objective as a row of its own
 * (version 11) keeps every one of them, now as one row per subject, and the rest of its content
 * and records as they were.
 */
import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { CONTENT_STORES } from "../content/tables.ts";
import { UserDb } from "./db.ts";
import { USER_DB_V1_STORES } from "./fake-legacy-release.ts";

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

/** The account database's stores at schema version 11, as that release declared them. */
const VERSION_11 = {
  ...USER_DB_V1_STORES,
  flags: "questionId, flagged, updatedAt",
  seenInExam: "id, questionId",
  reviews: "key, testId",
  questionStats: "questionId",
  authorities: "id, position",
  questionArchive: "key",
  fixedTests: "id, position",
  answerRecords: "id, testId",
  modules: "id, position",
  lessons: "id, subject",
  courseDates: "moduleId",
  ...CONTENT_STORES,
  lessonProgress: "lessonId",
  progressTests: "id",
  progressResets: "id, subject",
  pendingFeedback: "id, createdAt",
  bankIndexes: "key",
};

function objective(subject: string, n: number) {
  return { code: `${subject}.01.01.01.0${n}`, text: `Objective ${n}`, subject, courses: ["ATPL"] };
}

describe("learning objectives, one row per subject (schema version 13)", () => {
  it("an older device's objectives are grouped by subject, nothing lost, the rest untouched", async () => {
    const old = new Dexie("preflight-user-u1");
    old.version(11).stores(VERSION_11);
    await old.table("learningObjectives").bulkPut([objective("010", 1), objective("050", 1), objective("010", 2)]);
    await old.table("syllabusNodes").put({ code: "010.01", title: "International law", level: 2, subject: "010" });
    await old.table("installedPacks").put({ subject: "010", title: "Air Law", version: 2, packId: "s3-010-v2" });
    await old.table("outbox").put({ seq: 1, id: "m1", status: "pending" });
    await old.table("meta").put({ key: "subjects", value: [{ code: "010", title: "Air Law" }] });
    old.close();

    const db = new UserDb("u1");
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(13);
    expect(await db.learningObjectives.orderBy("subject").toArray()).toEqual([
      { subject: "010", objectives: [objective("010", 1), objective("010", 2)] },
      { subject: "050", objectives: [objective("050", 1)] },
    ]);
    // Nothing left behind in meta by the move; the rest as it was.
    expect((await db.meta.toCollection().primaryKeys()).sort()).toEqual(["subjects"]);
    expect(await db.syllabusNodes.count()).toBe(1);
    expect(await db.installedPacks.get("010")).toMatchObject({ version: 2 });
    expect(await db.outbox.get(1)).toMatchObject({ id: "m1" });
    db.close();
  });

  it("a device without objectives upgrades to an empty table", async () => {
    const old = new Dexie("preflight-user-u2");
    old.version(11).stores(VERSION_11);
    await old.table("meta").put({ key: "clientId", value: "c1" });
    old.close();

    const db = new UserDb("u2");
    await db.open();
    expect(await db.learningObjectives.count()).toBe(0);
    expect((await db.meta.toCollection().primaryKeys()).sort()).toEqual(["clientId"]);
    db.close();
  });
});
