/**
 * Comments on a mock exam's questions and reports of errors in questions (issue 19): a student
 * of their own writes a comment during a mock exam with the network off, finishes, and once back
 * online the comment is on the server with the answer to that question (counted in the server's
 * SQLite); the same student reports an error in a question; a maintenance user sees both on the
 * content team's tabs of Reports and resolves the report. The new dialogs and tabs pass axe.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { QUESTION_COMMENT_MESSAGES } from "../../sync-protocol/schemas/question-comments.ts";
import { axeViolations, THEMES, useTheme } from "./support/axe.ts";
import { dismissNotifications } from "./support/notifications.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createMaintenanceUser, createStudent, readServerDb, serverTest, serverUserId } from "./support/server-db.ts";
import { numberText } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

const TOTAL = 10;
const COMMENT = "Answers b and c both look right to me: the wording of the question is ambiguous.";
const REPORT = "The answer marked correct contradicts ICAO Annex 2, 3.2.2.";

function serverComments(testId: string) {
  return readServerDb((db) =>
    db
      .prepare(
        `select s.question_id, s.position, s.comment,
                (select count(*) from answers a
                  where a.user_test_id = s.user_test_id and a.question_id = s.question_id and a.applied = 1) as answers
           from user_test_questions s
          where s.user_test_id = ? and s.comment is not null`,
      )
      .all(testId),
  ) as { question_id: number; position: number; comment: string; answers: number }[];
}

function serverReports(userId: string) {
  return readServerDb((db) =>
    db
      .prepare(
        "select id, question_id, question_version, category, description, status from question_reports where user_id = ?",
      )
      .all(userId),
  ) as {
    id: string;
    question_id: number;
    question_version: number;
    category: string;
    description: string;
    status: string;
  }[];
}

/** axe in both themes (the page is left in the light one). */
async function expectNoAxeViolations(page: Page, what: string) {
  for (const theme of THEMES) {
    await useTheme(page, theme);
    // Dialogs fade in, colours change: checked once they stand still.
    await page.waitForTimeout(300);
    expect(await axeViolations(page), `${what} (${theme})`).toEqual([]);
  }
  await useTheme(page, "light");
}

async function signInAs(context: BrowserContext, user: { email: string; password: string }): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  return page;
}

test("a mock-exam comment written offline reaches the server with the answer; an error report reaches the content team, who resolve it", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent("comments");
  const userId = serverUserId(student.email);
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // The network goes; the mock exam (a timed test) is taken on the device.
  await context.setOffline(true);
  const testId = await startTest(page, { type: "timed", count: TOTAL, seed: 8 });
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await answerCurrent(page, "click");

  // Comment on question 1, as the real exam software allows.
  await page.getByTestId("comment-button").click();
  const dialog = page.getByRole("dialog", { name: /Comment on this question/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("comment-left")).toHaveText("500 of 500 characters left");
  await dialog.getByLabel("Your comment").fill(COMMENT);
  await expect(dialog.getByTestId("comment-left")).toHaveText(`${500 - COMMENT.length} of 500 characters left`);
  await expectNoAxeViolations(page, "the comment dialog");
  await shootAtSizes(page, "comment-dialog");
  await dialog.getByTestId("comment-save").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("comment-shown")).toContainText(COMMENT);
  await expect(page.getByTestId("comment-button")).toHaveText(/Edit comment/);
  // Marked in the question list, and said so to a screen reader.
  const first = page.getByTestId("question-page").first();
  await expect(first).toHaveAttribute("data-commented", "true");
  await expect(first).toHaveAttribute("aria-label", /commented/);
  await dismissNotifications(page);
  await shootAtSizes(page, "comment-on-question", { fullPage: true });
  await useTheme(page, "dark");
  await shootAtSizes(page, "comment-on-question-dark", { fullPage: true });
  await useTheme(page, "light");

  // The rest is answered and the test finished, still offline.
  for (let n = 1; n <= TOTAL; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, TOTAL));
    if (n > 1) await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
  // Nothing has reached the server yet.
  expect(serverTest(testId)).toBeUndefined();
  expect(serverComments(testId)).toEqual([]);

  // Back online: the outbox replays, the comment arrives with the test, once.
  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  await expect.poll(() => serverTest(testId)?.finished_at ?? null).not.toBeNull();
  const comments = serverComments(testId);
  expect(comments).toEqual([expect.objectContaining({ position: 1, comment: COMMENT, answers: 1 })]);

  // The review shows the comment read-only, and offers 'Report an error in this question'.
  await page.locator(`#result-question-${comments[0]?.question_id} button`).click();
  await expect(page.getByTestId("review")).toBeVisible();
  await expect(page.getByTestId("comment-shown")).toContainText(COMMENT);
  await expect(page.getByTestId("comment-shown")).toContainText("sent with the test");
  await expect(page.getByTestId("comment-button")).toHaveCount(0);

  await page.getByTestId("report-button").click();
  const report = page.getByRole("dialog", { name: "Report an error in this question" });
  await expect(report).toBeVisible();
  // Sending without a category or a description says what is missing and sends nothing.
  await report.getByTestId("report-send").click();
  await expect(report.getByText(QUESTION_COMMENT_MESSAGES.categoryRequired)).toBeVisible();
  await expect(report.getByText(QUESTION_COMMENT_MESSAGES.descriptionRequired)).toBeVisible();
  await expectNoAxeViolations(page, "the report dialog with its errors");
  await report.getByLabel("What is wrong?").selectOption("wrong_answer");
  await report.getByLabel("Describe the error").fill(REPORT);
  await shootAtSizes(page, "report-dialog");
  await report.getByTestId("report-send").click();
  await expect(report).toHaveCount(0);
  await expect(page.getByTestId("snackbar").filter({ hasText: "Report sent" })).toBeVisible();
  await expect(page.getByTestId("report-status")).toHaveText(/sent to the content team/);
  await expect
    .poll(() => serverReports(userId))
    .toEqual([
      expect.objectContaining({
        question_id: comments[0]?.question_id,
        question_version: 1,
        category: "wrong_answer",
        description: REPORT,
        status: "open",
      }),
    ]);
  const reportId = serverReports(userId)[0]?.id as string;

  // The content team: a maintenance user on another device sees both and resolves the report.
  const staffContext = await browser.newContext();
  const staff = await signInAs(staffContext, await createMaintenanceUser("content"));
  await staff.getByTestId("nav-reports").click();
  await expect(staff).toHaveURL(/\/maintenance\/reports$/);
  await staff.getByTestId("tab-questions").click();
  const row = staff.getByTestId("question-report-row").filter({ hasText: REPORT });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Wrong answer marked correct");
  await expect(row).toContainText(student.email);
  await expect(row).toContainText(`Question ${comments[0]?.question_id} · version 1`);
  await expect(row.getByTestId("report-row-count")).toHaveText("1 report on this question");
  await expect(row.getByTestId("report-row-question")).not.toBeEmpty();
  await expectNoAxeViolations(staff, "the question reports tab");
  await shootAtSizes(staff, "question-reports", { fullPage: true });
  await row.getByTestId("report-resolve").click();
  await expect(staff.getByTestId("snackbar").filter({ hasText: "Report resolved" })).toBeVisible();
  // Open reports no longer list it; the resolved ones do.
  await expect(staff.getByTestId("question-report-row").filter({ hasText: REPORT })).toHaveCount(0);
  expect(readServerDb((db) => db.prepare("select status from question_reports where id = ?").get(reportId))).toEqual({
    status: "resolved",
  });
  await staff.getByTestId("reports-status-filter").selectOption("resolved");
  await expect(staff.getByTestId("question-report-row").filter({ hasText: REPORT })).toContainText("Resolved");

  // The address's fragment opens a tab.
  await staff.goto("/maintenance/reports#comments");
  await expect(staff.getByTestId("tab-comments")).toHaveAttribute("aria-selected", "true");
  const commentRow = staff.getByTestId("test-comment-row").filter({ hasText: COMMENT });
  await expect(commentRow).toBeVisible();
  await expect(commentRow).toContainText(student.email);
  await expect(commentRow).toContainText("Question 1 of");
  await expectNoAxeViolations(staff, "the exam comments tab");
  await shootAtSizes(staff, "exam-comments", { fullPage: true });
  await staffContext.close();

  // A student is refused the content team's list by the server.
  const refused = await page.evaluate(async () => (await fetch("/api/maintenance/question-reports")).status);
  expect(refused).toBe(403);
});
