/**
 * What the course progress graph reads on the server: the student's modules as the syllabus page
 * builds them (parts with completed, pass and target), and when each part was completed: a
 * lesson's progress's last change, and the student's finished progress tests.
 */
import type { CompletionFacts, ProgressTestResult } from "@preflight/sync-protocol/rules/course-progress";
import type { Db } from "../../db/schema.ts";
import { lessonProgressOf, progressTestAttempts } from "../../read/progress.ts";

export async function completionFacts(db: Db, userId: string): Promise<CompletionFacts> {
  const [progress, attempts] = await Promise.all([lessonProgressOf(db, userId), progressTestAttempts(db, userId)]);
  return {
    lessonUpdatedAt: new Map(progress.map((p) => [p.lesson_id, p.updated_at])),
    // The finished, marked attempts.
    results: attempts.flatMap((t): ProgressTestResult[] =>
      t.finished_at === null || t.percentage === null
        ? []
        : [
            {
              progress_test_id: t.progress_test_id,
              finished_at: t.finished_at,
              pass: t.pass === null ? null : t.pass === 1,
              percentage: t.percentage,
            },
          ],
    ),
  };
}
