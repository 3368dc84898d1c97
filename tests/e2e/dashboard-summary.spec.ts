import { expect, test } from "@playwright/test";
import { createStudent } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

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
  await expect(page.getByTestId("summary-tests")).toContainText(/^0\/\d+Tests passed$/);
  await expect(page.getByTestId("summary-score")).toContainText("–Average score");

  await context.setOffline(true);
  // Lesson 1 has four pages: reading the last one completes it.
  await page.goto("/lesson/1?page=4");
  await expect(page.getByTestId("lesson-page-number")).toHaveText("Page 4 of 4");
  await page.getByTestId("nav-dashboard").click();
  await expect(lessons).toContainText(`1/${total}Lessons completed`);
});
