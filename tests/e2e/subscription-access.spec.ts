import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { readDeviceStores } from "./support/device-store.ts";
import { E2E_DATABASE } from "./support/env.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudentWithSubscription } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

/**
 * Access by subscription (issue 15), in Chromium against the real server: a student whose
 * subscription ended keeps their record open (lessons read offline too) but starts no new test,
 * on the device offline as online, with the reason and the way to extend; the server holds no test
 * of theirs afterwards.
 */

const ENDED =
  "Your subscription ended on 31/10/2026: extend it on the Subscription page to start new tests. Your lessons, results and flagged questions stay open.";

function serverTestCount(userId: string): number {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select count(*) as n from user_tests where user_id = ?").get(userId) as { n: number }).n;
  } finally {
    db.close();
  }
}

test("an ended subscription: the record stays open, new tests are refused with the reason, offline too", async ({
  page,
  context,
}) => {
  const student = await createStudentWithSubscription("ended", {
    start: "2025-11-01",
    end: "2026-10-31",
    freeTrial: false,
  });
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  const line = page.getByTestId("dashboard-subscription");
  await expect(line).toContainText("Your subscription ended on 31/10/2026.");
  await expect(line.getByRole("link", { name: "Renew your subscription" })).toHaveAttribute("href", "/subscribe");

  // The dashboard's quick practice: the reason beside the button.
  await page.getByRole("button", { name: /^Start a practice test/ }).click();
  await expect(page.getByText(ENDED)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await shootAtSizes(page, "subscription-ended-dashboard");

  // Offline, a timed exam: the same reason in a notification titled Subscription required.
  await context.setOffline(true);
  await page.goto("/test/select/timed?seed=5");
  await page.getByTestId("exam-subject").filter({ hasText: "Air Law" }).click();
  await page.getByRole("dialog").getByTestId("exam-start").click();
  const notice = page.getByTestId("snackbar").filter({ hasText: ENDED });
  await expect(notice).toContainText("Subscription required");
  await expect(page).not.toHaveURL(/\/test\/[0-9a-f-]{36}$/);

  // What the student already has stays open: a lesson read from the device.
  await page.goto("/lesson/1");
  await expect(page.getByRole("heading", { name: "The Chicago Convention and ICAO" })).toBeVisible();

  await context.setOffline(false);
  await page.goto("/subscribe");
  await expect(page.getByRole("button", { name: "Extend" })).toBeVisible();
  expect(serverTestCount(student.id)).toBe(0);
  // Nothing was written for the server to refuse: the device refused before writing.
  const device = await readDeviceStores(page, ["userTests", "outbox"]);
  expect(device.userTests).toEqual([]);
  expect(device.outbox).toEqual([]);
});
