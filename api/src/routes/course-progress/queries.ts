/**
 * What the course progress graph reads on the server: the student's modules as the syllabus page
 * builds them (parts with completed, pass and target), and when each part was completed: a
 * lesson's progress's last change, and the student's finished progress tests.
 */
import type { CompletionFacts, ProgressTestResult } from "@preflight/sync-protocol/rules/course-progress";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function completionFacts(db: Db, userId: string): Promise<CompletionFacts> {
  const [progress, tests] = await Promise.all([
    db.selectFrom("lesson_progress").select(["lesson_id", "updated_at"]).where("user_id", "=", userId).execute(),
    db
      .selectFrom("user_tests")
      .select(["progress_test_id", "finished_at", "pass", "percentage"])
      .where("user_id", "=", userId)
      .where("progress_test_id", "is not", null)
      .where("finished_at", "is not", null)
      .where("percentage", "is not", null)
      .execute(),
  ]);
  return {
    lessonUpdatedAt: new Map(progress.map((p) => [p.lesson_id, p.updated_at])),
    results: tests.map(
      (t): ProgressTestResult => ({
        progress_test_id: t.progress_test_id as number,
        finished_at: t.finished_at as string,
        pass: t.pass === null ? null : t.pass === 1,
        percentage: t.percentage as number,
      }),
    ),
  };
}
