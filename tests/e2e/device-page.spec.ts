import { expect, test } from "@playwright/test";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { answerOfflineThenFinishElsewhere, startTest } from "./support/test-taking.ts";

const STAMP = /^\d\d\/\d\d\/\d{4} @ \d\d:\d\d$/;

/**
 * This device, a student's own page: reached from the profile, it says how many changes are not
 * sent yet and when the device last synced, and sends them with Sync now. The maintenance tools
 * are not in a student's navigation, and their addresses say the page is not for them.
 */
test("a student reaches This device from the profile: changes not sent yet, the last sync, Sync now", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await createStudent("device-page");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // Offline, a test and an answer wait on the device.
  await context.setOffline(true);
  const testId = await startTest(page, { display: "After test" });
  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("pending-count")).toHaveText("2 pending");

  await page.getByTestId("nav-profile").click();
  await page.getByTestId("confirm-leave").click();
  const card = page.getByTestId("this-device");
  await expect(card.getByTestId("this-device-pending")).toHaveText("2");
  await expect(card.getByTestId("this-device-last-sync")).toHaveText(STAMP);
  await shootAtSizes(page, "profile-this-device", { focus: card });

  await card.getByRole("link", { name: "Open This device" }).click();
  await expect(page).toHaveURL(/\/device$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This device");
  await expect(page.getByTestId("changes-pending")).toHaveText("2");
  await expect(page.getByTestId("changes-failed")).toHaveText("0");
  await expect(page.getByTestId("device-last-sync")).toHaveText(STAMP);
  await expect(page.getByTestId("device-data")).toBeVisible();
  await expect(page.getByTestId("storage-section")).toBeVisible();
  // Its words say what happens, not how (the one mention of the server is the app's offline sentence).
  await expect(page.getByTestId("sync-offline")).toHaveText(
    "This device is offline. Saved on this device; it will reach the server when you are online.",
  );
  await expect(page.locator("main")).not.toContainText(/POST |outbox|\/api\//);
  await shootAtSizes(page, "device-page", { fullPage: true });

  // Back online, Sync now sends them.
  await context.setOffline(false);
  await page.getByTestId("sync-button").click();
  await expect(page.getByTestId("changes-pending")).toHaveText("0", { timeout: 30_000 });
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending");

  // The old address still leads here.
  await page.goto("/changes");
  await expect(page).toHaveURL(/\/device$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This device");

  // An answer given offline to a test then finished elsewhere (a direct call, as another session
  // of the student would make) is not accepted: named in words, with the reason, never its call.
  await answerOfflineThenFinishElsewhere(page, context, testId);
  await page.getByTestId("pending-count").click();
  await page.getByTestId("confirm-leave").click();
  await expect(page).toHaveURL(/\/device$/);
  await context.setOffline(false);
  await page.getByTestId("sync-button").click();
  await expect(page.getByTestId("changes-failed")).toHaveText("1", { timeout: 30_000 });
  const refused = page.getByTestId("failed-change");
  await expect(refused).toContainText(/^Answer to question 5 of “.+”/);
  await expect(refused).toContainText("This test was already finished");
  await expect(page.getByTestId("refusal")).toContainText(/^Not accepted: Answer to question 5 of “.+”\./);
  await expect(page.locator("body")).not.toContainText(/POST |\/test\/current/);
  await shootAtSizes(page, "device-page-not-accepted", { fullPage: true });
  await context.close();
});

test("a student sees no maintenance tools: neither in the navigation nor at their addresses", async ({ page }) => {
  const student = await createStudent("device-page-tools");
  await signIn(page, student.email, student.password);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByTestId("nav-profile")).toBeVisible();
  await expect(nav.getByTestId("nav-updates")).toHaveCount(0);
  await expect(nav.getByTestId("nav-jobs")).toHaveCount(0);
  for (const path of ["/maintenance/jobs", "/maintenance/updates"]) {
    await page.goto(path);
    const refusal = page.getByTestId("maintenance-only");
    await expect(refusal).toContainText("Not available");
    await expect(refusal).toContainText("open to maintenance staff only");
    await expect(page.getByTestId("update-lock-state")).toHaveCount(0);
    await expect(page.getByTestId("jobs-page")).toHaveCount(0);
    await expect(nav.getByTestId("nav-updates")).toHaveCount(0);
    await expect(nav.getByTestId("nav-jobs")).toHaveCount(0);
  }
  await page.getByTestId("maintenance-only").getByRole("link", { name: "This device" }).click();
  await expect(page).toHaveURL(/\/device$/);
});
