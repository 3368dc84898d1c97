/**
 * The student's own screens in both themes and at every size: the dashboard of a new student
 * (each card's empty state and what to do next) and of one with course dates and a finished
 * quiz (the chart, the answer line), the course dates
 * dialog, the profile (whose Appearance switch turns the page dark), the subscription page and
 * the licence activation page. Every screen passes axe (WCAG 2.1 AA) with 0 violations.
 */
import { expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { createStudent, dayFromToday, giveCourseDates, serverUserId } from "./support/server-db.ts";
import { answerCurrent, signIn } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/** The progress chart is drawn on a canvas after the dashboard; it redraws on each resize. */
async function chartSettled(page: Page): Promise<void> {
  const canvas = page.getByTestId("progress-chart").locator("canvas");
  if ((await canvas.count()) > 0) await expect(canvas.first()).toBeVisible();
}

/** Nothing on the page is wider than the window (the chart at 768 px overflowed sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a new student's dashboard: one progress card, each card's empty state with its next step, the course dates dialog, the profile and the subscription", async ({
  page,
}) => {
  // A tour of five screens, each in two themes at two sizes: longer than one screen's test.
  test.setTimeout(180_000);
  const student = await createStudent("screens-new");
  await signIn(page, student.email, student.password);

  // One progress card (the circles and the course chart), no second sync status.
  await expect(page.getByTestId("my-progress")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Your progress" })).toHaveCount(0);
  await expect(page.getByRole("main").getByTestId("sync-status")).toHaveCount(0);
  await expect(page.getByTestId("summary-score")).toContainText("No progress tests yet");
  await expect(page.getByTestId("summary-answer-rate")).toHaveText(
    "Finish a test to see how many of your answers are right.",
  );
  await expect(page.getByTestId("recent-tests-empty")).toContainText("Your completed tests will appear here.");
  await expect(
    page.getByTestId("recent-tests-empty").getByRole("button", { name: "Take your first practice test" }),
  ).toBeVisible();
  await expect(page.getByTestId("progress-empty").first()).toContainText("no course dates yet");
  await expectNoSidewaysScroll(page);
  expect(await checkScreen(page, "dashboard-new", { settle: () => chartSettled(page) })).toEqual([]);

  // The course dates dialog, as the empty state's button opens it: every module blank, dd/mm/yyyy.
  await page.getByTestId("progress-set-dates").first().click();
  const dialog = page.getByTestId("course-dates-modal");
  await expect(dialog.getByTestId("course-date-row")).toHaveCount(2);
  await expect(dialog.getByTestId("course-date-301-start").getByRole("group")).toHaveText("dd/mm/yyyy");
  expect(await checkScreen(page, "course-dates-dialog", { fullPage: false })).toEqual([]);
  // At a phone's width the dialog fits: nothing wider than the window.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await dialog.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 9999) <= 390).toBe(true);
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The profile, and its Appearance switch: Dark turns the page dark whatever the system says.
  await page.getByTestId("nav-profile").click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByTestId("appearance")).toBeVisible();
  expect(await checkScreen(page, "profile")).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByTestId("theme-dark").click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const surface = () => page.getByTestId("appearance").evaluate((el) => getComputedStyle(el).backgroundColor as string);
  expect(await surface()).not.toBe("rgb(255, 255, 255)");
  // Kept on this device: still dark after a reload.
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByTestId("theme-system").click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await surface()).toBe("rgb(255, 255, 255)");

  await page.goto("/subscribe");
  await expect(page.getByTestId("subscription-status")).toBeVisible();
  expect(await checkScreen(page, "subscription")).toEqual([]);
});

test("a student with course dates and a finished quiz: the chart inside its card, the answer line with its figure", async ({
  page,
}) => {
  const student = await createStudent("screens-progress");
  giveCourseDates(serverUserId(student.email), {
    301: [dayFromToday(-20), dayFromToday(20)],
    302: [dayFromToday(21), dayFromToday(60)],
  });
  await signIn(page, student.email, student.password);
  await startTest(page, { type: "quiz", count: 10 });
  for (let position = 1; position <= 10; position++) {
    await expect(page.getByTestId("question-number")).toContainText(`Question ${String(position).padStart(3, "0")}`);
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(/\/test\/results\//);
  await page.getByTestId("nav-dashboard").click();

  // A quiz is no progress test: the average circle says so, the answer line gives the figure.
  await expect(page.getByTestId("summary-score")).toContainText("No progress tests yet");
  await expect(page.getByTestId("summary-answer-rate")).toHaveText(
    /^Across your 1 finished test: \d+% answered right \(\d+ of \d+\)\.$/,
  );
  await expect(page.getByTestId("recent-test")).toHaveCount(1);
  await expect(page.getByTestId("progress-chart").locator("canvas")).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The chart is no wider than its card at a tablet's width.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.waitForTimeout(300);
  const card = await page.getByTestId("my-progress").boundingBox();
  const drawn = await page.getByTestId("progress-chart").locator("canvas").boundingBox();
  expect((drawn?.x ?? 0) + (drawn?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await checkScreen(page, "dashboard", { settle: () => chartSettled(page) })).toEqual([]);
});

test("the licence activation page", async ({ page }) => {
  await page.goto("/activate");
  await expect(page.getByRole("heading", { name: "Activate Preflight" })).toBeVisible();
  expect(await checkScreen(page, "licence")).toEqual([]);
});

test("the room the dashboard keeps for the sync and update panel while it loads is the room the panel takes, on a phone and on a tablet", async ({
  page,
}) => {
  await signIn(page);
  // Phone widths put the sync time under the button; from 480 px it sits beside it.
  for (const width of [390, 479, 480, 768]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/dashboard");
    await expect(page.getByTestId("sync-last")).toBeVisible();
    const room = page.getByTestId("device-panel-room");
    const [content, reserved] = await room.evaluate((e) => [
      (e.lastElementChild as Element).getBoundingClientRect().bottom -
        (e.firstElementChild as Element).getBoundingClientRect().top,
      Number.parseFloat(getComputedStyle(e).minHeight),
    ]);
    // Never more than kept (nothing below moves once it comes), and no more kept than it takes.
    expect(content, `${width} px`).toBeLessThanOrEqual(reserved);
    if (width < 480) expect(content, `${width} px`).toBe(reserved);
    expect(content, `${width} px`).toBe(reserved);
  }
});
