import { expect, test } from "@playwright/test";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/** Annex images are on the device before they are ever shown, so an offline test shows them. */
test("[CT7] an annex image never seen online shows with the network off", async ({ page, context }) => {
  await signIn(page);
  await waitUntilReadyOffline(page);
  // After the bank arrives the page puts every annex image the bank names into the cache.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open("content-images")).keys()).length), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(20);

  await context.setOffline(true);
  // Seed 4, 40 questions: question 3 has an annex image (see question-types.spec.ts).
  await startTest(page, { display: "After choice", count: 40, seed: 4 });
  await page.getByRole("navigation", { name: "Questions" }).getByTestId("question-page").nth(2).click();
  await expect(page.getByTestId("question-number")).toHaveText(/^Question 003 /);
  const picture = page.getByTestId("carousel-image");
  await expect(picture).toHaveCount(1);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText("Images unavailable")).toHaveCount(0);
});
