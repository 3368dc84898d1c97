import "fake-indexeddb/auto";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { searchableLesson, searchPages } from "@preflight/sync-protocol/rules/lesson-search";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabases, signedInScope } from "../../local/test-support.ts";
import { clearSearchIndexes, lessonSubjects, searchLessons } from "./search-index.ts";

const { lessons } = loadFixtures();

describe("lesson search on the device (MiniSearch over the downloaded lessons)", () => {
  beforeEach(async () => {
    await resetDatabases();
    clearSearchIndexes();
  });

  const install = async () => {
    const scope = await signedInScope();
    await scope.db.lessonContent.bulkPut(lessons);
    await scope.db.installedPacks.bulkPut([
      { subject: "010", title: "Air Law", version: 1, packId: "p1", sha256: "x", appliedAt: "" },
      { subject: "050", title: "Meteorology", version: 1, packId: "p2", sha256: "y", appliedAt: "" },
    ]);
    return scope;
  };

  it.each([
    ["ICAO", false],
    ["press", false],
    ["pressure", true],
    ["right of way", true],
    ["15 °C", false],
    ["annex 1", false],
    ["annex 1", true],
    ["VMC minima", false],
    ["zzzqqq", false],
  ])("finds exactly what the server's rule finds for %j (whole word %s)", async (term, wholeWord) => {
    const scope = await install();
    const device = await searchLessons(scope.db, { term, wholeWord, subject: "all", lessonIds: null });
    const server = searchPages(lessons.flatMap(searchableLesson), { term, wholeWord });
    expect(device).toEqual(server);
  });

  it("keeps to a subject and to the lessons asked for", async () => {
    const scope = await install();
    const airLaw = await searchLessons(scope.db, { term: "ICAO", wholeWord: false, subject: "010", lessonIds: null });
    expect(airLaw.length).toBeGreaterThan(0);
    expect(airLaw.every((r) => r.subject === "010")).toBe(true);
    const one = await searchLessons(scope.db, {
      term: "ICAO",
      wholeWord: false,
      subject: "all",
      lessonIds: new Set([2]),
    });
    expect(new Set(one.map((r) => r.lesson_id))).toEqual(new Set([2]));
  });

  it("rebuilds a subject's index when its pack changes", async () => {
    const scope = await install();
    expect(
      await searchLessons(scope.db, { term: "gremlins", wholeWord: true, subject: "010", lessonIds: null }),
    ).toEqual([]);
    const first = lessons.find((l) => l.subject === "010");
    if (!first) throw new Error("no Air Law lesson");
    await scope.db.lessonContent.put({ ...first, pages: [...first.pages, "<p>Beware of gremlins.</p>"] });
    await scope.db.installedPacks.update("010", { version: 2 });
    const found = await searchLessons(scope.db, { term: "gremlins", wholeWord: true, subject: "010", lessonIds: null });
    expect(found.map((r) => [r.lesson_id, r.page])).toEqual([[first.id, first.pages.length + 1]]);
  });

  it("lists the subjects with lessons on the device, with their pack titles", async () => {
    const scope = await install();
    expect(await lessonSubjects(scope.db)).toEqual([
      { code: "010", title: "Air Law" },
      { code: "050", title: "Meteorology" },
    ]);
  });
});
