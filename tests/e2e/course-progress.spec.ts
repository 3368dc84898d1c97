import { expect, type Page, test } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent, dayFromToday, giveCourseDates, serverUserId } from "./support/server-db.ts";
import { serverQuestionAt, waitForSynced } from "./support/server-questions.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { partRow, readAirLawLessons } from "./support/syllabus.ts";
import { answerRight } from "./support/test-taking.ts";

/**
 * The dashboard's course progress graph 'My Progress' in Chromium against the real server: the
 * chart's Target and Completed series are the server's GET /analysis/course and
 * /analysis/course/{module} for the same student (a lesson read, a progress test passed), the
 * hash names the tab, zoom stays within 1x to 1.8x and the chart drags, 'Edit dates' moves the
 * target line, and after a reload offline the chart paints from the device.
 */
const fixtures = loadFixtures();
const airLawLessons = fixtures.lessons.filter((l) => l.subject === "010");

type Series = { Type: "Target" | "Completed"; Data: { date: string; Percent: number }[] }[];

const card = (page: Page) => page.getByTestId("my-progress");
const wrapper = (page: Page) => card(page).getByTestId("progress-chart-wrapper");
const chart = (page: Page) => card(page).getByTestId("progress-chart");

async function chartSeries(page: Page): Promise<Series> {
  return JSON.parse((await wrapper(page).getAttribute("data-series")) ?? "null") as Series;
}

/** The server's reply, asked from the page with the student's session. */
async function serverSeries(page: Page, path: string): Promise<Series> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { credentials: "same-origin" });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return ((await res.json()) as { averaged: Series }).averaged;
  }, path);
}

/** The chart on screen shows exactly the server's series for `path`. */
async function expectServerSeries(page: Page, path: string): Promise<Series> {
  await expect(wrapper(page)).toBeVisible();
  await expect
    .poll(async () => JSON.stringify(await chartSeries(page)))
    .toBe(JSON.stringify(await serverSeries(page, path)));
  return chartSeries(page);
}

const zoom = async (page: Page) => Number(await chart(page).getAttribute("data-zoom"));

/** Takes the Air Law progress test from the syllabus page and passes it. */
async function passAirLawTest(page: Page): Promise<void> {
  await page.goto("/syllabus");
  await partRow(page, "Air Law progress test").getByRole("button").click();
  await page.getByRole("dialog").getByTestId("pt-start").click();
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
}

test("My Progress: the server's series, hash tabs, zoom and drag, Edit dates, offline", async ({ page, context }) => {
  test.setTimeout(300_000);
  const student = await createStudent("progress");
  const userId = serverUserId(student.email);
  // Air Law is behind the student (its targets passed, so its test may be taken); Meteorology runs on.
  giveCourseDates(userId, { 301: [dayFromToday(-30), dayFromToday(-5)], 302: [dayFromToday(-2), dayFromToday(40)] });
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // Full Course first (two modules), then one tab per module; no hash selects Full Course.
  await expect(card(page).getByTestId("progress-tab")).toHaveText(["Full Course", "Air Law", "Meteorology"]);
  await expect(card(page).getByRole("tab", { name: "Full Course" })).toHaveAttribute("aria-selected", "true");
  const fresh = await expectServerSeries(page, "/analysis/course");
  expect(fresh[1]?.Data.at(-1)).toEqual({ date: dayFromToday(0), Percent: 0 });
  // Spec 9: at least 250 px high, y-axis 0 to 100 percent.
  await expect(chart(page).locator("canvas")).toBeVisible();
  expect((await chart(page).boundingBox())?.height).toBeGreaterThanOrEqual(250);

  // A lesson read and the progress test passed: Completed moves today, as the server says.
  await readAirLawLessons(page);
  await passAirLawTest(page);
  await page.getByTestId("nav-dashboard").click();
  const full = await expectServerSeries(page, "/analysis/course");
  const parts = airLawLessons.length + 1;
  const total = parts + fixtures.lessons.filter((l) => l.subject === "050").length + 1;
  expect(full[1]?.Data.at(-1)).toEqual({ date: dayFromToday(0), Percent: Math.round((parts * 100) / total) });

  // Each module's tab: the hash names it, and its series is the server's for that module.
  await card(page).getByRole("tab", { name: "Air Law" }).click();
  await expect(page).toHaveURL(/\/dashboard#module-301$/);
  const airLaw = await expectServerSeries(page, "/analysis/course/301");
  expect(airLaw[1]?.Data.at(-1)).toEqual({ date: dayFromToday(0), Percent: 100 });
  expect(airLaw[0]?.Data.at(-1)?.Percent).toBe(100);
  await shootAtSizes(page, "my-progress-module", { focus: card(page) });
  await card(page).getByRole("tab", { name: "Meteorology" }).click();
  await expect(page).toHaveURL(/\/dashboard#module-302$/);
  await expectServerSeries(page, "/analysis/course/302");

  // The hash selects the tab on load.
  await page.goto("/dashboard#full-course");
  await expect(card(page).getByRole("tab", { name: "Full Course" })).toHaveAttribute("aria-selected", "true");
  await expectServerSeries(page, "/analysis/course");
  await shootAtSizes(page, "my-progress-full-course", { focus: card(page) });
  await page.goto("/dashboard#module-302");
  await expect(card(page).getByRole("tab", { name: "Meteorology" })).toHaveAttribute("aria-selected", "true");
  const met = await expectServerSeries(page, "/analysis/course/302");

  // The accessible table has the same numbers.
  await card(page).getByTestId("progress-table").locator("summary").click();
  const rows = card(page).getByTestId("progress-table").locator("tbody tr");
  await expect(rows.last().locator("th")).toHaveText(met[0]?.Data.at(-1)?.date as string);
  await expect(rows.last().locator("td").first()).toHaveText(`${met[0]?.Data.at(-1)?.Percent}%`);
  await card(page).getByTestId("progress-table").locator("summary").click();

  // Zoom by the wheel: it grows, never past 1.8x; drag moves the window; reset is 1x again.
  await card(page).getByRole("tab", { name: "Full Course" }).click();
  await expect(chart(page)).toHaveAttribute("data-zoom", "1.000");
  const original = {
    min: await chart(page).getAttribute("data-x-min"),
    max: await chart(page).getAttribute("data-x-max"),
  };
  await chart(page).locator("canvas").scrollIntoViewIfNeeded();
  const box = (await chart(page).locator("canvas").boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -100);
  await expect.poll(() => zoom(page)).toBeGreaterThan(1);
  expect(await zoom(page)).toBeLessThanOrEqual(1.8);
  for (let i = 0; i < 15; i++) await page.mouse.wheel(0, -100);
  await expect.poll(() => zoom(page)).toBeCloseTo(1.8, 2);
  await page.waitForTimeout(500);
  expect(await zoom(page)).toBeLessThanOrEqual(1.8001);
  // Zooming out stops at the whole course; there the wheel scrolls the dashboard instead.
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 100);
  await expect.poll(() => zoom(page)).toBeCloseTo(1, 2);
  expect(await chart(page).getAttribute("data-x-min")).toBe(original.min);
  // The chart low in the window, so the page has room to scroll down.
  const scrolled = await chart(page)
    .locator("canvas")
    .evaluate((canvas) => {
      const rect = canvas.getBoundingClientRect();
      window.scrollTo(0, Math.max(0, window.scrollY + rect.top + rect.height / 2 - window.innerHeight + 60));
      return window.scrollY;
    });
  const low = (await chart(page).locator("canvas").boundingBox()) as typeof box;
  await page.mouse.move(low.x + low.width / 2, low.y + low.height / 2);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
  expect(await zoom(page)).toBe(1);
  // Zoomed in, a drag to the right shows earlier days, never before the course's first.
  await card(page).getByRole("button", { name: "Zoom in" }).click();
  await card(page).getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(() => zoom(page)).toBeGreaterThan(1.3);
  const before = await chart(page).getAttribute("data-x-min");
  expect(before && original.min && before > original.min).toBe(true);
  await chart(page).locator("canvas").scrollIntoViewIfNeeded();
  const moved = (await chart(page).locator("canvas").boundingBox()) as typeof box;
  centre.x = moved.x + moved.width / 2;
  centre.y = moved.y + moved.height / 2;
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(centre.x + step * 20, centre.y);
  await page.mouse.up();
  await expect.poll(async () => chart(page).getAttribute("data-x-min")).not.toBe(before);
  const dragged = (await chart(page).getAttribute("data-x-min")) as string;
  expect(dragged < (before as string)).toBe(true);
  expect(dragged >= (original.min as string)).toBe(true);
  await card(page).getByTestId("progress-reset-zoom").click();
  await expect(chart(page)).toHaveAttribute("data-zoom", "1.000");

  // Edit dates opens the course dates modal; a later end for Meteorology moves the target line.
  const targetBefore = (await chartSeries(page))[0]?.Data ?? [];
  await card(page).getByTestId("progress-edit-dates").click();
  const modal = page.getByTestId("course-dates-modal");
  await expect(modal.getByTestId("course-date-row")).toHaveCount(2);
  // The dd/mm/yyyy field: the day segment, then the digits.
  const [y, m, d] = dayFromToday(70).split("-");
  await modal.getByTestId("course-date-302-end").getByRole("spinbutton").first().click();
  await page.keyboard.type(`${d}${m}${y}`);
  await modal.getByRole("button", { name: "Update" }).click();
  await expect(modal).toBeHidden();
  await expect.poll(async () => (await chartSeries(page))[0]?.Data.at(-1)?.date).toBe(dayFromToday(70));
  const targetAfter = (await chartSeries(page))[0]?.Data ?? [];
  // Planned done by the old end before; later parts of Meteorology now fall after it.
  expect(targetBefore.find((p) => p.date === dayFromToday(40))?.Percent).toBe(100);
  expect(Math.max(...targetAfter.filter((p) => p.date <= dayFromToday(40)).map((p) => p.Percent))).toBeLessThan(100);
  // The server takes the new dates and answers the same line.
  await waitForSynced(page);
  await expectServerSeries(page, "/analysis/course");

  // Offline after a reload: the chart paints from the device, the same series.
  const online = await chartSeries(page);
  await context.setOffline(true);
  await page.reload();
  await expect(chart(page).locator("canvas")).toBeVisible();
  expect(await chartSeries(page)).toEqual(online);
  await card(page).getByRole("tab", { name: "Air Law" }).click();
  expect((await chartSeries(page))[1]?.Data.at(-1)).toEqual({ date: dayFromToday(0), Percent: 100 });
  await context.setOffline(false);
});

test("My Progress without course dates: a friendly sentence with a Set course dates button to plan them", async ({
  page,
}) => {
  const student = await createStudent("progress-empty");
  await signIn(page, student.email, student.password);
  await expect(card(page).getByTestId("progress-empty").first()).toContainText("no course dates yet");
  await card(page).getByTestId("progress-empty").first().getByRole("button", { name: "Set course dates" }).click();
  // Every module is there to be planned.
  await expect(page.getByTestId("course-date-row")).toHaveCount(2);
  await expect(page.getByTestId("no-course-dates")).toHaveCount(0);
  await shootAtSizes(page, "my-progress-empty", { focus: card(page) });
});
