/**
 * The study screens in both themes and at every size (issue 17): Analysis (each tab, with its
 * charts and their tables), the syllabus page, a lesson (and its Tutor / Search panel) and the
 * feedback dialog pass axe, and each chart fits its card at 1280, 768 and 390 px.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { FEEDBACK_MESSAGES } from "../../sync-protocol/schemas/feedback.ts";
import { checkScreen } from "./support/axe.ts";
import { SCREEN_SIZES } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { numberText } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { openSyllabus } from "./support/syllabus.ts";
import { startTest } from "./support/test-taking.ts";

test.use({ reducedMotion: "reduce" });
const TOTAL = 10;
/** An 8×8 blue PNG, a screenshot stand-in for the feedback dialog. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQizqBFTEMLQkAGBlQATpZBa0AAAAASUVORK5CYII=",
  "base64",
);

/** A timed exam over all subjects, every question answered, finished: the charts have bars. */
async function finishTimedExam(page: Page): Promise<void> {
  await startTest(page, { type: "timed", count: TOTAL, seed: 11 });
  for (let n = 1; n <= TOTAL; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, TOTAL));
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(/\/test\/results\//);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
}

/** The chart's canvas and its card stay inside the window, and the canvas inside its card. */
async function expectChartFits(page: Page, chart: Locator): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const canvas = await chart.locator("canvas").boundingBox();
    const card = await chart.locator("xpath=ancestor::section[1]").boundingBox();
    expect(canvas, `canvas at ${size.width}`).not.toBeNull();
    expect(card, `card at ${size.width}`).not.toBeNull();
    if (!canvas || !card) continue;
    expect(card.x, `card left at ${size.width}`).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width, `card right at ${size.width}`).toBeLessThanOrEqual(size.width);
    expect(canvas.x, `canvas left at ${size.width}`).toBeGreaterThanOrEqual(card.x);
    expect(canvas.x + canvas.width, `canvas right at ${size.width}`).toBeLessThanOrEqual(card.x + card.width + 0.5);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `no sideways scroll at ${size.width}`,
    ).toBe(true);
  }
  await page.setViewportSize(SCREEN_SIZES[0]);
}

/** Tapped controls are at least 44 px high. */
async function expectTall(locator: Locator): Promise<void> {
  const count = await locator.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await locator.nth(i).boundingBox();
    expect(box?.height ?? 0, await locator.nth(i).innerText()).toBeGreaterThanOrEqual(44);
  }
}

test("analysis: both tabs with their charts and tables pass axe, and the charts fit their cards at every width", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent("screens-analysis");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  await page.goto("/analysis");
  await expect(page.getByTestId("summary-chart")).toHaveAttribute("data-empty", "true");
  expect(await checkScreen(page, "analysis-empty")).toEqual([]);

  await finishTimedExam(page);
  await page.goto("/analysis");
  const summary = page.getByTestId("summary-chart");
  await expect(summary.locator("canvas")).toBeVisible();
  await page.getByTestId("analysis-info").click();
  await expect(page.getByTestId("analysis-help")).toBeVisible();
  await expectTall(page.getByRole("tab"));
  await expectTall(page.getByTestId("analysis-info"));
  await page.getByTestId("summary-chart-table").locator("summary").click();
  await expectChartFits(page, summary);
  expect(await checkScreen(page, "analysis-summary")).toEqual([]);

  await page.getByLabel("Summary graph").selectOption({ label: "Average mock exam scores" });
  await expect(summary.locator("canvas")).toBeVisible();
  expect(await checkScreen(page, "analysis-mock-exams")).toEqual([]);

  await page.getByTestId("analysis-tab-subject").click();
  const topic = page.getByTestId("topic-chart");
  await expect(topic.locator("canvas")).toBeVisible();
  await page.getByTestId("topic-chart-table").locator("summary").click();
  await expectChartFits(page, topic);
  expect(await checkScreen(page, "analysis-subject")).toEqual([]);

  await page.getByTestId("reset-progress").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await checkScreen(page, "analysis-reset-dialog", { fullPage: false })).toEqual([]);
});

test("syllabus, a lesson, the Tutor / Search panel and the feedback dialog pass axe in both themes", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent("screens-study");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  await openSyllabus(page);
  await expectTall(page.getByTestId("syllabus-part").getByRole("button"));
  expect(await checkScreen(page, "syllabus")).toEqual([]);
  await page.getByTestId("sort-subject").click();
  await expect(page.getByTestId("subject-select")).toBeVisible();
  expect(await checkScreen(page, "syllabus-by-subject")).toEqual([]);
  await page.getByTestId("sort-module").click();
  // An access rule's dialog: Meteorology needs Air Law first.
  await page.getByTestId("module-select").selectOption({ label: "Meteorology" });
  await page.getByTestId("syllabus-part").first().getByRole("button").click();
  await expect(page.getByRole("dialog").getByTestId("access-refusal")).toBeVisible();
  expect(await checkScreen(page, "syllabus-refusal", { fullPage: false })).toEqual([]);
  await page.getByTestId("refusal-ok").click();
  await page.getByTestId("module-select").selectOption({ label: "Air Law" });

  await page.getByTestId("syllabus-help").click();
  await expect(page.getByRole("dialog", { name: "Using the syllabus page" })).toBeVisible();
  expect(await checkScreen(page, "syllabus-help", { fullPage: false })).toEqual([]);
  await page.keyboard.press("Escape");

  await page.getByTestId("syllabus-part").first().getByRole("button").click();
  await expect(page).toHaveURL(/\/lesson\/\d+/);
  await expect(page.getByTestId("lesson-page")).toBeVisible();
  await expectTall(page.getByRole("navigation", { name: "Lesson pages" }).getByRole("button"));
  expect(await checkScreen(page, "lesson")).toEqual([]);

  // A page with an image and a table.
  await page.goto("/lesson/11?page=2");
  const image = page.locator("img[src='/content/images/050-isa-profile.png']");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await checkScreen(page, "lesson-image")).toEqual([]);

  await page.getByTestId("open-tutor-search").click();
  const panel = page.getByTestId("tutor-search-panel");
  await expect(panel).toBeVisible();
  await panel.getByRole("searchbox").fill("convention");
  await expect(panel.getByTestId("search-result").first()).toBeVisible();
  expect(await checkScreen(page, "lesson-search", { fullPage: false })).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  await page.getByTestId("give-feedback").click();
  const dialog = page.getByRole("dialog", { name: "GIVE FEEDBACK" });
  await expect(dialog).toBeVisible();
  expect(await checkScreen(page, "feedback", { fullPage: false })).toEqual([]);
  await dialog.getByTestId("feedback-send").click();
  await expect(dialog.getByText(FEEDBACK_MESSAGES.textRequired)).toBeVisible();
  expect(await checkScreen(page, "feedback-required", { fullPage: false })).toEqual([]);
  // A screenshot attached: its thumbnail and a remove button a finger can hit.
  await dialog
    .getByTestId("feedback-screenshots-input")
    .setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PIXEL });
  await expect(dialog.getByTestId("feedback-shots").getByRole("img")).toHaveCount(1);
  await expectTall(dialog.getByRole("button", { name: "Remove pixel.png" }));
  expect(await checkScreen(page, "feedback-screenshot", { fullPage: false })).toEqual([]);
});
