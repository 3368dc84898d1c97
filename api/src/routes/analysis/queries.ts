/**
 * What the analysis graphs read of the server's tables, shaped as the rule's input
 * (sync-protocol/rules/analysis.ts): the student's bank, tests, applied answers and resets.
 */
import type { AnalysisInput, AnalysisQuestion, AnalysisTest } from "@preflight/sync-protocol/rules/analysis";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { hideFixedResults } from "../../read/result-visibility.ts";
import { bankQuestionIds } from "../question/queries.ts";

type Db = Kysely<Database> | Transaction<Database>;

const IN_CHUNK = 500;

export function syllabusOf(syllabusId: number | null): number {
  if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
  return syllabusId;
}

/** The current questions of the student's bank (CT4), optionally of one subject. */
export async function bankQuestions(db: Db, syllabusId: number, subject?: string): Promise<AnalysisQuestion[]> {
  const inBank = new Set(await bankQuestionIds(db, syllabusId));
  let query = db.selectFrom("questions").select(["id", "subject", "syllabus_code"]).where("retired_at", "is", null);
  if (subject !== undefined) query = query.where("subject", "=", subject);
  const rows = await query.orderBy("id").execute();
  return rows.filter((r) => inBank.has(Number(r.id))).map((r) => ({ ...r, id: Number(r.id) }));
}

/** Everything the three graphs read for one student. */
export async function analysisInput(db: Db, userId: string, syllabusId: number): Promise<AnalysisInput> {
  const [bank, subjects, testRows, answers, resets, hideAll] = await Promise.all([
    bankQuestions(db, syllabusId),
    db.selectFrom("subjects").select(["code", "title"]).execute(),
    db
      .selectFrom("user_tests")
      .select(["id", "test_type", "started", "finished_at", "hide_results", "hide_answers"])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("answers")
      .select(["user_test_id", "question_id", "correct", "created_at", "received_at"])
      .where("user_id", "=", userId)
      .where("applied", "=", 1)
      .where("answered", "=", 1)
      .where("correct", "is not", null)
      .execute(),
    db.selectFrom("progress_resets").select(["subject_id", "reset_at"]).where("user_id", "=", userId).execute(),
    hideFixedResults(db),
  ]);

  const questionIds = new Map<string, number[]>();
  const ids = testRows.map((t) => t.id);
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const slots = await db
      .selectFrom("user_test_questions")
      .select(["user_test_id", "question_id"])
      .where("user_test_id", "in", ids.slice(i, i + IN_CHUNK))
      .orderBy("user_test_id")
      .orderBy("position")
      .execute();
    for (const s of slots) {
      const list = questionIds.get(s.user_test_id) ?? [];
      list.push(Number(s.question_id));
      questionIds.set(s.user_test_id, list);
    }
  }
  const tests: AnalysisTest[] = testRows.map((t) => ({
    id: t.id,
    test_type: t.test_type,
    started: t.started,
    finished: t.finished_at !== null,
    hide_results: t.hide_results === 1,
    hide_answers: t.hide_answers === 1,
    question_ids: questionIds.get(t.id) ?? [],
  }));

  // Test questions that left the bank keep their subject for the mock exam scores.
  const inBank = new Set(bank.map((q) => q.id));
  const outside = [...new Set(tests.flatMap((t) => t.question_ids))].filter((id) => !inBank.has(id));
  const otherSubjects = new Map<number, string>();
  for (let i = 0; i < outside.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom("questions")
      .select(["id", "subject"])
      .where("id", "in", outside.slice(i, i + IN_CHUNK))
      .execute();
    for (const r of rows) otherSubjects.set(Number(r.id), r.subject);
  }

  return {
    bank,
    subjects,
    otherSubjects,
    tests,
    answers: answers.map((a) => ({
      testId: a.user_test_id,
      questionId: Number(a.question_id),
      correct: a.correct === 1,
      createdAt: a.created_at,
      receivedAt: a.received_at,
    })),
    resets: resets.map((r) => ({ subject: r.subject_id, reset_at: r.reset_at })),
    hideFixedResults: hideAll,
  };
}

/** Titles of a subject's syllabus headings, by code. */
export async function headingTitles(db: Db, subject: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom("syllabus_nodes").select(["code", "title"]).where("subject", "=", subject).execute();
  return new Map(rows.map((r) => [r.code, r.title]));
}
