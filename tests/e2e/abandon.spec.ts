import { serverTest } from "./support/server-db.ts";
import { expect, test } from "./support/shared-device.ts";
import { options, startTest } from "./support/test-taking.ts";

/**
 * Abandon (spec): the test is still marked; progress_test_attempt and exam ask first, every
 * other type finishes at once and goes to the destination for its type.
 */
for (const { type, destination } of [
  { type: "untimed", destination: "/test/select/untimed" },
  { type: "timed", destination: "/test/select/timed" },
  { type: "quiz", destination: "/dashboard" },
] as const) {
  test(`abandoning a ${type} test marks it at once and goes to ${destination}`, async ({ page }) => {
    const testId = await startTest(page, { type });
    await options(page).first().click();
    await page.getByTestId("abandon").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${destination}$`));
    await expect.poll(() => serverTest(testId)?.finished_at ?? null, { timeout: 20_000 }).not.toBeNull();
    expect(serverTest(testId)?.ended).toBe("abandoned");
  });
}

test("abandoning a progress test attempt asks first; Cancel keeps the test, Abandon test marks it", async ({
  page,
}) => {
  const testId = await startTest(page, { type: "progress_test_attempt" });
  await options(page).first().click();
  await page.getByTestId("abandon").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Abandon test?");
  await expect(dialog).toContainText("You have questions that have not been answered.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/test/${testId}$`));
  await expect(options(page).first().locator("input")).toBeChecked();

  await page.getByTestId("abandon").click();
  await page.getByTestId("confirm-abandon").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => serverTest(testId)?.ended ?? null, { timeout: 20_000 }).toBe("abandoned");
});

test("abandoning offline is kept and reaches the server when the network returns", async ({ page, context }) => {
  const testId = await startTest(page, { type: "untimed" });
  await context.setOffline(true);
  await options(page).first().click();
  await page.getByTestId("abandon").click();
  await expect(page).toHaveURL(/\/test\/select\/untimed$/);
  await page.waitForTimeout(500);
  expect(serverTest(testId)?.finished_at ?? null).toBeNull();
  await context.setOffline(false);
  await expect.poll(() => serverTest(testId)?.ended ?? null, { timeout: 30_000 }).toBe("abandoned");
});
