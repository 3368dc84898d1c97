import { expect, type Page, test } from "@playwright/test";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

/**
 * The lesson viewer and the Tutor / Search slide-out, in Chromium against the real server: a
 * lesson read from the device page by page (buttons and arrow keys), and lesson search run on
 * the device with the network off (whole word, subject, completed lessons), a hit opening its
 * page, the search-hit rules, and nothing run under 3 characters.
 */

const PREREQUISITE = "Air Law module must be completed before you attempt this module.";

const pageNumber = (page: Page) => page.getByTestId("lesson-page-number");

async function openSearch(page: Page) {
  await page.getByTestId("open-tutor-search").click();
  await expect(page.getByTestId("tutor-search-panel")).toBeVisible();
}

test("a lesson opens from the device and turns pages with the buttons and the arrow keys", async ({ page }) => {
  const student = await createStudent("lesson-reader");
  await signIn(page, student.email, student.password);
  await page.goto("/lesson/1");
  await expect(page.getByRole("heading", { name: "The Chicago Convention and ICAO" })).toBeVisible();
  await expect(pageNumber(page)).toHaveText("Page 1 of 4");
  await expect(page.getByTestId("lesson-page")).toContainText("Why a convention was needed");
  await page.keyboard.press("ArrowRight");
  await expect(pageNumber(page)).toHaveText("Page 2 of 4");
  await expect(page).toHaveURL(/\/lesson\/1\?page=2$/);
  await expect(page.getByTestId("lesson-page")).toContainText("Part I");
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(pageNumber(page)).toHaveText("Page 3 of 4");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(pageNumber(page)).toHaveText("Page 1 of 4");
  await expect(page.getByRole("button", { name: "← Previous" })).toBeDisabled();
  // An address past the last page shows the last one.
  await page.goto("/lesson/1?page=9");
  await expect(pageNumber(page)).toHaveText("Page 4 of 4");
  await expect(page.getByRole("button", { name: "Next →" })).toBeDisabled();
  // A lesson the device does not hold says so, as the spec's modal does.
  await page.goto("/lesson/9999");
  await expect(page.getByTestId("lesson-unavailable")).toContainText(
    "This lesson is currently not available, please try updating your app.",
  );
  await page.goto("/lesson/11?page=2");
  await expect(page.locator("img[src='/content/images/050-isa-profile.png']")).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator("img[src='/content/images/050-isa-profile.png']")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await page.goto("/lesson/1");
  await shootAtSizes(page, "lesson-viewer");
});

test("lessons are searched on the device with the network off", async ({ page, context }) => {
  const student = await createStudent("lesson-searcher");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);
  await page.goto("/lesson/2");
  await expect(pageNumber(page)).toHaveText("Page 1 of 4");
  await context.setOffline(true);

  await openSearch(page);
  const panel = page.getByTestId("tutor-search-panel");
  // The AI tutor is off unless the deployment switches it on.
  await expect(panel.getByRole("tab", { name: "Search" })).toBeVisible();
  await expect(panel.getByRole("tab", { name: "AI Tutor" })).toHaveCount(0);

  const box = panel.getByRole("searchbox", { name: "Search lessons" });
  const results = panel.getByTestId("search-result");
  // Under 3 characters nothing runs.
  await box.fill("IC");
  await page.waitForTimeout(600);
  await expect(panel.getByText("Type 3 or more characters to search your lessons.")).toBeVisible();
  await expect(results).toHaveCount(0);

  await box.fill("ICAO");
  await expect(results.first()).toBeVisible();
  const all = await results.count();
  expect(all).toBeGreaterThan(3);
  await expect(results.first().locator("mark")).toHaveText(/icao/i);
  await shootAtSizes(page, "search-results");

  // Subject: Air Law only.
  await panel.getByLabel("Subject", { exact: true }).selectOption("010");
  await expect.poll(() => results.count()).toBeLessThan(all);
  for (const text of await results.allTextContents())
    expect(text).not.toMatch(/atmosphere|Temperature|Pressure|Wind|Clouds|fronts/);
  await panel.getByLabel("Subject", { exact: true }).selectOption("all");

  // Whole word: "press" finds "pressure" only without it.
  await box.fill("press");
  await expect(results.first()).toBeVisible();
  await panel.getByText("Whole word", { exact: true }).check();
  await expect(panel.getByText("No results found")).toBeVisible();
  await panel.getByText("Whole word", { exact: true }).uncheck();
  await expect(results.first()).toBeVisible();

  await box.fill("zzzqqq");
  await expect(panel.getByText("No results found")).toBeVisible();

  // Completed: none yet; then lesson 2 read to its last page.
  await box.fill("ICAO");
  await panel.getByLabel("Lessons", { exact: true }).selectOption("completed");
  await expect(panel.getByText("No results found")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(pageNumber(page)).toHaveText("Page 4 of 4");
  await openSearch(page);
  await expect(results.first()).toBeVisible();
  for (const title of await results.locator("span.font-medium").allTextContents())
    expect(title).toBe("Airworthiness, nationality and registration marks");
  await panel.getByLabel("Lessons", { exact: true }).selectOption("all");

  // A hit opens its lesson at its page.
  await box.fill("right of way");
  await panel.getByText("Whole word", { exact: true }).check();
  const hit = results.filter({ hasText: "Rules of the air" }).first();
  const hitPage = Number(/Page (\d+)/.exec((await hit.textContent()) ?? "")?.[1]);
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/lesson/3\\?page=${hitPage}$`));
  await expect(pageNumber(page)).toHaveText(`Page ${hitPage} of 4`);
  await expect(page.getByTestId("lesson-page")).toContainText(/right of way/i);

  // A Meteorology hit needs the Air Law module first (the prerequisite dialog).
  await openSearch(page);
  await expect(box).toHaveValue("right of way");
  await box.fill("lapse rate");
  await panel.getByLabel("Subject", { exact: true }).selectOption("050");
  await results.first().click();
  await expect(page.getByTestId("search-hit-denied")).toHaveText(PREREQUISITE);
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/lesson\/3/);
  await context.setOffline(false);
});
