import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import {
  encodeObjectivesIndex,
  holdsQuestion,
  OBJECTIVES_INDEX_KEY,
  objectivesIndexRows,
  objectivesSubjectKey,
  readObjectivesIndex,
  readSubjectObjectivesRows,
  subjectQuestions,
  usableSubjectObjectives,
} from "./objectives-index.ts";
import { buildPracticeIndex, currentBankKey } from "./practice-index.ts";

const QUESTIONS = [
  { id: 7, subject: "050", learning_objectives: ["050.01.01.01.01"] },
  { id: 3, subject: "010", learning_objectives: ["010.01.01.01.02", "010.01.01.01.01"] },
  { id: 1, subject: "010", learning_objectives: ["010.01.01.01.01"] },
  { id: 4, subject: "010", learning_objectives: [] },
];

describe("the objectives index, one row per subject", () => {
  beforeEach(resetDatabases);

  it("keeps a row naming the subjects and one row per subject, each subject's questions in id order", () => {
    const rows = objectivesIndexRows("bank-1", encodeObjectivesIndex(QUESTIONS));
    expect(rows.map((r) => [r.key, r.bankKey])).toEqual([
      [OBJECTIVES_INDEX_KEY, "bank-1"],
      [objectivesSubjectKey("010"), "bank-1"],
      [objectivesSubjectKey("050"), "bank-1"],
    ]);
    const usable = usableSubjectObjectives([rows[0], rows[1]], "bank-1", "010");
    expect(usable?.subjects).toEqual(["010", "050"]);
    expect(subjectQuestions(usable?.subject ?? expect.unreachable())).toEqual([
      { id: 1, objectives: ["010.01.01.01.01"] },
      { id: 3, objectives: ["010.01.01.01.02", "010.01.01.01.01"] },
      { id: 4, objectives: [] },
    ]);
  });

  it("finds a subject's questions by id", () => {
    const stored = encodeObjectivesIndex(QUESTIONS).subjects["010"] ?? expect.unreachable();
    expect([0, 1, 2, 3, 4, 5, 7].filter((id) => holdsQuestion(stored, id))).toEqual([1, 3, 4]);
  });

  it("reads one subject as built with the bank, nothing for another bank or an older shape", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut(QUESTIONS.map((q) => ({ ...multipleChoice(q.id), ...q })));
    await buildPracticeIndex(scope.db);
    const bankKey = await currentBankKey(scope.db);
    const rows = await readSubjectObjectivesRows(scope.db, "050");
    expect(usableSubjectObjectives(rows, bankKey, "050")?.subject?.ids).toEqual(Int32Array.of(7));
    expect(usableSubjectObjectives(rows, bankKey, "090")).toEqual({ subjects: ["010", "050"], subject: null });
    expect(usableSubjectObjectives(rows, "another bank", "050")).toBeNull();
    expect(Object.keys((await readObjectivesIndex(scope.db, bankKey))?.subjects ?? {})).toEqual(["010", "050"]);

    // An older version's single row for the whole bank: built again (the page sees no index).
    await scope.db.bankIndexes.put({ key: OBJECTIVES_INDEX_KEY, bankKey, value: { format: 1, subjects: {} } });
    expect(usableSubjectObjectives(await readSubjectObjectivesRows(scope.db, "050"), bankKey, "050")).toBeNull();
    expect(await readObjectivesIndex(scope.db, bankKey)).toBeNull();
  });
});
