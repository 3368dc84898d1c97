/**
 * Exam readiness from the device's records (offline too): the answers the analysis graphs count,
 * the bank on this device, and every student's counts per question (the question statistics the
 * pull keeps; a device that has never had them treats every question as average). The model is
 * sync-protocol/rules/readiness.ts.
 */
import {
  examReadiness,
  type QuestionCounts,
  readinessInput,
  type SubjectReadiness,
} from "@preflight/sync-protocol/rules/readiness";
import { readAnalysisInput } from "./analysis-input.ts";
import type { UserDb } from "./db.ts";

export type { QuestionCounts };

export async function readQuestionCounts(db: UserDb): Promise<Map<number, QuestionCounts>> {
  const rows = await db.questionStats.toArray();
  return new Map(rows.map((r) => [r.questionId, { answered: r.answered, sum_correct: r.sum_correct }]));
}

/** Each subject's readiness at `now` (ms since the epoch). */
export async function readExamReadiness(db: UserDb, now: number): Promise<SubjectReadiness[]> {
  const [input, counts] = await Promise.all([readAnalysisInput(db), readQuestionCounts(db)]);
  return examReadiness(readinessInput(input, counts, now));
}
