import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";

/** Screenshots of the slice's screens at laptop and tablet-portrait sizes, for people to look at. */
const SIZES = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "768x1024", width: 768, height: 1024 },
] as const;
const dir = join(import.meta.dirname, "../artifacts/screenshots");

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

for (const size of SIZES) {
  test(`slice screens at ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("/login");
    await page.getByLabel("E-mail").fill("student@preflight.test");
    await page.getByLabel("Password").fill("wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");
    await shoot(page, `login-error-${size.name}`);
    await signIn(page);
    await waitUntilReadyOffline(page);
    await shoot(page, `dashboard-${size.name}`);
    await page.getByRole("button", { name: /Start a practice test/ }).click();
    await expect(page.getByTestId("question-number")).toHaveText("Question 001 / 010");
    await answerCurrent(page, "click");
    await shoot(page, `question-${size.name}`);
    await page.getByTestId("finish").click();
    await expect(page.getByRole("dialog")).toContainText("You have questions that have not been answered.");
    await shoot(page, `finish-modal-${size.name}`);
    await page.getByTestId("confirm-finish").click();
    await expect(page.getByTestId("result-heading")).toBeVisible();
    await shoot(page, `results-${size.name}`);
  });
}
