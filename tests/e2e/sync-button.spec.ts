import { expect, test } from "@playwright/test";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

test("the sync button: synced (disabled 5 s); offline it says the device is offline and the changes are saved on it, never a failure", async ({
  page,
  context,
}) => {
  await signIn(page);
  await waitUntilReadyOffline(page);
  const button = page.getByTestId("sync-button");
  await button.click();
  await expect(button).toHaveText("Synced");
  await expect(button).toBeDisabled();
  await expect(page.getByTestId("sync-last")).toHaveText(/^Last sync \d\d\/\d\d\/\d{4} @ \d\d:\d\d$/);
  await expect(button).toHaveText("Sync now", { timeout: 8000 });
  await expect(button).toBeEnabled();

  await context.setOffline(true);
  await page.getByTestId("dashboard-start-practice").click();
  // The test page (its own chunk) is up before the student leaves it.
  await expect(page.getByTestId("question-number")).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByTestId("confirm-leave").click();
  await expect(page.getByTestId("sync-offline")).toContainText("This device is offline.");
  await button.click();
  const notice = page.getByTestId("snackbar").filter({ hasText: "This device is offline" });
  await expect(notice).toContainText("Saved on this device; it will reach the server when you are online");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/Sync failed|There was a problem|Please try syncing again/);
  await expect(button).toHaveText("Sync now");
  await expect(button).toBeEnabled();
  await context.setOffline(false);
  await expect(page.getByTestId("sync-offline")).toHaveCount(0);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  // Back online the app syncs on its own; pressed while that sync runs, the button says a sync is
  // in progress (as the spec asks) and starts nothing. The student presses again once it is idle.
  await expect(async () => {
    await expect(button).toHaveText("Sync now", { timeout: 5000 });
    await button.click();
    await expect(button).toHaveText("Synced", { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
});
