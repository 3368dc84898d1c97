import { expect, test } from "@playwright/test";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { options, startTest } from "./support/test-taking.ts";

/** Time-driven behaviour, with the page's clock under the test's control. */
test("a timed test that runs out shows 'Time expired', accepts no more answers and is marked", async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  await waitUntilReadyOffline(page);
  await startTest(page, { type: "timed", count: 10 });
  await expect(page.getByTestId("test-heading")).toHaveText("Timed exam");
  await expect(page.getByRole("timer")).toHaveText(/^Time remaining 00:1[23]:\d\d$/);
  await options(page)
    .first()
    .click()
    .catch(() => undefined);
  await page.clock.runFor("13:00");
  await expect(page.getByRole("dialog")).toContainText("Time expired");
  await page.getByTestId("time-expired-results").click();
  await expect(page).toHaveURL(/\/test\/results\//);
  await expect(page.getByText("Time expired: marked with the answers given in time.")).toBeVisible();
  await expect(page.getByTestId("summary-strip")).toContainText("Time limit 00:13:00");
});

test("inactivity: 'Are you still there?', then back to the dashboard with the reason", async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  await waitUntilReadyOffline(page);
  await startTest(page);
  await page.clock.runFor("30:10");
  await expect(page.getByRole("dialog")).toContainText("Are you still there?");
  await page.getByTestId("inactivity-continue").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.runFor("30:10");
  await expect(page.getByRole("dialog")).toContainText("Are you still there?");
  await page.clock.runFor("01:01");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("dialog")).toContainText("Closed due to inactivity");
  await expect(page.getByRole("dialog")).toContainText(
    "The test has been closed as you have been inactive for over 30 minutes.",
  );
});
