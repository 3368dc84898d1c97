/** The practice builder's index kept on the device: stored compact, read back the same, rebuilt when the bank changes. */
import "fake-indexeddb/auto";
import { indexPracticeBank } from "@preflight/sync-protocol/rules/practice-filter";
import { beforeEach, describe, expect, it } from "vitest";
import type { LocalQuestion } from "../store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import {
  buildPracticeIndex,
  decodePracticeIndex,
  encodePracticeIndex,
  keepPracticeSummary,
  loadPracticeIndex,
  PRACTICE_INDEX_KEY,
  PRACTICE_SUMMARY_KEY,
  readPracticeIndex,
  readPracticeSummary,
  refreshPracticeIndex,
} from "./practice-index.ts";
import { discardContent } from "./storage.ts";

function question(id: number, subject: string, code: string, text: string, added: string): LocalQuestion {
  return { ...multipleChoice(id), subject, syllabus_code: code, question: text, reference: `REF ${id}`, added };
}

const BANK = [
  question(3, "010", "010.01.02", "<p>Which <b>Pressure</b> altitude?</p>", "2026-01-02"),
  question(1, "010", "010.01", "Air law basics", "2026-01-01"),
  question(2, "021", "021.02.01.01", "Hydraulic pressure", "2026-01-02"),
];

describe("the practice index kept on the device", () => {
  beforeEach(resetDatabases);

  it("reads back exactly what indexPracticeBank builds", () => {
    const built = indexPracticeBank(BANK);
    expect(decodePracticeIndex(encodePracticeIndex(built))).toEqual(built);
    const empty = indexPracticeBank([]);
    expect(decodePracticeIndex(encodePracticeIndex(empty))).toEqual(empty);
  });

  it("is built once and loaded after, and built again when the bank changes", async () => {
    const { db } = await signedInScope();
    await db.questions.bulkPut(BANK);
    expect((await readPracticeIndex(db)).index).toBeNull();

    await refreshPracticeIndex(db);
    const stored = await db.bankIndexes.get(PRACTICE_INDEX_KEY);
    expect(stored).toBeDefined();
    expect(await loadPracticeIndex(db)).toEqual(indexPracticeBank(BANK));

    // A content update (another pack version) or more questions: the stored index no longer fits.
    await db.installedPacks.put({
      subject: "010",
      title: "Air Law",
      version: 2,
      packId: "p2",
      sha256: "ab",
      appliedAt: "2026-11-25T09:00:00.000Z",
    });
    expect((await readPracticeIndex(db)).index).toBeNull();
    const more = [...BANK, question(4, "021", "021.02", "Flaps", "2026-01-03")];
    await db.questions.put(more[3] as LocalQuestion);
    expect(await loadPracticeIndex(db)).toEqual(indexPracticeBank(more));
    expect((await readPracticeIndex(db)).index).toEqual(indexPracticeBank(more));
  });

  it("keeps a summary beside it: questions per subject and in all, for the same bank", async () => {
    const { db } = await signedInScope();
    await db.questions.bulkPut(BANK);
    expect(await readPracticeSummary(db)).toBeNull();
    await refreshPracticeIndex(db);
    expect(await readPracticeSummary(db)).toEqual({
      total: 3,
      subjects: new Map([
        ["010", 2],
        ["021", 1],
      ]),
    });
    // More questions: the summary no longer fits, as the index does not.
    await db.questions.put(question(4, "021", "021.02", "Flaps", "2026-01-03"));
    expect(await readPracticeSummary(db)).toBeNull();
    // An index kept without its summary (an older version of the app) is built again after an update.
    await buildPracticeIndex(db);
    await db.bankIndexes.delete(PRACTICE_SUMMARY_KEY);
    const before = await db.bankIndexes.get(PRACTICE_INDEX_KEY);
    await refreshPracticeIndex(db);
    expect((await readPracticeSummary(db))?.total).toBe(4);
    expect(await db.bankIndexes.get(PRACTICE_INDEX_KEY)).toEqual(before);
    // …and the builder adds it from the index it read.
    await db.bankIndexes.delete(PRACTICE_SUMMARY_KEY);
    const { bankKey, index } = await readPracticeIndex(db);
    await keepPracticeSummary(db, bankKey, index as NonNullable<typeof index>);
    expect((await readPracticeSummary(db))?.subjects.get("021")).toBe(2);
  });

  it("reads a bank larger than one slice whole", async () => {
    const { db } = await signedInScope();
    const many = Array.from({ length: 4001 }, (_, i) => question(i + 1, "010", "010.01", `Q ${i}`, "2026-01-01"));
    await db.questions.bulkPut(many);
    expect((await buildPracticeIndex(db)).ids).toEqual(many.map((q) => q.id));
  });

  it("is content: thrown away with it", async () => {
    const { db } = await signedInScope();
    await db.questions.bulkPut(BANK);
    await buildPracticeIndex(db);
    await discardContent(db);
    expect(await db.bankIndexes.count()).toBe(0);
  });
});
