/**
 * A student's records as the review schedule reads them (sync-protocol rules/review-schedule.ts):
 * their answers that are applied, graded, and in a test whose results the student may review, and
 * their marks for review. The same records every device of theirs holds (the user step pulls a
 * withheld grade as null, and every mark), so weights fitted here fit the schedule the devices
 * compute, and the server's schedule of them is each device's.
 */
import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import {
  type ReviewAnswer,
  type ReviewMark,
  reviewParameters,
  reviewSchedule,
  type ScheduledQuestion,
  sinceResets,
} from "@preflight/sync-protocol/rules/review-schedule";
import type { Db } from "../db/schema.ts";
import { hideFixedResults, privacyOf } from "./result-visibility.ts";

export async function studentReviewAnswers(db: Db, userId: string): Promise<ReviewAnswer[]> {
  const hideAll = await hideFixedResults(db);
  const rows = await db
    .selectFrom("answers")
    .innerJoin("user_tests", "user_tests.id", "answers.user_test_id")
    .select([
      "answers.user_test_id",
      "answers.question_id",
      "answers.created_at",
      "answers.correct",
      "user_tests.test_type",
      "user_tests.hide_results",
      "user_tests.hide_answers",
    ])
    .where("answers.user_id", "=", userId)
    .where("answers.applied", "=", 1)
    .where("answers.correct", "is not", null)
    .execute();
  const answers: ReviewAnswer[] = [];
  for (const row of rows)
    if (resultVisibility(privacyOf(row), hideAll).review)
      answers.push({
        questionId: row.question_id,
        testId: row.user_test_id,
        answeredAt: row.created_at,
        correct: row.correct === 1,
      });
  return answers;
}

/** The student's marks for review as held, one taken off included (it schedules nothing). */
export async function studentReviewMarks(db: Db, userId: string): Promise<ReviewMark[]> {
  const rows = await db
    .selectFrom("question_review_marks")
    .select(["question_id", "marked", "updated_at"])
    .where("user_id", "=", userId)
    .execute();
  return rows.map((row) => ({ questionId: row.question_id, marked: row.marked === 1, updatedAt: row.updated_at }));
}

/**
 * The student's review schedule by the server's records, with their own weights once fitted: the
 * answers since their subject's latest progress reset, as every device of theirs reads them.
 */
export async function studentReviewSchedule(db: Db, userId: string): Promise<Map<number, ScheduledQuestion>> {
  const [answers, marks, weights, resets, subjects] = await Promise.all([
    studentReviewAnswers(db, userId),
    studentReviewMarks(db, userId),
    db.selectFrom("review_weights").select("weights").where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("progress_resets")
      .select(["subject_id as subject", "reset_at"])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("answers")
      .innerJoin("questions", "questions.id", "answers.question_id")
      .select(["questions.id", "questions.subject"])
      .distinct()
      .where("answers.user_id", "=", userId)
      .execute(),
  ]);
  const subjectOf = new Map(subjects.map((q) => [q.id, q.subject]));
  const parameters = reviewParameters(weights ? (JSON.parse(weights.weights) as number[]) : null);
  return reviewSchedule(
    sinceResets(answers, (id) => subjectOf.get(id), resets),
    parameters,
    marks,
  );
}
