import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { readAnalysisInput } from "../store/analysis-input.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import {
  BANK_CODES_KEY,
  bankCodesKept,
  bankCodesQuestions,
  bankCodesRow,
  isUsableBankCodes,
} from "./bank-codes-index.ts";
import { buildPracticeIndex, currentBankKey, practiceIndexFits } from "./practice-index.ts";

const inSubject = (id: number, syllabus_code: string) => ({
  ...multipleChoice(id),
  subject: syllabus_code.slice(0, 3),
  syllabus_code,
});

describe("the questions' syllabus codes kept for the graphs, one row", () => {
  beforeEach(resetDatabases);

  it("keeps every question by code then id, each with the subject its code names", () => {
    const row = bankCodesRow("bank-1", [
      { id: 9, syllabus_code: "050.01.01" },
      { id: 3, syllabus_code: "010.02.01" },
      { id: 1, syllabus_code: "010.02.01" },
      { id: 4, syllabus_code: "071.01.01" },
    ]);
    expect(isUsableBankCodes(row, "bank-1")).toBe(true);
    expect(isUsableBankCodes(row, "bank-2")).toBe(false);
    expect(bankCodesQuestions(row)).toEqual([
      { id: 1, subject: "010", syllabus_code: "010.02.01" },
      { id: 3, subject: "010", syllabus_code: "010.02.01" },
      { id: 9, subject: "050", syllabus_code: "050.01.01" },
      // Operational procedures' two halves are one subject.
      { id: 4, subject: "070", syllabus_code: "071.01.01" },
    ]);
  });

  it("is built with the practice builder's index, and the graphs read the same bank from it as from the questions", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([
      inSubject(5, "050.01.01"),
      inSubject(2, "010.01.02"),
      inSubject(1, "010.01.02"),
      inSubject(3, "010.01.01"),
    ]);
    const fromQuestions = (await readAnalysisInput(scope.db)).bank;
    expect(await practiceIndexFits(scope.db)).toBe(false);
    expect(await bankCodesKept(scope.db)).toBe(false);

    await buildPracticeIndex(scope.db);
    expect(await practiceIndexFits(scope.db)).toBe(true);
    expect(await bankCodesKept(scope.db)).toBe(true);
    const kept = await scope.db.bankIndexes.get(BANK_CODES_KEY);
    expect(kept?.bankKey).toBe(await currentBankKey(scope.db));
    expect((await readAnalysisInput(scope.db)).bank).toEqual(fromQuestions);
    expect(fromQuestions.map((q) => q.id)).toEqual([3, 1, 2, 5]);
  });

  it("a bank changed since the row was kept is read from the questions, until the indexes are built again", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([inSubject(1, "010.01.01")]);
    await buildPracticeIndex(scope.db);
    await scope.db.questions.put(inSubject(2, "050.01.01"));

    expect(await practiceIndexFits(scope.db)).toBe(false);
    expect((await readAnalysisInput(scope.db)).bank.map((q) => [q.id, q.subject])).toEqual([
      [1, "010"],
      [2, "050"],
    ]);
  });
});
