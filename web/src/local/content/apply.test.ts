/**
 * Applying a verified content pack: a full pack replaces what the device holds of its subject, a
 * delta applies only on top of its base; question versions that leave the bank or change move to
 * the archive; the subject's lessons, headings and objectives are replaced; the download's
 * leftovers go; everything in one transaction.
 */
import "fake-indexeddb/auto";
import type { PackBody } from "@preflight/sync-protocol/schemas/content-pack";
import { beforeEach, describe, expect, it } from "vitest";
import { archiveKey, getMeta, type LocalQuestion } from "../store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import { applyPack } from "./apply.ts";
import { UpdateError } from "./errors.ts";

const NOW = new Date("2026-11-25T09:00:00Z");

function q(id: number, version = 1, subject = "010"): LocalQuestion {
  return { ...multipleChoice(id), subject, syllabus_code: `${subject}.01`, version };
}

function OBJECTIVE(n: number) {
  return { code: `010.01.01.01.0${n}`, text: `Objective ${n}`, subject: "010", courses: ["ATPL"] };
}

function pack(overrides: Partial<PackBody> & Pick<PackBody, "version" | "questions">): PackBody {
  return {
    format: 1,
    id: `s3-010-v${overrides.version}`,
    syllabus_id: 3,
    subject: { code: "010", title: "Air Law" },
    base_version: null,
    retired: [],
    nodes: [{ code: "010.01", title: "International law", level: 2 }],
    learning_objectives: [OBJECTIVE(1)],
    lessons: [
      { id: 7, subject: "010", title: "Conventions", code: "010.01", pages: ["<p>One</p>"], learning_objectives: [] },
    ],
    ...overrides,
  } as PackBody;
}

describe("applying a content pack", () => {
  beforeEach(resetDatabases);

  it("installs a full pack, then a newer full pack archives what changed or left and leaves other subjects alone", async () => {
    const { db } = await signedInScope();
    await db.questions.put(q(90, 1, "021"));
    await db.packDownloads.put({ packId: "s3-010-v1", sha256: "aa", size: 10, received: 10, chunks: 1 });
    await db.packChunks.put({ packId: "s3-010-v1", index: 0, bytes: new Uint8Array([1]) });
    await db.packChunks.put({ packId: "other", index: 0, bytes: new Uint8Array([2]) });

    await applyPack(
      db,
      pack({ version: 1, questions: [q(1), q(2), q(3)], learning_objectives: [OBJECTIVE(1), OBJECTIVE(2)] }),
      "aa",
      NOW,
    );
    expect((await db.questions.orderBy("id").toArray()).map((x) => [x.id, x.version])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [90, 1],
    ]);
    expect(await db.installedPacks.get("010")).toMatchObject({ version: 1, packId: "s3-010-v1", sha256: "aa" });
    expect(await getMeta(db, "subjects")).toEqual([{ code: "010", title: "Air Law" }]);
    expect(await db.lessonContent.count()).toBe(1);
    expect(await db.syllabusNodes.get("010.01")).toMatchObject({ subject: "010" });
    // The subject's learning objectives: one row for the subject, however many it has.
    expect(await db.learningObjectives.toArray()).toEqual([
      { subject: "010", objectives: [OBJECTIVE(1), OBJECTIVE(2)] },
    ]);
    expect(await db.packDownloads.count()).toBe(0);
    expect((await db.packChunks.toArray()).map((c) => c.packId)).toEqual(["other"]);
    expect(await db.updateRecords.toArray()).toMatchObject([
      { kind: "applied", name: "Air Law (version 1)", detail: "full" },
    ]);

    await applyPack(
      db,
      pack({
        version: 2,
        questions: [q(1), q(2, 2), q(4)],
        learning_objectives: [OBJECTIVE(3)],
        lessons: [
          { id: 8, subject: "010", title: "Rules", code: "010.01", pages: ["<p>Two</p>"], learning_objectives: [] },
        ],
      }),
      "bb",
      NOW,
    );
    expect((await db.questions.orderBy("id").toArray()).map((x) => [x.id, x.version])).toEqual([
      [1, 1],
      [2, 2],
      [4, 1],
      [90, 1],
    ]);
    expect((await db.questionArchive.toCollection().primaryKeys()).sort()).toEqual([
      archiveKey(2, 1),
      archiveKey(3, 1),
    ]);
    expect((await db.lessonContent.toArray()).map((l) => l.id)).toEqual([8]);
    expect(await db.learningObjectives.toArray()).toEqual([{ subject: "010", objectives: [OBJECTIVE(3)] }]);
    expect(await db.installedPacks.get("010")).toMatchObject({ version: 2, sha256: "bb" });
  });

  it("applies a delta on top of its base: changed and retired versions archived; lessons kept when it carries none", async () => {
    const { db } = await signedInScope();
    await applyPack(db, pack({ version: 1, questions: [q(1), q(2), q(3)] }), "aa", NOW);
    await applyPack(
      db,
      pack({
        id: "s3-010-v1-v2",
        version: 2,
        base_version: 1,
        questions: [q(2, 2), q(5)],
        retired: [3],
        lessons: null,
        nodes: null,
        learning_objectives: null,
      }),
      "cc",
      NOW,
    );
    expect((await db.questions.orderBy("id").toArray()).map((x) => [x.id, x.version])).toEqual([
      [1, 1],
      [2, 2],
      [5, 1],
    ]);
    expect((await db.questionArchive.toCollection().primaryKeys()).sort()).toEqual([
      archiveKey(2, 1),
      archiveKey(3, 1),
    ]);
    expect(await db.lessonContent.count()).toBe(1);
    expect(await db.syllabusNodes.count()).toBe(1);
    expect(await db.learningObjectives.count()).toBe(1);
    expect(await db.updateRecords.orderBy("id").last()).toMatchObject({ detail: "from version 1" });
  });

  it("refuses a delta whose base is not what the device holds, and changes nothing", async () => {
    const { db } = await signedInScope();
    await applyPack(db, pack({ version: 1, questions: [q(1)] }), "aa", NOW);
    const delta = pack({ id: "s3-010-v2-v3", version: 3, base_version: 2, questions: [q(1, 3)] });
    await expect(applyPack(db, delta, "dd", NOW)).rejects.toBeInstanceOf(UpdateError);
    expect((await db.questions.get(1))?.version).toBe(1);
    expect(await db.installedPacks.get("010")).toMatchObject({ version: 1 });
  });
});
