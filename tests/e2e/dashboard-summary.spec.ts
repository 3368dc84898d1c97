import { expect, test } from "@playwright/test";
import { shownCount, visibleItemsFit } from "./support/fit-to-box.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * The dashboard's three summary circles (spec): lessons completed, tests passed and average
 * score, counted on the device from the syllabus and the student's own records, offline too.
 */
test("the summary circles count a lesson read to its last page, with the network off", async ({ page, context }) => {
  const student = await createStudent("summary");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  const lessons = page.getByTestId("summary-lessons");
  await expect(lessons).toContainText(/^0\/\d+Lessons completed$/);
  const total = Number(/^0\/(\d+)/.exec((await lessons.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThan(1);
  await expect(page.getByTestId("summary-tests")).toContainText(/^0\/\d+Tests passedProgress tests$/);
  // The average is the progress tests' (the server's summary): none yet, and the circle says so.
  await expect(page.getByTestId("summary-score")).toHaveText("–Average scoreNo progress tests yet");
  await expect(page.getByTestId("summary-answer-rate")).toHaveText(
    "Finish a test to see how many of your answers are right.",
  );

  await context.setOffline(true);
  // Lesson 1 has four pages: reading the last one completes it.
  await page.goto("/lesson/1?page=4");
  await expect(page.getByTestId("lesson-page-number")).toHaveText("Page 4 of 4");
  await page.getByTestId("nav-dashboard").click();
  await expect(lessons).toContainText(`1/${total}Lessons completed`);
});

test("the sidebar is the window height minus 160; recent tests that do not fit are hidden, not cut", async ({
  page,
}) => {
  const student = await createStudent("sidebar");
  await signIn(page, student.email, student.password);
  for (let i = 0; i < 6; i++) await startTest(page, { type: "quiz", seed: i + 1 });
  await page.goto("/dashboard");

  const sidebar = page.getByTestId("dashboard-sidebar");
  const tests = page.getByTestId("recent-test");
  const list = tests.first().locator("xpath=ancestor::ul[1]");
  await page.setViewportSize({ width: 1280, height: 1000 });
  await expect.poll(async () => (await sidebar.boundingBox())?.height).toBe(840);
  await expect.poll(() => shownCount(tests)).toBe(6);

  await page.setViewportSize({ width: 1280, height: 560 });
  await expect.poll(async () => (await sidebar.boundingBox())?.height).toBe(400);
  // The list measures what fits after the sidebar has its new height: a frame or more later.
  await expect.poll(() => shownCount(tests)).toBeLessThan(6);
  expect(await shownCount(tests)).toBeGreaterThan(0);
  expect(await visibleItemsFit(list, tests)).toBe(true);

  // Opened at that size: the list, painted after its tests were read, is fitted as it appears.
  await page.reload();
  await expect(tests.first()).toBeVisible();
  await expect.poll(() => shownCount(tests)).toBeLessThan(6);
  expect(await shownCount(tests)).toBeGreaterThan(0);
  expect(await visibleItemsFit(list, tests)).toBe(true);
});
