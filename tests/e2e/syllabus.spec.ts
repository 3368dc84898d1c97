import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./support/env.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent, serverUserId } from "./support/server-db.ts";
import { serverQuestionAt, waitForSynced } from "./support/server-questions.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { openSyllabus, partRow, readAirLawLessons } from "./support/syllabus.ts";
import { answerRight } from "./support/test-taking.ts";

/**
 * The syllabus page in Chromium: the grid and legend, sort and remembered choices, and each
 * access rule in the spec's order with its modal text (prerequisite, target date, required
 * lessons with the initial attempt, retry interval), the summary modal and a progress test
 * started from it, a lesson part opening, the grid after a failed and a passed progress test,
 * and the page offline.
 */
const fixtures = loadFixtures();
const airLawLessons = fixtures.lessons.filter((l) => l.subject === "010");
const PREREQUISITE = "Air Law module must be completed before you attempt this module.";
const PREVIOUS_PARTS = "All previous module parts must be completed before you attempt this test.";

async function refusal(page: Page, title: string, text: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText(title);
  await expect(dialog.getByTestId("access-refusal")).toContainText(text);
  return dialog;
}

test("the grid, legend, sort and remembered choices; prerequisite, initial attempt, required lessons, retry interval", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent("syllabus");
  await signIn(page, student.email, student.password);
  await openSyllabus(page);

  // The grid of the first module: its lessons and progress test, with the target column and legend.
  await expect(page.getByRole("columnheader", { name: "Lessons" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Target" })).toBeVisible();
  await expect(page.getByTestId("syllabus-part")).toHaveCount(airLawLessons.length + 1);
  await expect(page.getByTestId("syllabus-legend").locator("li")).toHaveText([/Not started$/, /Failed$/, /Complete$/]);
  await expect(partRow(page, "Air Law progress test").getByRole("img")).toHaveAttribute("aria-label", "Not started");
  // The licence's three syllabus choices: the selector shows.
  await expect(page.getByTestId("syllabus-select").locator("option")).toHaveCount(3);
  await shootAtSizes(page, "syllabus-page");

  // 1. Meteorology needs Air Law first.
  await page.getByTestId("module-select").selectOption({ label: "Meteorology" });
  await page.getByTestId("syllabus-part").first().getByRole("button").click();
  await refusal(page, "Insufficient module progress", PREREQUISITE);
  await shootAtSizes(page, "syllabus-refusal");
  await page.getByTestId("refusal-ok").click();

  // Sort by SUBJECT, then a reload: sort, subject and module are remembered.
  await page.getByTestId("sort-subject").click();
  await page.getByTestId("subject-select").selectOption("050");
  await expect(page.getByTestId("syllabus-part")).toHaveCount(
    fixtures.lessons.filter((l) => l.subject === "050").length + 1,
  );
  await page.reload();
  await expect(page.getByTestId("subject-select")).toHaveValue("050");
  await expect(page.getByTestId("sort-subject")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("sort-module").click();
  await expect(page.getByTestId("module-select").locator("option:checked")).toHaveText("Meteorology");
  await page.getByTestId("module-select").selectOption({ label: "Air Law" });

  // 3. Lessons unread: an initial attempt goes on with its note, to the summary modal.
  await partRow(page, "Air Law progress test").getByRole("button").click();
  const summary = page.getByRole("dialog");
  await expect(summary.getByRole("heading")).toHaveText("Air Law progress test");
  await expect(summary.getByTestId("initial-attempt")).toBeVisible();
  await expect(summary.getByTestId("pt-questions")).toHaveText("20");
  await expect(summary.getByTestId("pt-attempts")).toHaveText("0");
  await expect(summary.getByTestId("pt-pass-mark")).toHaveText("75%");
  await shootAtSizes(page, "syllabus-summary");
  await summary.getByTestId("pt-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("question")).toBeVisible();
  // Given up at once: the attempt is marked, failed.
  await page.getByTestId("abandon").click();
  await page.getByTestId("confirm-abandon").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForSynced(page);

  await openSyllabus(page);
  await expect(partRow(page, "Air Law progress test").getByRole("img")).toHaveAttribute("aria-label", "Failed");
  // Attempted already: the required lessons are listed.
  await partRow(page, "Air Law progress test").getByRole("button").click();
  const denied = await refusal(page, "Insufficient module progress", PREVIOUS_PARTS);
  await expect(denied.getByTestId("required-lessons").locator("li")).toHaveCount(airLawLessons.length);
  await page.getByTestId("refusal-ok").click();

  // A lesson part opens the lesson viewer at its url.
  await partRow(page, airLawLessons[0]?.title as string)
    .getByRole("button")
    .click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${airLawLessons[0]?.id}\\?page=1$`));

  // 4. Every lesson read, the failed attempt an hour ago at most: the retry interval denies with the time left.
  await readAirLawLessons(page);
  await page.goto("/syllabus");
  for (const lesson of airLawLessons)
    await expect(partRow(page, lesson.title).getByRole("img")).toHaveAttribute("aria-label", "Complete");
  await partRow(page, "Air Law progress test").getByRole("button").click();
  const wait = await refusal(page, "Access denied", "You may attempt this test again in 00:");
  await expect(wait.getByTestId("retry-available")).toContainText("remaining");
  await page.getByTestId("refusal-ok").click();

  // Offline, the page and its rules work from the device.
  await page.goto("/dashboard");
  await waitUntilReadyOffline(page);
  await page.context().setOffline(true);
  await page.goto("/syllabus");
  await expect(page.getByTestId("lesson-grid")).toBeVisible();
  await expect(partRow(page, "Air Law progress test").getByRole("img")).toHaveAttribute("aria-label", "Failed");
  await page.getByTestId("module-select").selectOption({ label: "Meteorology" });
  await page.getByTestId("syllabus-part").first().getByRole("button").click();
  await refusal(page, "Insufficient module progress", PREREQUISITE);
  await page.context().setOffline(false);
});

test("2. a target date in the future denies access to the part", async ({ page }) => {
  const student = await createStudent("syllabus-target");
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    db.prepare(
      "insert into course_dates (id, class_id, user_id, module_id, start_date, end_date) values (?, null, ?, 301, ?, ?)",
    ).run(randomUUID(), serverUserId(student.email), start, end);
  } finally {
    db.close();
  }
  await signIn(page, student.email, student.password);
  await openSyllabus(page);
  await expect(page.getByTestId("part-target").first()).not.toHaveText("—");
  await page.getByTestId("syllabus-part").first().getByRole("button").click();
  await refusal(page, "Access denied", "You may not access this until the target date.");
});

test("a passed progress test: the summary, the test taken right, and the grid shows it complete", async ({ page }) => {
  test.setTimeout(240_000);
  const student = await createStudent("syllabus-pass");
  await signIn(page, student.email, student.password);
  await readAirLawLessons(page);
  await page.goto("/syllabus");
  await partRow(page, "Air Law progress test").getByRole("button").click();
  const summary = page.getByRole("dialog");
  // 5. Lessons read: the summary, as a full progress test (no initial-attempt note).
  await expect(summary.getByTestId("pt-summary")).toBeVisible();
  await expect(summary.getByTestId("initial-attempt")).toHaveCount(0);
  await summary.getByTestId("pt-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  await expect.poll(() => serverQuestionAt(testId, 20)?.id, { timeout: 30_000 }).toBeDefined();
  for (let position = 1; position <= 20; position++) {
    await expect(page.getByTestId("question-number")).toContainText(`Question ${String(position).padStart(3, "0")}`);
    await answerRight(page, serverQuestionAt(testId, position) as BankQuestion);
    await page.getByTestId("next").click();
  }
  await page.getByTestId("confirm-finish").click();
  await expect(page.getByTestId("result-heading")).toHaveText("Congratulations, you passed!");
  await waitForSynced(page);
  await page.goto("/syllabus");
  await expect(partRow(page, "Air Law progress test").getByRole("img")).toHaveAttribute("aria-label", "Complete");
  // Air Law complete: Meteorology's lessons open.
  await page.getByTestId("module-select").selectOption({ label: "Meteorology" });
  await page.getByTestId("syllabus-part").first().getByRole("button").click();
  await expect(page).toHaveURL(/\/lesson\/\d+\?page=1$/);
});
