/**
 * Each question's id and syllabus code, kept on the device (bankIndexes) for the analysis graphs
 * and the dashboard's exam readiness (store/analysis-input.ts): read from the questions table's
 * syllabus_code index they take one request per code, hundreds on a full bank, and the
 * dashboard's first seconds on a slow tablet. Built in the same read of the bank as the practice
 * builder's index (practice-index.ts, `buildPracticeIndex`), when the bank is installed or
 * updated, and named by the same bank key. One row, compact: the ids (Int32Array, by code then
 * id, as the syllabus_code index orders them), the distinct codes, and for question i its code's
 * position in them.
 *
 *   { key: "bank-codes", bankKey, value: { format: 1, ids, codes, codeOf } }
 */
import type { AnalysisQuestion } from "@preflight/sync-protocol/rules/analysis";
import { subjectOfCode } from "@preflight/sync-protocol/rules/subject-code";
import type { UserDb } from "../store/db.ts";
import type { BankIndexRow } from "./tables.ts";

export const BANK_CODES_KEY = "bank-codes";
/** Bumped when the stored shape changes: a row in another shape is built again. */
const FORMAT = 1;

export interface StoredBankCodes {
  format: number;
  ids: Int32Array;
  codes: string[];
  codeOf: Uint32Array;
}

export function bankCodesRow(
  bankKey: string,
  questions: readonly { id: number; syllabus_code: string }[],
): BankIndexRow {
  // In the order the questions table's syllabus_code index gives them (the graphs list topics as they come).
  const sorted = [...questions].sort((a, b) =>
    a.syllabus_code === b.syllabus_code ? a.id - b.id : a.syllabus_code < b.syllabus_code ? -1 : 1,
  );
  const position = new Map<string, number>();
  const codes: string[] = [];
  const codeOf = new Uint32Array(sorted.length);
  sorted.forEach((q, i) => {
    let at = position.get(q.syllabus_code);
    if (at === undefined) {
      at = codes.length;
      position.set(q.syllabus_code, at);
      codes.push(q.syllabus_code);
    }
    codeOf[i] = at;
  });
  const value: StoredBankCodes = { format: FORMAT, ids: Int32Array.from(sorted, (q) => q.id), codes, codeOf };
  return { key: BANK_CODES_KEY, bankKey, value };
}

export function isUsableBankCodes(row: BankIndexRow | undefined, bankKey: string): row is BankIndexRow {
  return row?.bankKey === bankKey && (row.value as Partial<StoredBankCodes> | undefined)?.format === FORMAT;
}

/** The bank as the graphs read it, by code then id; a question's subject follows from its code. */
export function bankCodesQuestions(row: BankIndexRow): AnalysisQuestion[] {
  const { ids, codes, codeOf } = row.value as StoredBankCodes;
  const subjects = codes.map(subjectOfCode);
  return Array.from(ids, (id, i) => {
    const at = codeOf[i] as number;
    return { id, subject: subjects[at] as string, syllabus_code: codes[at] as string };
  });
}

/**
 * Whether the device keeps the row at all, from its key alone (nothing read of the bank or the
 * row): a device whose indexes an older version of the app built has none until they are built
 * again. One for another bank is built again with the bank's next update.
 */
export async function bankCodesKept(db: UserDb): Promise<boolean> {
  return (await db.bankIndexes.where(":id").equals(BANK_CODES_KEY).count()) > 0;
}
