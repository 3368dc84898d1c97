import { expect, type Page } from "@playwright/test";

/** Fills and sends the sign-in form; the app then runs its sync screen. */
export async function submitSignIn(
  page: Page,
  email = "student@preflight.test",
  password = "preflight",
): Promise<void> {
  await page.goto("/login");
  // A device whose session a sign-in elsewhere ended says so first; the student reads it.
  await page.locator("input[name=email]").waitFor();
  const loggedOut = page.getByTestId("logged-out-ok");
  if (await loggedOut.isVisible()) await loggedOut.click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs in and waits for the dashboard with the question bank on the device: the post-login
 * sync screen runs its four steps, and on a device without content the updater's first run
 * downloads the bank before the dashboard opens again.
 */
export async function signIn(page: Page, email = "student@preflight.test", password = "preflight"): Promise<void> {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/(sync|dashboard|update)$/);
  await expect(page.getByText(/questions are on this device/)).toBeVisible({ timeout: 60_000 });
  // The first run goes on with the annex images before the dashboard opens: on a busy machine
  // (or a slow tablet) that takes more than the default wait, as the bank itself does.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

export async function waitUntilReadyOffline(page: Page): Promise<void> {
  await expect(page.getByText(/questions are on this device/)).toBeVisible();
  // The worker must be installed (precache done) and in control; a page opened before it took
  // over is controlled after a reload, which is what a student's next visit does anyway.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await expect(page.getByText(/questions are on this device/)).toBeVisible();
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The current question number, from 'Question 004 / 010'. */
export async function questionNumber(page: Page): Promise<string> {
  return (await page.getByTestId("question-number").textContent()) ?? "";
}

/**
 * Answers whatever question is on screen. `keyboard` uses the letter keys where the question
 * has lettered answers; text and cloze questions are typed or chosen.
 */
export async function answerCurrent(page: Page, via: "click" | "keyboard"): Promise<void> {
  const question = page.getByTestId("question");
  await expect(question.locator("label, select, input").first()).toBeVisible();
  const options = question.locator("label:has(input[type=radio]), label:has(input[type=checkbox])");
  const count = await options.count();
  if (count > 0) {
    const isSelect = (await question.locator("input[type=checkbox]").count()) > 0;
    // A multiple-select question says how many answers it needs: 'Select N answers.'
    const required = isSelect ? Number(/Select (\d+) answers/.exec((await question.textContent()) ?? "")?.[1] ?? 2) : 1;
    const picks = Array.from({ length: required }, (_, i) => i);
    for (const index of picks) {
      if (via === "keyboard") await page.keyboard.press(String.fromCharCode(97 + index));
      else await options.nth(index).click();
      await expect(options.nth(index).locator("input")).toBeChecked();
    }
    return;
  }
  const gaps = question.locator("select");
  const gapCount = await gaps.count();
  if (gapCount > 0) {
    for (let i = 0; i < gapCount; i++) await gaps.nth(i).selectOption({ index: 1 });
    // Arrow keys belong to a focused field; the student leaves it before moving on.
    await gaps.last().blur();
    return;
  }
  const input = question.getByLabel("Your answer");
  await input.fill("100");
  await input.blur();
}
