/**
 * A student's mark for review on a question (issue 19): "bring this one back in my Review", most
 * often on a question they got right and are not sure of. One record per (student, question),
 * synced like a note (`POST /api/question/review_mark {question_id, marked}`, SR26): the whole
 * state it sets, never a toggle, and the latest write wins (rules/latest-write.ts); taking the
 * mark off is a write, kept, so an older mark from another device cannot come back.
 *
 * What a mark does to the schedule is the review schedule's rule (rules/review-schedule.ts): the
 * question is due at the mark's time, entering the schedule as a new card when it is not in it.
 *
 * Where it is offered: on any question the student is shown with its answer, the results review
 * of a test and a test's side panel, except while an exam runs (the test types a comment may be
 * left on, `allowsComments`): an exam's screen keeps to what the real exam software has. The
 * mark is about the question, not the test, so the server takes it whenever it comes.
 */

import { allowsComments } from "../schemas/question-comments.ts";
import type { TestType } from "./constants.ts";

export const REVIEW_MARK_WORDS = {
  /** The toggle's name, pressed or not (aria-pressed says which). */
  toggle: "Mark for review",
  /** The state shown beside it while the question is marked. */
  marked: "Marked for review",
  /** What marking does, said where there is room for it. */
  explained: "Marked questions come back in your Review from today, even when you got them right.",
} as const;

/** Whether a test's screen offers the mark: not while an exam runs; in its results, always. */
export function reviewMarkOffered(test: { test_type: TestType; finished: string | null }): boolean {
  return !allowsComments(test.test_type) || test.finished !== null;
}
