/**
 * Lesson progress: the student opened a page of a lesson. The device keeps the highest page
 * opened (a lesson is complete once that is its last page) and queues `POST /api/lesson/progress`
 * in the same transaction; a page at or below what is held changes nothing and queues nothing.
 */
import { lessonCompleted } from "@preflight/sync-protocol/rules/access";
import { type LocalScope, runAction } from "../outbox/action.ts";
import type { LocalLessonProgress } from "../store/db.ts";

/** A lesson page the device cannot record: not a page number, a lesson not on the device, or past its end. */
export class LessonPageError extends Error {
  constructor(
    readonly reason: "invalid_page" | "lesson_not_on_device" | "page_out_of_range",
    message: string,
  ) {
    super(message);
  }
}

export async function recordLessonPage(
  scope: LocalScope,
  lessonId: number,
  page: number,
): Promise<LocalLessonProgress | null> {
  const { db } = scope;
  return runAction(scope, [db.lessonProgress, db.lessons, db.lessonContent], async (ctx) => {
    if (!Number.isInteger(page) || page < 1)
      throw new LessonPageError("invalid_page", `page must be a whole number from 1: ${page}`);
    const pageCount =
      (await db.lessons.get(lessonId))?.page_count ?? (await db.lessonContent.get(lessonId))?.pages.length;
    if (pageCount === undefined)
      throw new LessonPageError("lesson_not_on_device", `Lesson ${lessonId} is not on this device`);
    if (page > Math.max(1, pageCount))
      throw new LessonPageError(
        "page_out_of_range",
        `Lesson ${lessonId} has ${pageCount} pages; page ${page} does not exist`,
      );
    const held = await db.lessonProgress.get(lessonId);
    if (held && held.page >= page) return null;
    const progress: LocalLessonProgress = {
      lessonId,
      page,
      completed: lessonCompleted(pageCount, page),
      updatedAt: ctx.now.toISOString(),
    };
    await db.lessonProgress.put(progress);
    await ctx.enqueue("POST /api/lesson/progress", {}, { lesson_id: lessonId, page });
    return progress;
  });
}
