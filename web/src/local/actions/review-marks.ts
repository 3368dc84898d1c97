/**
 * The student's mark for review on a question (issue 19, sync-protocol rules/review-marks.ts):
 * set or taken off as one runAction, the local record and its queued write committed together.
 * Queued as the state it sets (never as a toggle), so replays from two devices converge on the
 * latest intent (SR26); the record's time is its write's, as the server keeps it.
 */
import { type LocalScope, runAction } from "../outbox/action.ts";

/**
 * Marks the question for review, or takes the mark off. A mark that already stands so changes
 * and queues nothing. Returns whether a change was queued.
 */
export async function setReviewMark(scope: LocalScope, questionId: number, marked: boolean): Promise<boolean> {
  const { db } = scope;
  return runAction(scope, [db.reviewMarks], async (ctx) => {
    if (((await db.reviewMarks.get(questionId))?.marked ?? false) === marked) return false;
    const entry = await ctx.enqueue("POST /api/question/review_mark", {}, { question_id: questionId, marked });
    await db.reviewMarks.put({ questionId, marked, updatedAt: entry.createdAt });
    return true;
  });
}
