import { expect, type Locator, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./support/env.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { numberText } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * The analysis pages (spec study: Report selector page, Analysis by topic page, Reset progress):
 * drawn on the device from the student's own records, offline too, and the same numbers the
 * server answers for GET /analysis/subject, /analysis/average-timed and /analysis/topic/{id}.
 */

// Charts drawn at once (no animation), as for a student who asks for reduced motion.
test.use({ reducedMotion: "reduce" });
const TOTAL = 10;

interface Chart {
  keys: string[];
  labels: string[];
  datasets: { label: string; data: number[] }[];
  answered?: number[];
  tests?: number[];
  subject?: { id: string; title: string };
}

/** The reply the chart on screen was drawn from (its wrapper's data-series). */
async function seriesOf(chart: Locator): Promise<Chart> {
  return JSON.parse((await chart.getAttribute("data-series")) ?? "null") as Chart;
}

/** The server's reply to a GET, asked from the page with the student's session. */
function serverReply(page: Page, path: string): Promise<Chart> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: "same-origin" })).json(), path);
}

function serverResets(email: string): { subject_id: string }[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "select r.subject_id from progress_resets r join users u on u.id = r.user_id where u.email = ? order by r.reset_at",
      )
      .all(email) as { subject_id: string }[];
  } finally {
    db.close();
  }
}

async function waitForSync(page: Page): Promise<void> {
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
}

/** A timed exam over all subjects, every question answered, finished. */
async function finishTimedExam(page: Page): Promise<string> {
  const testId = await startTest(page, { type: "timed", count: TOTAL, seed: 11 });
  for (let n = 1; n <= TOTAL; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, TOTAL));
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
  return testId;
}

test("the graphs equal the server's replies; tabs follow the hash; a reset, online and offline, starts a subject again at 0", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const student = await createStudent("analysis");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // Before any answer: friendly sentences, not blank charts.
  await page.goto("/analysis");
  const summary = page.getByTestId("summary-chart");
  await expect(summary).toHaveAttribute("data-empty", "true");
  await expect(summary).toContainText("You haven't answered any questions yet.");

  await finishTimedExam(page);
  await waitForSync(page);

  await page.goto("/analysis");
  // The heading links to the page for changing the active exam; the info button toggles help.
  await expect(page.getByTestId("analysis-exam-link")).toHaveAttribute("href", "/syllabus");
  const help = page.getByTestId("analysis-help");
  await expect(help).toBeHidden();
  await page.getByTestId("analysis-info").click();
  await expect(help).toBeVisible();
  await page.getByTestId("analysis-info").click();
  await expect(help).toBeHidden();

  // Summary is the default tab; its dropdown has exactly the two views.
  await expect(page.getByTestId("analysis-tab-summary-graphs")).toHaveAttribute("aria-selected", "true");
  const view = page.getByLabel("Summary graph");
  await expect(view.locator("option")).toHaveText(["Percentage of questions answered", "Average mock exam scores"]);
  await expect(summary).toHaveAttribute("data-empty", "false");
  const answered = await seriesOf(summary);
  expect(answered).toEqual(await serverReply(page, "/analysis/subject"));
  expect(answered.answered?.reduce((a, b) => a + b, 0)).toBe(TOTAL);
  await expect(summary.locator("canvas")).toBeVisible();
  const box = await summary.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(370);
  // The same numbers as a table.
  await page.getByTestId("summary-chart-table").locator("summary").click();
  await expect(page.getByTestId("summary-chart-table").locator("tbody tr")).toHaveCount(answered.keys.length);
  await shootAtSizes(page, "summary-answered", { fullPage: true, focus: page.locator("main") });

  await view.selectOption({ label: "Average mock exam scores" });
  await expect.poll(async () => (await seriesOf(summary)).datasets[0]?.label).toBe("Average score");
  const timed = await seriesOf(summary);
  expect(timed).toEqual(await serverReply(page, "/analysis/average-timed"));
  expect(timed.tests?.some((n) => n > 0)).toBe(true);
  await shootAtSizes(page, "summary-mock-exams", { fullPage: true, focus: page.locator("main") });

  // The Subject tab: the hash names it; back and forward move between the tabs.
  await page.getByTestId("analysis-tab-subject").click();
  await expect(page).toHaveURL(/\/analysis#subject$/);
  const topic = page.getByTestId("topic-chart");
  const withAnswers = answered.keys.filter((_, i) => (answered.answered?.[i] ?? 0) > 0);
  expect(withAnswers.length).toBeGreaterThanOrEqual(2);
  const [first, second] = withAnswers as [string, string];
  const subjectSelect = page.getByLabel("Filter by subject");
  await subjectSelect.selectOption(first);
  await expect.poll(async () => (await seriesOf(topic)).subject?.id).toBe(first);
  expect(await seriesOf(topic)).toEqual(await serverReply(page, `/analysis/topic/${first}`));
  await expect(page.getByTestId("topic-help")).toBeVisible();
  await shootAtSizes(page, "topic", { fullPage: true, focus: page.locator("main") });
  await page.goBack();
  await expect(page.getByTestId("analysis-tab-summary-graphs")).toHaveAttribute("aria-selected", "true");
  await page.goForward();
  await expect(page.getByTestId("analysis-tab-subject")).toHaveAttribute("aria-selected", "true");
  await page.reload();
  await expect(page.getByTestId("analysis-tab-subject")).toHaveAttribute("aria-selected", "true");

  // Reset progress: Cancel changes nothing; Confirm starts the subject again at 0.
  await subjectSelect.selectOption(first);
  await page.getByTestId("reset-progress").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Reset progress?");
  await expect(dialog).toContainText("Are you sure you want to permanently reset all progress for this subject?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await seriesOf(topic)).answered?.some((n) => n > 0)).toBe(true);
  await page.getByTestId("reset-progress").click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await seriesOf(topic)).answered?.every((n) => n === 0)).toBe(true);
  await expect(topic).toContainText("was reset");
  await waitForSync(page);
  expect(serverResets(student.email).map((r) => r.subject_id)).toEqual([first]);
  expect(await seriesOf(topic)).toEqual(await serverReply(page, `/analysis/topic/${first}`));
  await shootAtSizes(page, "topic-after-reset", { fullPage: true, focus: page.locator("main") });

  // Offline: the pages open from the device's data, and a reset waits for the network.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("analysis-tab-subject")).toHaveAttribute("aria-selected", "true");
  await subjectSelect.selectOption(second);
  await expect.poll(async () => (await seriesOf(topic)).answered?.some((n) => n > 0)).toBe(true);
  await page.getByTestId("reset-progress").click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect.poll(async () => (await seriesOf(topic)).answered?.every((n) => n === 0)).toBe(true);
  await expect(page.getByTestId("pending-count")).toHaveText("1 pending");
  expect(serverResets(student.email).map((r) => r.subject_id)).toEqual([first]);
  await page.getByTestId("analysis-tab-summary-graphs").click();
  await view.selectOption({ label: "Percentage of questions answered" });
  const offline = await seriesOf(summary);
  for (const code of [first, second]) expect(offline.answered?.[offline.keys.indexOf(code)]).toBe(0);

  await context.setOffline(false);
  await waitForSync(page);
  expect(serverResets(student.email).map((r) => r.subject_id)).toEqual([first, second]);
  expect(await seriesOf(summary)).toEqual(await serverReply(page, "/analysis/subject"));
  await page.getByTestId("analysis-tab-subject").click();
  await subjectSelect.selectOption(second);
  await expect.poll(async () => (await seriesOf(topic)).subject?.id).toBe(second);
  expect(await seriesOf(topic)).toEqual(await serverReply(page, `/analysis/topic/${second}`));
});
