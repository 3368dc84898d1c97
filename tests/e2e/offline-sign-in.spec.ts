import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent, serverAnswers, serverTest } from "./support/server-db.ts";
import { waitForSynced } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * Offline sign-in on a device used before (issue 12; SPEC ID11–ID13): a student who signed in
 * here once signs in with the network off against the device's verifier, works, and when the
 * network is back the server session is renewed and the work arrives on the server once.
 * Each test has a student of its own, so no other spec's counts move.
 */

const BANNER = "You are offline. Your changes are kept on this device and sent as soon as the network is back.";

/** Signs in online once (the device keeps a verifier), signs out, and cuts the network. */
async function usedBeforeThenOffline(page: Page, context: BrowserContext, name: string) {
  const student = await createStudent(name);
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("login-offline")).toBeVisible();
  return student;
}

async function submit(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Starts a practice test on the device and answers its first question: a generate and a save
 * wait. `inApp` goes there through the menu, as a student does: a page load (page.goto) would
 * drop the password the page holds for renewing the session.
 */
async function answerOneOffline(page: Page, via: "in-app" | "page-load"): Promise<string> {
  let testId: string;
  if (via === "page-load") testId = await startTest(page, { display: "After test" });
  else {
    await page.getByTestId("nav-practice").click();
    await page.getByTestId("practice-choice").filter({ hasText: "All subjects" }).click();
    await page.getByLabel("Number of questions").fill("10");
    await page.getByRole("radiogroup", { name: "Show answers" }).locator("label", { hasText: "After test" }).click();
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByRole("dialog").getByTestId("practice-start").click();
    await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
    testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  }
  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("pending-count")).toHaveText("2 pending");
  expect(serverTest(testId)).toBeUndefined();
  return testId;
}

test("signed in offline on a device used before: a wrong password is refused, the answer reaches the server once", async ({
  page,
  context,
}) => {
  const student = await usedBeforeThenOffline(page, context, "offline-sign-in");

  await submit(page, student.email, "not-the-password");
  await expect(page.getByTestId("sign-in-error")).toHaveText("These credentials do not match our records.");
  await expect(page).toHaveURL(/\/login$/);
  await submit(page, "never-here@preflight.test", student.password);
  await expect(page.getByTestId("sign-in-error")).toHaveText(
    "The first sign-in on this device needs a connection. Please try again when you are online.",
  );
  await shootAtSizes(page, "login-offline-refused");

  await submit(page, student.email, student.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("offline-banner")).toHaveText(BANNER);
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await shootAtSizes(page, "offline-sign-in-banner");

  const testId = await answerOneOffline(page, "in-app");
  await expect(page.getByTestId("offline-banner")).toBeVisible();

  // Network back: the server session is renewed with the password typed offline, and replay goes on.
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toBeHidden({ timeout: 30_000 });
  await waitForSynced(page);
  await expect(page.getByTestId("sync-status")).not.toContainText("Sign in to sync");
  await expect(page).toHaveURL(new RegExp(`/test/${testId}$`));

  expect(serverTest(testId)).toBeDefined();
  const answers = serverAnswers(testId);
  expect(answers).toHaveLength(1);
  expect(answers[0]?.applied).toBe(1);
  expect(answers[0]?.answered).toBe(1);
});

test("after a reload while signed in offline, the student signs in again when the network is back and the answer arrives once", async ({
  page,
  context,
}) => {
  // Reloading with changes waiting asks first (beforeunload); the student says yes.
  page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
  const student = await usedBeforeThenOffline(page, context, "offline-reload");
  await submit(page, student.email, student.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const testId = await answerOneOffline(page, "page-load");

  // The reload forgets the password (page memory only); the session and the outbox stay.
  await page.reload();
  await expect(page.getByTestId("offline-banner")).toHaveText(BANNER);
  await expect(page.getByTestId("pending-count")).toHaveText("2 pending");

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login\?reason=offline$/, { timeout: 30_000 });
  await expect(page.getByRole("status")).toHaveText(
    "You signed in while offline. Sign in again now to send the changes kept on this device.",
  );
  expect(serverAnswers(testId)).toHaveLength(0);

  await signIn(page, student.email, student.password);
  await waitForSynced(page);
  const answers = serverAnswers(testId);
  expect(answers).toHaveLength(1);
  expect(answers[0]?.applied).toBe(1);
});
