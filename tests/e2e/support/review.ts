/**
 * The review queue's e2e helpers (issue 19): the queue the server's records give, by the same
 * rule the devices use (rules/review-schedule.ts), and the dashboard's Review card.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import {
  dueQuestions,
  endOfDay,
  type ReviewAnswer,
  type ReviewMark,
  reviewSchedule,
} from "@preflight/sync-protocol/rules/review-schedule";
import type Database from "better-sqlite3";
import { readServerDb } from "./server-db.ts";
import { kindOnScreen } from "./test-taking.ts";

/** The student's marks for review as the server holds them, by question. */
export function serverMarks(db: Database.Database, email: string) {
  return db
    .prepare(
      `select m.question_id, m.marked, m.updated_at from question_review_marks m join users u on u.id = m.user_id
        where u.email = ? order by m.question_id`,
    )
    .all(email) as { question_id: number; marked: number; updated_at: string }[];
}

/** The student's questions due today by the server's answers and marks (bank questions, as on the device). */
export function serverDue(email: string): number[] {
  return readServerDb((db) => {
    const answers = (
      db
        .prepare(
          `select a.user_test_id, a.question_id, a.created_at, a.correct
             from answers a join users u on u.id = a.user_id join questions q on q.id = a.question_id
            where u.email = ? and a.applied = 1 and a.correct is not null and q.school_id is null`,
        )
        .all(email) as { user_test_id: string; question_id: number; created_at: string; correct: number }[]
    ).map(
      (r): ReviewAnswer => ({
        questionId: r.question_id,
        testId: r.user_test_id,
        answeredAt: r.created_at,
        correct: r.correct === 1,
      }),
    );
    const marks = serverMarks(db, email).map(
      (m): ReviewMark => ({ questionId: m.question_id, marked: m.marked === 1, updatedAt: m.updated_at }),
    );
    return dueQuestions(reviewSchedule(answers, undefined, marks), endOfDay(new Date())).map((q) => q.questionId);
  });
}

/** What the dashboard's Review card says about today. */
export function dueText(count: number): RegExp {
  return count === 0 ? /^Nothing is due today/ : new RegExp(`^${count} questions? due today$`);
}

/** The Review card's line saying what is due. */
export function reviewSummary(page: Page): Locator {
  return page.getByTestId("review-card").getByTestId(/^review-(due|nothing-due)$/);
}

/** The positions of the test's multiple-choice questions, visiting each question in turn. */
export async function multipleChoicePositions(page: Page): Promise<number[]> {
  const buttons = page.getByRole("navigation", { name: "Questions" }).getByRole("button");
  const positions: number[] = [];
  for (let n = 1; n <= (await buttons.count()); n++) {
    await buttons.nth(n - 1).click();
    await expect(page.getByTestId("question-number")).toHaveText(
      new RegExp(`^Question ${String(n).padStart(3, "0")} `),
    );
    if ((await kindOnScreen(page)) === "multiple_choice") positions.push(n);
  }
  return positions;
}
