/**
 * The one read of a student's progress through the course: their lesson progress (the highest
 * page opened, completed, when it last moved) and their attempts at progress tests. The syllabus
 * page's access rules, the course progress graph and the lesson search build on these.
 */
import type { Db } from "../db/schema.ts";

/** Every lesson the student opened. */
export function lessonProgressOf(db: Db, userId: string) {
  return db
    .selectFrom("lesson_progress")
    .select(["lesson_id", "page", "completed", "updated_at"])
    .where("user_id", "=", userId)
    .execute();
}

/** Every test the student started from a progress test, finished or not. */
export function progressTestAttempts(db: Db, userId: string) {
  return db
    .selectFrom("user_tests")
    .select(["progress_test_id", "started", "finished_at", "pass", "percentage"])
    .where("user_id", "=", userId)
    .where("progress_test_id", "is not", null)
    .$narrowType<{ progress_test_id: number }>()
    .execute();
}
