/**
 * The analysis page's live reads. The graphs' input itself is read in local/store/analysis-input.ts
 * (the dashboard's exam readiness reads it too).
 */
import type { AnalysisInput } from "@preflight/sync-protocol/rules/analysis";
import { useLiveQuery } from "dexie-react-hooks";
import { readAnalysisInput } from "../../local/store/analysis-input.ts";
import { getMeta, type UserDb } from "../../local/store/db.ts";
import { type QuestionCounts, readQuestionCounts } from "../../local/store/readiness.ts";

export { readAnalysisInput };

/** The graphs' input, kept live: a new answer, test or reset redraws them. */
export function useAnalysisInput(db: UserDb): AnalysisInput | undefined {
  return useLiveQuery(() => readAnalysisInput(db), [db]);
}

/** Every student's counts per question (the device's question statistics), kept live. */
export function useQuestionCounts(db: UserDb): ReadonlyMap<number, QuestionCounts> | undefined {
  return useLiveQuery(() => readQuestionCounts(db), [db]);
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
