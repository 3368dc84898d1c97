/** The notifications (snackbars) as a test meets them. */
import { expect, type Page } from "@playwright/test";
import { NOTIFICATION_BACKLOG_DELAY_MS } from "@preflight/sync-protocol/rules/constants";

/**
 * Closes every notification on screen (they stand above dialogs), so a check or a screenshot
 * sees what is under them, and those waiting their turn too: a backlog shows one at a time,
 * NOTIFICATION_BACKLOG_DELAY_MS apart, so the next may slide in after the last one closed.
 * Done once none has come for longer than that.
 */
export async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Dismiss notification" });
  const shown = page.getByTestId("snackbar");
  for (;;) {
    while ((await close.count()) > 0) await close.first().click();
    // Gone, not only sliding away.
    await expect(shown).toHaveCount(0);
    const another = await shown
      .first()
      .waitFor({ timeout: NOTIFICATION_BACKLOG_DELAY_MS + 500 })
      .then(
        () => true,
        () => false,
      );
    if (!another) return;
  }
}
