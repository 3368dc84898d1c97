import { expect, test } from "@playwright/test";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

test("the sync button: synced (disabled 5 s), and offline a failure with the 10 s wait and 'There was a problem'", async ({
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
  await page.getByRole("button", { name: /Start a practice test/ }).click();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByTestId("confirm-leave").click();
  await button.click();
  await expect(page.getByRole("dialog")).toContainText("There was a problem");
  await expect(page.getByText("Please try syncing again in 10 seconds")).toBeVisible();
  await page.getByTestId("sync-problem-ok").click();
  await expect(button).toHaveText(/^Try again in (10|9|8) s$/);
  await expect(button).toBeDisabled();
  await context.setOffline(false);
  await expect(button).toHaveText("Sync now", { timeout: 15_000 });
});
