/**
 * The device's screens (issue 17): This device online and offline with changes waiting, the sync
 * button offline, the update page, and the maintenance role's Updates, Jobs (with a change waiting
 * offline), Users and Reports. Offline the words say the device is offline and the changes are
 * saved on it, never that something failed; an offline page load asks the server nothing for the
 * session. Every screen passes axe in both themes and both sizes (screenshots with SHOTS_DIR).
 */
import { expect, test } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { dismissNotifications } from "./support/notifications.ts";
import { createMaintenanceUser, createStudent } from "./support/server-db.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { leaveTestThrough, startTest } from "./support/test-taking.ts";

const SAVED_ON_DEVICE = "Saved on this device; it will reach the server when you are online";
const DEVICE_OFFLINE = "This device is offline";

test("This device online and offline with a change waiting; Sync now offline says so; an offline load asks no session", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const student = await createStudent("screens-device");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // Online: the page in its frame, title above the cards.
  await page.goto("/device");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This device");
  await expect(page.getByTestId("changes-pending")).toHaveText("0");
  const pill = await page.getByTestId("pending-count").evaluate((el) => {
    const after = getComputedStyle(el, "::after");
    return { height: el.getBoundingClientRect().height, after: Number.parseFloat(after.height) || 0 };
  });
  expect(Math.max(pill.height, pill.after), "the pending pill's hit area").toBeGreaterThanOrEqual(44);
  expect(await checkScreen(page, "device-online")).toEqual([]);

  // Offline: a test started and a question answered wait on the device.
  await context.setOffline(true);
  await startTest(page, { display: "After test" });
  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("pending-count")).toHaveText("2 pending");

  // The dashboard's sync button offline: the device is offline, the changes saved on it; no failure, no dialog.
  await leaveTestThrough(page, "nav-dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("sync-offline")).toContainText(DEVICE_OFFLINE);
  await expect(page.getByTestId("sync-offline")).toContainText(SAVED_ON_DEVICE);
  await page.getByTestId("sync-button").click();
  const notice = page.getByTestId("snackbar").filter({ hasText: DEVICE_OFFLINE });
  await expect(notice).toContainText(SAVED_ON_DEVICE);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/Sync failed|There was a problem|contact support/);
  await expect(page.getByTestId("sync-button")).toHaveText("Sync now");
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await dismissNotifications(page);

  // This device, offline with the changes waiting.
  await page.getByTestId("pending-count").click();
  await expect(page).toHaveURL(/\/device$/);
  await expect(page.getByTestId("changes-pending")).toHaveText("2");
  await expect(page.getByTestId("sync-offline")).toContainText(`${DEVICE_OFFLINE}. ${SAVED_ON_DEVICE}`);
  await page.getByTestId("sync-button").click();
  await expect(page.getByTestId("snackbar").filter({ hasText: DEVICE_OFFLINE })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(/fail|POST |\/api\//i);
  await dismissNotifications(page);
  expect(await checkScreen(page, "device-offline")).toEqual([]);

  // An offline page load: the session comes from the device, nothing is asked of the server.
  const asked: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This device");
  await expect(page.getByTestId("changes-pending")).toHaveText("2");
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);
  expect(errors.filter((e) => /auth\/me|session/i.test(e))).toEqual([]);

  // Exporting device data shows that it works until the file is there.
  const download = page.waitForEvent("download");
  await page.getByTestId("device-export").click();
  await download;
  await expect(page.getByTestId("device-data-report")).toContainText("Exported");
  await expect(page.getByTestId("device-data-working")).toHaveCount(0);

  // The post-login sync screen offline: the device has what it needs, go on or try again.
  await page.goto("/sync");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Syncing your data");
  await expect(page.getByTestId("sync-offline")).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/fail|contact support/i);
  expect(await checkScreen(page, "sync-screen-offline")).toEqual([]);
  await context.setOffline(false);
});

test("the update page in its frame", async ({ page }) => {
  const student = await createStudent("screens-update");
  await signIn(page, student.email, student.password);
  await page.goto("/update");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Updates");
  // After the first run the page shows its result and the modules, then the way on.
  await expect(page.getByTestId("update-dashboard")).toBeVisible({ timeout: 30_000 });
  expect(await checkScreen(page, "update")).toEqual([]);
});

test("maintenance: Updates, Jobs offline with a change waiting (in words, no failure), Users, Reports", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const maintenance = await createMaintenanceUser("screens-device-staff");
  await signIn(page, maintenance.email, maintenance.password);
  await waitUntilReadyOffline(page);

  await page.getByTestId("nav-updates").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Updates");
  await expect(page.getByTestId("update-lock-state")).not.toHaveText("Reading the update status…");
  expect(await checkScreen(page, "maintenance-updates")).toEqual([]);

  // Offline, an answer waits: the jobs page names it in words and says the device is offline.
  await context.setOffline(true);
  await startTest(page, { display: "After test" });
  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("pending-count")).toHaveText("2 pending");
  await leaveTestThrough(page, "nav-jobs");
  await expect(page).toHaveURL(/\/maintenance\/jobs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs");
  await expect(page.getByTestId("jobs-queue-state")).toHaveText(
    `${DEVICE_OFFLINE}: these changes wait here and are sent when you are online.`,
  );
  const pending = page.getByTestId("jobs-pending");
  await expect(pending.getByTestId("job-label")).toHaveText([/^New test “.+”$/, /^Answer to question 1 of “.+”$/]);
  await expect(pending.getByTestId("job-available")).toHaveText([
    "when this device is online",
    "when this device is online",
  ]);
  await expect(pending).not.toContainText(/fail/i);
  await expect(page.getByTestId("jobs-queue-state")).not.toContainText(/fail/i);
  await expect(page.locator("main")).not.toContainText(/POST |\/api\/|\/test\/current/);

  // Run all offline: the changes wait, said in the app's words, never as an error.
  await page.getByTestId("jobs-run").click();
  await expect(page.getByTestId("jobs-run-result")).toContainText(SAVED_ON_DEVICE);
  await expect(page.getByTestId("jobs-run-result")).not.toContainText(/error|fail/i);
  await dismissNotifications(page);
  expect(await checkScreen(page, "maintenance-jobs-offline")).toEqual([]);

  await context.setOffline(false);
  await expect(pending.getByTestId("count")).toHaveText("0", { timeout: 30_000 });

  await page.getByTestId("nav-users").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users on this device");
  await expect(page.getByTestId("local-profile")).toHaveCount(1);
  expect(await checkScreen(page, "maintenance-users")).toEqual([]);

  await page.getByTestId("nav-reports").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
  await expect(page.getByTestId("bug-reports")).toBeVisible({ timeout: 15_000 });
  expect(await checkScreen(page, "maintenance-reports")).toEqual([]);
});
