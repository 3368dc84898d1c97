/**
 * The analysis graphs' input, read from the device (offline too): the bank on this device, the
 * student's tests and the answer each question counts in each of them (the device's own until the
 * server's arrives with a pull), the resets, and hide_fixed_results. The shared rule
 * (sync-protocol/rules/analysis.ts) turns them into the replies the server gives; exam readiness
 * (sync-protocol/rules/readiness.ts) reads the same answers. Here, in local/, because the analysis
 * page and the dashboard's readiness both read it.
 */
import type { AnalysisInput, AnalysisTest } from "@preflight/sync-protocol/rules/analysis";
import { subjectOfCode } from "@preflight/sync-protocol/rules/subject-code";
import { BANK_CODES_KEY, bankCodesQuestions, isUsableBankCodes } from "../content/bank-codes-index.ts";
import { currentBankKey } from "../content/practice-index.ts";
import { HIDE_FIXED_RESULTS_META } from "../pull/keys.ts";
import { archiveKey, getMeta, type LocalUserTest, type UserDb } from "./db.ts";

export async function readAnalysisInput(db: UserDb): Promise<AnalysisInput> {
  const [bank, subjects, { userTests, ...records }] = await Promise.all([
    readBankIndex(db),
    getMeta<{ code: string; title: string }[]>(db, "subjects"),
    readAnalysisRecords(db),
  ]);

  // Test questions that left the bank keep their subject through the archived version.
  const inBank = new Set(bank.map((q) => q.id));
  const outside = new Map<string, number>();
  for (const t of userTests)
    t.question_ids.forEach((id, i) => {
      if (!inBank.has(id)) outside.set(archiveKey(id, t.question_versions[i] ?? 1), id);
    });
  const otherSubjects = new Map<number, string>();
  if (outside.size > 0) {
    const archived = await db.questionArchive.bulkGet([...outside.keys()]);
    for (const row of archived) if (row) otherSubjects.set(row.question.id, row.question.subject);
  }

  return { bank, subjects: subjects ?? [], otherSubjects, ...records };
}

/**
 * The student's records as the graphs read them, without the bank: the tests, the answer each
 * question counts in each of them, the resets and hide_fixed_results (the learning-objectives
 * page takes its questions from its own index); and the tests as the device holds them.
 */
export async function readAnalysisRecords(
  db: UserDb,
): Promise<Pick<AnalysisInput, "tests" | "answers" | "resets" | "hideFixedResults"> & { userTests: LocalUserTest[] }> {
  const [userTests, answers, resets, hideAll] = await Promise.all([
    db.userTests.toArray(),
    db.answers.toArray(),
    db.progressResets.toArray(),
    getMeta<boolean>(db, HIDE_FIXED_RESULTS_META),
  ]);
  const tests: AnalysisTest[] = userTests.map((t) => ({
    id: t.id,
    test_type: t.test_type,
    started: t.started,
    finished: t.finished !== null,
    hide_results: t.hide_results,
    hide_answers: t.hide_answers,
    question_ids: t.question_ids,
  }));
  return {
    userTests,
    tests,
    // Only graded answers count: a withheld question's answer is the server's to grade.
    answers: answers.flatMap((a) =>
      a.correct === null
        ? []
        : [{ testId: a.testId, questionId: a.questionId, correct: a.correct, createdAt: a.savedAt }],
    ),
    resets: resets.map((r) => ({ subject: r.subject, reset_at: r.resetAt })),
    hideFixedResults: hideAll === true,
  };
}

/**
 * Each question's id, subject and syllabus code: the graphs never need a question's text. Kept
 * on the device with the bank's other indexes (content/bank-codes-index.ts), one row; a device
 * whose row does not fit its bank (built by an older version of the app, or a bank changed since)
 * reads them from the questions table's index instead: the distinct codes, then each code's ids
 * in one request (reading 30,000 whole questions, or walking the index with a cursor, costs over
 * a second; this takes half that, and the row a few milliseconds).
 */
async function readBankIndex(db: UserDb): Promise<AnalysisInput["bank"]> {
  return db.transaction("r", [db.installedPacks, db.meta, db.questions, db.bankIndexes], async () => {
    const [bankKey, kept] = await Promise.all([currentBankKey(db), db.bankIndexes.get(BANK_CODES_KEY)]);
    if (isUsableBankCodes(kept, bankKey)) return bankCodesQuestions(kept);
    const codes = (await db.questions.orderBy("syllabus_code").uniqueKeys()).map(String);
    const idsByCode = await Promise.all(
      codes.map((code) => db.questions.where("syllabus_code").equals(code).primaryKeys()),
    );
    return codes.flatMap((code, i) =>
      (idsByCode[i] ?? []).map((id) => ({ id, subject: subjectOfCode(code), syllabus_code: code })),
    );
  });
}
