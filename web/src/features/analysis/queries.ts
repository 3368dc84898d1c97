/**
 * The analysis graphs' data, read from the device (offline too): the bank on this device, the
 * student's tests and the answer each question counts in each of them (the device's own until the
 * server's arrives with a pull), the resets, and hide_fixed_results. The shared rule
 * (sync-protocol/rules/analysis.ts) turns them into the replies the server gives.
 */
import type { AnalysisInput, AnalysisTest } from "@preflight/sync-protocol/rules/analysis";
import { subjectOfCode } from "@preflight/sync-protocol/schemas/content";
import { useLiveQuery } from "dexie-react-hooks";
import { HIDE_FIXED_RESULTS_META } from "../../local/pull/fixed-tests.ts";
import { archiveKey, getMeta, type UserDb } from "../../local/store/db.ts";

export async function readAnalysisInput(db: UserDb): Promise<AnalysisInput> {
  const [bank, subjects, userTests, answers, resets, hideAll] = await Promise.all([
    readBankIndex(db),
    getMeta<{ code: string; title: string }[]>(db, "subjects"),
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

  return {
    bank,
    subjects: subjects ?? [],
    otherSubjects,
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
 * Each question's id, subject and syllabus code from the questions table's index alone: the graphs
 * never need a question's text, and reading 30,000 whole questions (or walking the index with a
 * cursor) costs over a second. The distinct codes, then each code's ids in one request, take half
 * that; a question's subject follows from its code.
 */
async function readBankIndex(db: UserDb): Promise<AnalysisInput["bank"]> {
  return db.transaction("r", db.questions, async () => {
    const codes = (await db.questions.orderBy("syllabus_code").uniqueKeys()).map(String);
    const idsByCode = await Promise.all(
      codes.map((code) => db.questions.where("syllabus_code").equals(code).primaryKeys()),
    );
    return codes.flatMap((code, i) =>
      (idsByCode[i] ?? []).map((id) => ({ id, subject: subjectOfCode(code), syllabus_code: code })),
    );
  });
}

/** The graphs' input, kept live: a new answer, test or reset redraws them. */
export function useAnalysisInput(db: UserDb): AnalysisInput | undefined {
  return useLiveQuery(() => readAnalysisInput(db), [db]);
}

/** Titles of a subject's syllabus headings (its content pack brought them), by code. */
export function useHeadingTitles(db: UserDb, subject: string | null): Map<string, string> | undefined {
  return useLiveQuery(async () => {
    if (!subject) return new Map<string, string>();
    const nodes = await db.syllabusNodes.where("subject").equals(subject).toArray();
    return new Map(nodes.map((n) => [n.code, n.title]));
  }, [db, subject]);
}

/** The active exam (the student's syllabus) for the heading. */
export function useActiveExam(db: UserDb): { id: number; title: string } | null | undefined {
  return useLiveQuery(async () => (await getMeta<{ id: number; title: string }>(db, "syllabus")) ?? null, [db]);
}
