import { expect, test } from "@playwright/test";
import { serverAnswers } from "./support/server-db.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * One device at a time (spec): signing in elsewhere ends the other session; the old device shows
 * LOGGED OUT, keeps its queue, and replays it when the same student signs in there again.
 */
test("a sign-in elsewhere logs this device out; its queued answers wait and arrive after signing in again", async ({
  browser,
}) => {
  const tablet = await browser.newContext();
  const page = await tablet.newPage();
  await signIn(page);
  await waitUntilReadyOffline(page);
  await tablet.setOffline(true);
  const testId = await startTest(page, { display: "After test" });
  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("pending-count")).toHaveText("2 pending");

  const laptop = await browser.newContext();
  await signIn(await laptop.newPage());

  // Back online, the replay meets the ended session; the app takes the student to sign in.
  await tablet.setOffline(false);
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page.getByRole("dialog")).toContainText("LOGGED OUT");
  await expect(page.getByRole("dialog")).toContainText("signed in on another device");
  await page.getByTestId("logged-out-ok").click();
  expect(serverAnswers(testId)).toHaveLength(0);

  await signIn(page);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  expect(serverAnswers(testId)).toHaveLength(1);
  await tablet.close();
  await laptop.close();
});
