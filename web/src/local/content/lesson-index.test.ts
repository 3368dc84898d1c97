/** The lesson search index kept on the device: built at install, read back the same, built again for another pack. */
import "fake-indexeddb/auto";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabases, signedInScope } from "../test-support.ts";
import { buildLessonIndex, lessonIndexKey, loadLessonIndex, refreshLessonIndexes } from "./lesson-index.ts";

const { lessons } = loadFixtures();

const ids = (index: Awaited<ReturnType<typeof loadLessonIndex>>, term: string) =>
  index.search.search(term, { combineWith: "AND", prefix: true }).map((r) => r.id);

describe("the lesson search index kept on the device", () => {
  beforeEach(resetDatabases);

  it("is built for every subject with lessons, loaded back with the same hits, and built again when the pack changes", async () => {
    const { db } = await signedInScope();
    await db.lessonContent.bulkPut(lessons);
    await db.installedPacks.put({
      subject: "010",
      title: "Air Law",
      version: 1,
      packId: "p1",
      sha256: "x",
      appliedAt: "",
    });
    await refreshLessonIndexes(db);
    const kept = await db.bankIndexes.get(lessonIndexKey("010"));
    expect(kept?.bankKey).toBe("1:x");

    const built = await buildLessonIndex(db, "010");
    const loaded = await loadLessonIndex(db, "010");
    expect(ids(loaded, "ICAO")).toEqual(ids(built, "ICAO"));
    expect(ids(loaded, "ICAO").length).toBeGreaterThan(0);
    expect(loaded.pages).toEqual(built.pages);

    await db.installedPacks.put({
      subject: "010",
      title: "Air Law",
      version: 2,
      packId: "p2",
      sha256: "z",
      appliedAt: "",
    });
    await loadLessonIndex(db, "010");
    expect((await db.bankIndexes.get(lessonIndexKey("010")))?.bankKey).toBe("2:z");
  });
});
