import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { checkScreen, useTheme } from "./support/axe.ts";
import { dueText, multipleChoicePositions, reviewSummary, serverDue, serverMarks } from "./support/review.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent, readServerDb } from "./support/server-db.ts";
import { serverQuestionAt, waitForSynced } from "./support/server-questions.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { options, startTest } from "./support/test-taking.ts";

/**
 * A question answered right and marked for review (issue 19), in Chromium against the real
 * server, with a student of their own:
 *
 *   tablet, online:  a practice test, one question answered wrong and one right; the side panel
 *                    offers the mark; the dashboard's Review says 1 question due
 *   tablet, offline: the results review of the question answered right: marked for review
 *                    ('Marked for review', saved on the device); the dashboard says 2
 *   tablet, online:  the mark reaches the server once; the server's queue (the same rule,
 *                    rules/review-schedule.ts, over the server's answers and marks) is the device's
 *   laptop:          signs in (a second browser context): 2 due, the mark shown pressed; taken off
 *                    there, 1 due, and the server's queue agrees again
 *
 * The new screens are checked by axe in both themes and photographed at the three sizes with SHOTS_DIR.
 */

const SEED = 919;
const SAVED_ON_DEVICE = "Saved on this device; it will reach the server when you are online";

const marksOnServer = (email: string) =>
  readServerDb((db) => serverMarks(db, email).map((m) => ({ question_id: m.question_id, marked: m.marked })));

const markWrites = (email: string) =>
  readServerDb(
    (db) =>
      (
        db
          .prepare(
            `select count(*) as n from mutations m join users u on u.id = m.user_id
              where u.email = ? and m.call = 'POST /api/question/review_mark'`,
          )
          .get(email) as { n: number }
      ).n,
  );

const byId = (a: number, b: number) => a - b;

/** Answers the multiple-choice question at `position` right or wrong and confirms it; returns it. */
async function answerAt(page: Page, testId: string, position: number, right: boolean): Promise<BankQuestion> {
  await page
    .getByRole("navigation", { name: "Questions" })
    .getByRole("button")
    .nth(position - 1)
    .click();
  await expect.poll(() => serverQuestionAt(testId, position) !== undefined, { timeout: 30_000 }).toBe(true);
  const question = serverQuestionAt(testId, position) as BankQuestion;
  await options(page)
    .nth(question.answers.findIndex((a) => a.correct === right))
    .click();
  await page.getByTestId("confirm-answer").click();
  return question;
}

/** The dashboard's Review card, photographed at the three sizes in both themes. */
async function shootReviewCard(page: Page, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await shootAtSizes(page, `${name}-${theme}`, { focus: page.getByTestId("review-card") });
  }
  await useTheme(page, "light");
}

test("a question answered right and marked for review offline comes due in Review, on both devices and by the server's records", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const student = await createStudent("review-mark");
  const violations: string[] = [];
  let tablet: BrowserContext | undefined;
  let laptop: BrowserContext | undefined;
  try {
    // --- The tablet, online: one question got wrong, one right --------------------------------
    tablet = await browser.newContext({ baseURL, viewport: { width: 768, height: 1024 } });
    const page = await tablet.newPage();
    await signIn(page, student.email, student.password);
    await waitUntilReadyOffline(page);
    await expect(reviewSummary(page)).toHaveText(/and so do the questions you mark for review\.$/);

    const testId = await startTest(page, { type: "practice", count: 10, display: "After choice", seed: SEED });
    const [first, second] = await multipleChoicePositions(page);
    const wrong = await answerAt(page, testId, first as number, false);
    const right = await answerAt(page, testId, second as number, true);
    // A practice test's side panel offers the mark, not pressed, with what it does.
    const panel = page.getByTestId("review-mark-card");
    await expect(panel.getByRole("button", { name: "Mark for review" })).toHaveAttribute("aria-pressed", "false");
    await expect(panel.getByTestId("review-mark-hint")).toHaveText(
      "Marked questions come back in your Review from today, even when you got them right.",
    );
    violations.push(...(await checkScreen(page, "review-mark-side-panel")));

    await page.getByTestId("finish").click();
    await page.getByTestId("confirm-finish").click();
    await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
    await waitForSynced(page);
    await page.goto("/dashboard");
    await expect(reviewSummary(page)).toHaveText(dueText(1));
    expect(serverDue(student.email)).toEqual([wrong.id]);

    // --- Offline: the question answered right is marked in the results review -----------------
    await page.goto(`/test/results/${testId}#explanation-${right.id}`);
    await expect(page.getByTestId("review")).toContainText("Correct");
    await tablet.setOffline(true);
    await expect(page.getByTestId("sync-status")).toContainText("Offline");
    const toggle = page.getByTestId("review").getByRole("button", { name: "Mark for review" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    // By keyboard: focused, then Space.
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("review-mark-status")).toHaveText(`Marked for review. ${SAVED_ON_DEVICE}`);
    expect(marksOnServer(student.email)).toEqual([]);
    violations.push(...(await checkScreen(page, "review-mark-results")));

    // The dashboard's Review count rises by one, offline.
    await page.goto("/dashboard");
    await expect(reviewSummary(page)).toHaveText(dueText(2));
    await shootReviewCard(page, "review-mark-dashboard");

    // --- Online again: the mark reaches the server once, and its queue is the device's ----------
    await tablet.setOffline(false);
    await waitForSynced(page);
    await expect.poll(() => marksOnServer(student.email)).toEqual([{ question_id: right.id, marked: 1 }]);
    expect(markWrites(student.email)).toBe(1);
    // The marked one is due at its mark, the wrong one ten minutes after it was got wrong: either may come first.
    expect(serverDue(student.email).sort(byId)).toEqual([wrong.id, right.id].sort(byId));
    await expect(reviewSummary(page)).toHaveText(dueText(2));

    // --- The laptop: the same student on a second device ----------------------------------------
    laptop = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const other = await laptop.newPage();
    await signIn(other, student.email, student.password);
    await expect(reviewSummary(other)).toHaveText(dueText(2));
    await other.goto(`/test/results/${testId}#explanation-${right.id}`);
    const there = other.getByTestId("review").getByRole("button", { name: "Mark for review" });
    await expect(there).toHaveAttribute("aria-pressed", "true");
    await expect(other.getByTestId("review-mark-status")).toHaveText("Marked for review");

    // Taken off there: one due again, on the device and by the server's records.
    await there.click();
    await expect(there).toHaveAttribute("aria-pressed", "false");
    await other.goto("/dashboard");
    await expect(reviewSummary(other)).toHaveText(dueText(1));
    await waitForSynced(other);
    await expect.poll(() => marksOnServer(student.email)).toEqual([{ question_id: right.id, marked: 0 }]);
    expect(serverDue(student.email)).toEqual([wrong.id]);
  } finally {
    await tablet?.close();
    await laptop?.close();
  }
  expect(violations).toEqual([]);
});

test("an exam's side panel does not offer the mark while it runs", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const student = await createStudent("review-mark-exam");
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signIn(page, student.email, student.password);
    await startTest(page, { type: "timed", count: 10, seed: SEED });
    await expect(page.getByTestId("side-panel")).toBeVisible();
    await expect(page.getByTestId("note-card")).toBeVisible();
    await expect(page.getByTestId("review-mark-card")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
