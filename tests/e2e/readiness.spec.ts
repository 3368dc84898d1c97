import { expect, type Locator, type Page, test } from "@playwright/test";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { checkScreen } from "./support/axe.ts";
import { createStudent } from "./support/server-db.ts";
import { numberText, serverQuestionAt } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { answerRight, startTest } from "./support/test-taking.ts";

/**
 * Exam readiness (issue 19): the chance of passing each subject's exam now, with its range, drawn
 * on the device from the student's answers: on the analysis page for every subject, on the
 * dashboard for the subjects the student has started. With the network off.
 */

// Charts drawn at once (no animation), so the screenshots show their bars.
test.use({ reducedMotion: "reduce" });

const ANSWERS = 20;
/** Of them answered right (the rest answered as it comes: right or wrong). */
const RIGHT = 16;
const VERDICT = /Very likely to pass|Likely to pass|Could go either way|Unlikely to pass yet|Very unlikely to pass yet/;
/** "62%" or "under 1%" / "over 99%", then the range "(48–75%)". */
const FIGURE = /^(\d{1,2}%|under 1%|over 99%) \(\d{1,3}–\d{1,3}%\)$/;

const row = (list: Locator, subject: string) => list.getByTestId("readiness-subject").filter({ hasText: subject });

/** The figure as the eye reads it (the screen reader's sentence aside). */
async function figureOf(subjectRow: Locator): Promise<string> {
  return ((await subjectRow.getByTestId("readiness-figure").locator("[aria-hidden=true]").textContent()) ?? "").trim();
}

/** A practice test of `ANSWERS` Air Law questions, `RIGHT` of them answered right, the rest answered, finished. */
async function practiseAirLaw(page: Page): Promise<void> {
  const testId = await startTest(page, { subject: "Air Law", count: ANSWERS, display: "After test", seed: 19 });
  await expect.poll(() => serverQuestionAt(testId, ANSWERS)?.id, { timeout: 30_000 }).toBeDefined();
  for (let n = 1; n <= ANSWERS; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, ANSWERS));
    if (n <= RIGHT) await answerRight(page, serverQuestionAt(testId, n) as BankQuestion);
    else await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(/\/test\/results\//);
}

test("answers in a subject give its chance of passing, with its range, on the analysis page and the dashboard, offline", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent("readiness");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // Before any answer: no figure, but how many answers it takes.
  await page.goto("/analysis");
  const analysis = page.getByTestId("analysis-readiness");
  await expect(row(analysis, "Air Law")).toContainText(
    `Not enough answers yet: answer ${ANSWERS} questions to see your chance.`,
  );
  await page.getByTestId("nav-dashboard").click();
  const dashboard = page.getByTestId("dashboard-readiness");
  await expect(dashboard).toContainText(
    `Answer ${ANSWERS} questions in a subject to see your chance of passing its exam.`,
  );

  await practiseAirLaw(page);
  await context.setOffline(true);

  await page.goto("/analysis");
  const airLaw = row(analysis, "Air Law");
  await expect(airLaw).toContainText(`33 of 44 right to pass · from ${ANSWERS} answers`);
  await expect(airLaw.getByTestId("readiness-figure")).toContainText(VERDICT);
  const figure = await figureOf(airLaw);
  expect(figure).toMatch(FIGURE);
  // At least 16 of 20 right: a real chance, not a certainty either way.
  const chance = Number(/^(\d+)%/.exec(figure)?.[1]);
  expect(chance).toBeGreaterThanOrEqual(5);
  expect(chance).toBeLessThanOrEqual(99);
  // The screen reader's sentence says the same in words.
  await expect(airLaw.getByTestId("readiness-figure")).toContainText(
    /Chance of passing now .+, likely between \d+% and \d+%\./,
  );
  // Another subject has no figure yet.
  await expect(row(analysis, "Meteorology")).toContainText("Not enough answers yet: answer 20 questions");
  expect(await checkScreen(page, "readiness-analysis")).toEqual([]);

  // The dashboard: the subject started, with the same figure; the rest summed up.
  await page.getByTestId("nav-dashboard").click();
  await expect(row(dashboard, "Air Law")).toContainText(VERDICT);
  expect(await figureOf(row(dashboard, "Air Law"))).toBe(figure);
  await expect(dashboard.getByTestId("readiness-subject")).toHaveCount(1);
  await expect(dashboard.getByTestId("readiness-untouched")).toHaveText(/^\d+ other subjects have no answers yet\.$/);
  expect(await checkScreen(page, "readiness-dashboard")).toEqual([]);
});
