import { expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { submitSignIn } from "./support/student.ts";

/**
 * The school area (issue 20): the demo instructor signs in to the same app and lands in the
 * school area, opens the demo class and sorts and filters its overview (each student's progress
 * against the course dates, lessons, progress tests, mock exams, last activity and readiness), on
 * a laptop and a tablet in portrait, axe clean in both themes. Offline, the overview stays as it
 * last was, said to be from then. A student never gets the school area: the page says it is not
 * theirs and the server refuses its data.
 */

const CLASS_ID = "class-2026-a";

/** The names of the overview's rows, in order. */
const rowNames = (page: Page) => page.getByTestId("overview-name").allTextContents();

/** A row's mock exam average as a number (null for "—"). */
async function mockAverages(page: Page): Promise<(number | null)[]> {
  const cells = await page.getByTestId("overview-mock").allTextContents();
  return cells.map((text) => {
    const match = /^([\d.]+)%/.exec(text.trim());
    return match ? Number(match[1]) : null;
  });
}

test("the demo instructor lands in the school area, opens the class, and sorts and filters its overview", async ({
  page,
  context,
}) => {
  const problems: string[] = [];
  await page.setViewportSize({ width: 1280, height: 800 });
  await submitSignIn(page, "instructor@preflight.test", "preflight");
  await expect(page).toHaveURL(/\/school\/?$/);
  await expect(page.getByTestId("school-classes-title")).toHaveText("Classes");
  await expect(page.getByText("Preflight Flight Academy: each class's students and how they stand.")).toBeVisible();
  // The instructor's places only: the student's are not offered.
  await expect(page.getByTestId("nav-school")).toBeVisible();
  await expect(page.getByTestId("nav-dashboard")).toHaveCount(0);
  const classCard = page.getByTestId("school-class");
  await expect(classCard).toHaveCount(1);
  await expect(classCard).toContainText("ATPL Integrated 2026-A");
  await expect(classCard).toContainText("6 students");
  problems.push(...(await checkScreen(page, "school-classes")));

  await classCard.click();
  await expect(page).toHaveURL(new RegExp(`/school/class/${CLASS_ID}$`));
  await expect(page.getByTestId("class-overview-title")).toHaveText("ATPL Integrated 2026-A");
  await expect(page.getByTestId("overview-row")).toHaveCount(6);
  // By last name first.
  expect(await rowNames(page)).toEqual([
    "Alex Airways",
    "Blair Bearing",
    "Casey Cadet",
    "Dana Descent",
    "Emery Elevator",
    "Finley Flaps",
  ]);
  // The class looks real: students behind the plan and some not, mock exams, readiness figures.
  await expect(page.getByTestId("overview-standing").filter({ hasText: "Behind plan" }).first()).toBeVisible();
  expect((await mockAverages(page)).filter((m) => m !== null).length).toBeGreaterThan(3);
  await expect(page.getByTestId("class-overview")).toContainText(/\d+%: .*chance of passing now/);
  problems.push(...(await checkScreen(page, "school-overview")));

  // Sorted by mock exam average, best first, those without one last; again, lowest first.
  await page.getByTestId("sort-mock_exams").click();
  await expect(page.locator("th[aria-sort=descending]")).toContainText("Mock exams");
  const best = await mockAverages(page);
  const scored = best.filter((m): m is number => m !== null);
  expect(scored).toEqual([...scored].sort((a, b) => b - a));
  expect(best.slice(scored.length).every((m) => m === null)).toBe(true);
  await page.getByTestId("sort-mock_exams").click();
  await expect(page.locator("th[aria-sort=ascending]")).toContainText("Mock exams");
  const low = (await mockAverages(page)).filter((m): m is number => m !== null);
  expect(low).toEqual([...low].sort((a, b) => a - b));

  // Filtered: a name, then a standing against the course dates.
  await page.getByLabel("Find a student").fill("airways");
  await expect(page.getByTestId("overview-row")).toHaveCount(1);
  await expect(page.getByTestId("overview-count")).toHaveText("1 of 6 students");
  await page.getByLabel("Find a student").fill("");
  await page.getByTestId("standing-filter").selectOption("behind");
  const behind = await page.getByTestId("overview-row").count();
  expect(behind).toBeGreaterThan(0);
  expect(behind).toBeLessThan(6);
  for (const standing of await page.getByTestId("overview-standing").allTextContents())
    expect(standing).toBe("Behind plan");

  // On a tablet in portrait the same, filtered and sorted, is checked again.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByTestId("sort-name").click();
  await expect(page.getByTestId("overview-row").first()).toBeVisible();
  problems.push(...(await checkScreen(page, "school-overview-filtered")));
  await page.getByTestId("standing-filter").selectOption("all");
  await expect(page.getByTestId("overview-row")).toHaveCount(6);

  // Offline: back to the classes and into the class again, both kept from their last view.
  await page.getByTestId("school-back").click();
  await expect(page.getByTestId("school-class")).toHaveCount(1);
  await context.setOffline(true);
  await page.getByTestId("school-class").click();
  await expect(page.getByTestId("school-kept")).toContainText(
    "The server cannot be reached: this is this class as it was on",
  );
  await expect(page.getByTestId("overview-row")).toHaveCount(6);
  await context.setOffline(false);
  await page.getByTestId("school-refresh").click();
  await expect(page.getByTestId("school-kept")).toHaveCount(0);

  expect(problems).toEqual([]);
});

test("a student never gets the school area: the page is not theirs and the server refuses its data", async ({
  page,
}) => {
  await submitSignIn(page, "class@preflight.test", "preflight");
  await expect(page).toHaveURL(/\/(sync|dashboard|update)$/);
  await expect(page.getByTestId("nav-school")).toHaveCount(0);
  for (const path of ["/school", `/school/class/${CLASS_ID}`]) {
    await page.goto(path);
    await expect(page.getByTestId("instructor-only")).toContainText("open to a school's instructors only");
    await expect(page.getByTestId("class-overview")).toHaveCount(0);
  }
  // The page's guard is cosmetic: the server refuses the data itself.
  for (const path of ["/school/classes", `/school/classes/${CLASS_ID}`]) {
    const res = await page.request.get(path);
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  }
});
