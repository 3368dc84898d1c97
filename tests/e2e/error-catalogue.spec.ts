import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { deleteDeviceRow, putDeviceRow, updateDeviceRows } from "./support/device-store.ts";
import { E2E_DATABASE } from "./support/env.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { openSyllabus, putDeviceMeta } from "./support/syllabus.ts";

/**
 * Spec study 8 and the empty states of study 2 that no other spec shows: the dashboard's Recent
 * tests, the practice builder's empty subject, topic, subtopic and section lists, a module
 * without parts, and a server's refusal of an online-only call (a validation map as a danger
 * 'Error' notification on separate lines; 'Session expired' back to /login).
 */

const choice = (page: Page, text: string | RegExp) => page.getByTestId("practice-choice").filter({ hasText: text });

function endSessionsOf(email: string): void {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      `update sessions set ended_at = ?, ended_reason = 'logged_out'
       where ended_at is null and user_id = (select id from users where email = ?)`,
    ).run(new Date().toISOString(), email);
  } finally {
    db.close();
  }
}

test("a new student's dashboard: 'Your completed tests will appear here.'", async ({ page }) => {
  const student = await createStudent("catalogue-dashboard");
  await signIn(page, student.email, student.password);
  await expect(page.getByText("Your completed tests will appear here.", { exact: true })).toBeVisible();
});

test("practice builder: 'No subtopics found', 'No sections found' and 'No topics found'", async ({ page }) => {
  const student = await createStudent("catalogue-practice");
  await signIn(page, student.email, student.password);
  await page.goto("/test/select/practice");
  await choice(page, "Airframe, Systems and Power Plant").click();
  // 021.08 Fuel System holds one question, coded at the topic itself: no subtopics under it.
  await page.getByTestId("practice-open-topics").click();
  await choice(page, "021.08").click();
  await page.getByTestId("practice-open-subtopics").click();
  await expect(page.getByRole("heading", { name: "Choose a subtopic" })).toBeVisible();
  await expect(page.getByText("No subtopics found", { exact: true })).toBeVisible();
  // 021.03.01 holds one question coded at the subtopic: no sections under it.
  await page.goto("/test/select/practice");
  await choice(page, "Airframe, Systems and Power Plant").click();
  await page.getByTestId("practice-open-topics").click();
  await choice(page, "021.03").click();
  await page.getByTestId("practice-open-subtopics").click();
  await choice(page, "021.03.01").click();
  await page.getByTestId("practice-open-sections").click();
  await expect(page.getByRole("heading", { name: "Choose a section" })).toBeVisible();
  await expect(page.getByText("No sections found", { exact: true })).toBeVisible();
  // A subject whose questions sit at the subject itself has no topics.
  await updateDeviceRows(page, "questions", ["subject", "021"], { syllabus_code: "021" });
  // The bank changed behind the updater's back: its kept practice index and summary go too, as an
  // update would replace them, and the builder builds them again from the questions.
  await deleteDeviceRow(page, "bankIndexes", "practice");
  await deleteDeviceRow(page, "bankIndexes", "practice-summary");
  await page.goto("/test/select/practice");
  await choice(page, "Airframe, Systems and Power Plant").click();
  await page.getByTestId("practice-open-topics").click();
  await expect(page.getByRole("heading", { name: "Choose a topic" })).toBeVisible();
  await expect(page.getByText("No topics found", { exact: true })).toBeVisible();
});

test("no subjects on the device: 'No subjects found' in the practice builder", async ({ page }) => {
  const student = await createStudent("catalogue-subjects");
  await signIn(page, student.email, student.password);
  await putDeviceMeta(page, "subjects", []);
  await page.goto("/test/select/practice");
  await expect(page.getByText("No subjects found", { exact: true })).toBeVisible();
});

test("a module without parts: 'There are no lessons available in this module yet.'", async ({ page, context }) => {
  const student = await createStudent("catalogue-module");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);
  // Offline, so no pull replaces the device's modules meanwhile.
  await context.setOffline(true);
  await putDeviceRow(page, "modules", {
    id: 9999,
    title: "Empty module",
    position: 99,
    prerequisite_module_id: null,
    parts: [],
    restrictions: {},
  });
  // Dexie caches what it read; a reload (served offline by the worker) reads the device afresh.
  await page.reload();
  await openSyllabus(page);
  await page.getByTestId("module-select").selectOption({ label: "Empty module" });
  await expect(page.getByTestId("syllabus-empty")).toHaveText("There are no lessons available in this module yet.");
});

test("a server's refusal: the validation map on separate lines in an 'Error' notification; 'Session expired' signs in", async ({
  page,
  context,
}) => {
  const student = await createStudent("catalogue-server");
  await signIn(page, student.email, student.password);
  await openSyllabus(page);
  const select = page.getByTestId("syllabus-select");
  const other = await select.locator("option:not(:checked)").first().getAttribute("value");
  expect(other).not.toBeNull();

  await context.route("**/api/user/active-syllabus", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: "bad_request",
          message: "syllabus: The syllabus field is invalid.\nmodule: The module must be a number.",
          details: {
            fields: { syllabus: ["The syllabus field is invalid."], module: ["The module must be a number."] },
          },
        },
      }),
    }),
  );
  await select.selectOption(other as string);
  const notice = page.getByTestId("snackbar").filter({ hasText: "The syllabus field is invalid." });
  await expect(notice).toHaveAttribute("data-type", "danger");
  await expect(notice).toContainText("Error");
  expect(await notice.locator("p").last().innerText()).toBe(
    "The syllabus field is invalid.\nThe module must be a number.",
  );
  await expect(page).toHaveURL(/\/syllabus$/);
  await context.unroute("**/api/user/active-syllabus");

  // The real server, once the session has ended: 'Session expired', and the page goes to sign in.
  endSessionsOf(student.email);
  const reply = page.waitForResponse((r) => r.url().endsWith("/api/user/active-syllabus"));
  await select.selectOption(other as string);
  const response = await reply;
  expect(response.status()).toBe(401);
  expect(((await response.json()) as { error: { message: string } }).error.message).toBe("Session expired");
  // The global request policy confirms with the server that the session is gone, and says why.
  await expect(page).toHaveURL(/\/login(\?reason=expired)?$/);
});
