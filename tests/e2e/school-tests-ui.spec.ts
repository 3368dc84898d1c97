import { statSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { createOwnSchool } from "./support/school.ts";
import { submitSignIn } from "./support/student.ts";

/**
 * The instructor's screens for fixed tests (issue 20), in a short walk: from the classes to the
 * school's tests, a new test made through the editor (its messages first, then from the bank,
 * timed, with a password and a class) and found in the list, then edited by hand keeping its
 * password, its results and a class's overview with their downloads (a CSV, a student's PDF). Each screen axe clean in
 * both themes (and photographed with SHOTS_DIR). The full issue is tests/e2e/school-tests.spec.ts.
 * The school is the spec's own: a test set for the demo class would reach the demo class's
 * student, whose fixed tests other specs count.
 */

/** Clicks a download button and answers the file's name and size. */
async function download(page: Page, testId: string, nth = 0): Promise<{ name: string; size: number }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).nth(nth).click()]);
  return { name: file.suggestedFilename(), size: statSync(await file.path()).size };
}

test("an instructor makes a fixed test in the editor, finds it in the list, edits it and reads results", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  const own = await createOwnSchool("school-tests-ui");
  await page.setViewportSize({ width: 1280, height: 800 });
  await submitSignIn(page, own.instructor.email, own.instructor.password);
  await expect(page).toHaveURL(/\/school\/?$/, { timeout: 60_000 });
  await page.getByTestId("school-tests-link").click();
  await expect(page).toHaveURL(/\/school\/tests$/);
  await expect(page.getByTestId("school-tests-title")).toHaveText("Fixed tests");
  await expect(page.getByTestId("nav-school-tests")).toBeVisible();
  await expect(page.getByTestId("school-tests-none").or(page.getByTestId("school-tests"))).toBeVisible();
  const before = await page.getByTestId("school-test").count();

  // The editor: a test with nothing in it is refused on the device, each message by its field.
  await page.getByTestId("school-test-new").click();
  await expect(page.getByTestId("test-editor-title")).toHaveText("New fixed test");
  await page.getByTestId("test-save").click();
  await expect(page.getByTestId("editor-check")).toBeVisible();
  await expect(page.getByText("Enter a title for the test")).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();

  // From the bank: Air Law, 5 questions, timed, a password, the school's class, a window.
  await page.getByLabel("Title").fill("Air Law quiz (e2e)");
  await page.getByLabel("Subject").fill("010");
  await expect(page.getByTestId("bank-matches")).toHaveText(/^\d+ questions? match/);
  await page.getByLabel("Number of questions").fill("5");
  await page.getByTestId("test-timed").click();
  await page.getByLabel("Minutes").fill("30");
  await page.getByTestId("password-set").click();
  await page.getByLabel("Test password").fill("quiz1234");
  await page.getByTestId("test-class").first().click();
  await page.getByLabel("Opens at").fill("2026-12-01T09:00");
  await page.getByLabel("Closes at").fill("2026-11-01T09:00");
  await page.getByTestId("test-save").click();
  await expect(page.getByText("The test must open before it closes")).toBeVisible();
  await page.getByLabel("Closes at").fill("2027-01-31T17:00");
  problems.push(...(await checkScreen(page, "school-test-editor")));
  await page.getByTestId("test-save").click();

  await expect(page).toHaveURL(/\/school\/tests$/);
  await expect(page.getByText("The fixed test has been created.")).toBeVisible();
  await expect(page.getByTestId("school-test")).toHaveCount(before + 1);
  const made = page.getByTestId("school-test").filter({ hasText: "Air Law quiz (e2e)" });
  await expect(made).toContainText("5 questions · 30 min · pass mark 75% · no limit on attempts");
  await expect(made).toContainText(`Class: ${own.className}`);
  await expect(made.getByTestId("test-badge").filter({ hasText: "Password" })).toBeVisible();
  problems.push(...(await checkScreen(page, "school-tests")));

  // Edited: its five questions come as a list; one more picked by hand; the password kept.
  await made.getByTestId("school-test-edit").click();
  await expect(page.getByTestId("test-editor-title")).toHaveText("Edit: Air Law quiz (e2e)");
  await expect(page.getByTestId("chosen-question")).toHaveCount(5);
  await expect(page.getByRole("radio", { name: "Keep the current password" })).toBeChecked();
  await page.getByLabel("Subject").fill("010");
  await page.getByTestId("question-search").click();
  const unticked = page.getByTestId("question-result").filter({ has: page.locator("input:not(:checked)") });
  await unticked.first().click();
  await expect(page.getByTestId("chosen-question")).toHaveCount(6);
  problems.push(...(await checkScreen(page, "school-test-edit")));
  await page.getByTestId("test-save").click();
  await expect(page.getByText("The fixed test has been saved.")).toBeVisible();
  await expect(made).toContainText("6 questions");
  await expect(made.getByTestId("test-badge").filter({ hasText: "Password" })).toBeVisible();

  // Its results: no attempt yet, the class's students not started, and the CSV.
  await made.getByTestId("school-test-results").click();
  await expect(page.getByTestId("test-results-title")).toHaveText("Air Law quiz (e2e)");
  await expect(page.getByTestId("results-summary")).toHaveText("No attempt yet.");
  await expect(page.getByTestId("question-figure")).toHaveCount(6);
  await expect(page.getByTestId("not-started-student")).toHaveCount(1);
  problems.push(...(await checkScreen(page, "school-test-results")));
  const csv = await download(page, "results-csv");
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.size).toBeGreaterThan(0);

  // The class overview's CSV and a student's report.
  await page.getByTestId("nav-school").click();
  await page.getByTestId("school-class").first().click();
  await expect(page.getByTestId("overview-row").first()).toBeVisible();
  expect((await download(page, "overview-csv")).name).toMatch(/\.csv$/);
  const pdf = await download(page, "overview-report");
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.size).toBeGreaterThan(0);
  problems.push(...(await checkScreen(page, "school-overview-exports")));

  expect(problems).toEqual([]);
});
