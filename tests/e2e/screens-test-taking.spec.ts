import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { numberText, waitForSynced } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { goToKind, type Kind, startTest } from "./support/test-taking.ts";

/**
 * Screenshots of the test-taking screens at laptop and tablet-portrait sizes, for people to
 * look at: each question type answered and confirmed (explanation showing), the enlarged annex
 * image, the results page and the review of one question.
 */
const SIZES = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "768x1024", width: 768, height: 1024 },
] as const;
const dir = join(import.meta.dirname, "../artifacts/screenshots");
const KINDS: Kind[] = ["multiple_choice", "multiple_select", "text", "cloze"];
/** Seed 4 of the demo bank, 40 questions: every type within the first ten, an annex image at 3. */
const SEED = 4;
const TOTAL = 40;
const IMAGE_POSITION = 3;

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  // The pointer rests off the page, so no hover ring is left on whatever was clicked last.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: "disabled" });
}

async function loaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

for (const size of SIZES) {
  test(`test-taking screens at ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page);
    await waitUntilReadyOffline(page);
    await startTest(page, { display: "After choice", count: TOTAL, seed: SEED });

    for (const kind of KINDS) {
      await goToKind(page, kind);
      await answerCurrent(page, "click");
      // A multiple select confirms itself once enough answers are chosen; the others are confirmed.
      if (kind !== "multiple_select") await page.getByTestId("confirm-answer").click();
      await expect(page.getByTestId("answer-verdict")).toHaveText(/^(Correct|Incorrect)$/);
      await expect(page.getByTestId("explanation")).toBeVisible();
      await waitForSynced(page);
      await shoot(page, `question-${kind}-${size.name}`);
    }

    await page
      .getByRole("navigation", { name: "Questions" })
      .getByTestId("question-page")
      .nth(IMAGE_POSITION - 1)
      .click();
    await expect(page.getByTestId("question-number")).toHaveText(numberText(IMAGE_POSITION, TOTAL));
    await loaded(page.getByTestId("carousel-image"));
    await answerCurrent(page, "click");
    await page.getByTestId("confirm-answer").click();
    await expect(page.getByTestId("answer-verdict")).toHaveText(/^(Correct|Incorrect)$/);
    await page.getByRole("button", { name: "Enlarge annex" }).click();
    const viewer = page.getByTestId("image-viewer");
    await loaded(viewer.getByTestId("viewer-image"));
    await shoot(page, `image-viewer-${size.name}`, false);
    await viewer.getByRole("button", { name: "Rotate right" }).click();
    await expect(viewer.getByTestId("viewer-image")).toHaveAttribute("data-angle", "90");
    await shoot(page, `image-viewer-rotated-${size.name}`, false);
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toHaveCount(0);

    await page.getByTestId("finish").click();
    await expect(page.getByRole("dialog")).toContainText("You have questions that have not been answered.");
    await page.getByTestId("confirm-finish").click();
    await expect(page).toHaveURL(/\/test\/results\//);
    await expect(page.getByTestId("result-heading")).toBeVisible();
    await expect(page.getByTestId("marking-source")).toHaveText("Mark confirmed.", { timeout: 30_000 });
    await shoot(page, `test-results-${size.name}`);

    await page.getByRole("button", { name: `Question ${IMAGE_POSITION}:` }).click();
    await expect(page.getByTestId("review-number")).toHaveText(numberText(IMAGE_POSITION, TOTAL));
    await expect(page.getByTestId("review-explanation")).toBeVisible();
    await loaded(page.getByTestId("review").getByTestId("carousel-image"));
    await shoot(page, `review-${size.name}`);
  });
}
