import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { numberText, waitForSynced } from "./support/server-questions.ts";
import { expect, test } from "./support/shared-device.ts";
import { answerCurrent } from "./support/student.ts";
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

/** Goes to the question with the annex image by its page number and waits for the image. */
async function openImageQuestion(page: Page): Promise<void> {
  await page
    .getByRole("navigation", { name: "Questions" })
    .getByTestId("question-page")
    .nth(IMAGE_POSITION - 1)
    .click();
  await expect(page.getByTestId("question-number")).toHaveText(numberText(IMAGE_POSITION, TOTAL));
  await loaded(page.getByTestId("carousel-image"));
}

for (const size of SIZES) {
  test(`test-taking screens at ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
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

    await openImageQuestion(page);
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

/**
 * Every test-taking screen passes axe (WCAG 2.1 AA) in both themes at the laptop and tablet
 * sizes, photographed at three sizes when SHOTS_DIR is set: the practice builder, the exam
 * chooser, fixed tests, a question (unanswered, answered, flagged, the shortcuts dialog), the
 * image viewer, the finish dialog, results, previous tests and flagged questions (list and one
 * question). Violations of every screen are gathered first so one run reports them all.
 */
test("test-taking screens pass axe in both themes", async ({ page }) => {
  test.setTimeout(300_000);
  const found: string[] = [];

  await page.goto("/test/select/practice");
  await expect(page.getByTestId("practice-choice").first()).toBeVisible();
  found.push(...(await checkScreen(page, "tt-practice-builder")));

  await page.goto("/test/select/timed");
  await expect(page.getByTestId("exam-subject").first()).toBeVisible();
  found.push(...(await checkScreen(page, "tt-exam-chooser")));

  await page.goto("/test/select/exam");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("fixed-tests").or(page.getByTestId("fixed-empty"))).toBeVisible();
  found.push(...(await checkScreen(page, "tt-fixed-tests")));

  await startTest(page, { display: "After choice", count: TOTAL, seed: SEED });
  await goToKind(page, "multiple_choice");
  found.push(...(await checkScreen(page, "tt-question")));
  await answerCurrent(page, "click");
  await page.getByTestId("confirm-answer").click();
  await expect(page.getByTestId("answer-verdict")).toHaveText(/^(Correct|Incorrect)$/);
  await waitForSynced(page);
  found.push(...(await checkScreen(page, "tt-question-answered")));
  await page.getByTestId("flag-button").click();
  await expect(page.getByTestId("flag-button")).toHaveAttribute("aria-pressed", "true");
  found.push(...(await checkScreen(page, "tt-question-flagged")));
  // ? lists the shortcuts; Escape closes the list and focus goes back where it was.
  await page.getByTestId("next").focus();
  await page.keyboard.press("?");
  const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts.getByTestId("shortcut")).toHaveText([/Choose that answer/, /Enter/, /→/, /←/, /\?/]);
  await expect(shortcuts).toContainText("Confirm the answer");
  found.push(...(await checkScreen(page, "tt-shortcuts", { fullPage: false })));
  await page.keyboard.press("Escape");
  await expect(shortcuts).toHaveCount(0);
  await expect(page.getByTestId("next")).toBeFocused();
  // The button opens the same list; a letter pressed while it is open answers nothing.
  await page.getByTestId("shortcuts-button").click();
  await expect(shortcuts).toBeVisible();
  await page.keyboard.press("b");
  await page.keyboard.press("Escape");
  await expect(shortcuts).toHaveCount(0);
  await expect(page.getByTestId("shortcuts-button")).toBeFocused();
  await expect(page.getByTestId("question").locator("input:checked")).toHaveCount(1);

  await openImageQuestion(page);
  await page.getByRole("button", { name: "Enlarge annex" }).click();
  const viewer = page.getByTestId("image-viewer");
  await loaded(viewer.getByTestId("viewer-image"));
  found.push(...(await checkScreen(page, "tt-image-viewer", { fullPage: false })));
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);

  await page.getByTestId("finish").click();
  await expect(page.getByRole("dialog")).toContainText("You have questions that have not been answered.");
  found.push(...(await checkScreen(page, "tt-finish-dialog", { fullPage: false })));
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(/\/test\/results\//);
  await expect(page.getByTestId("marking-source")).toHaveText("Mark confirmed.", { timeout: 30_000 });
  found.push(...(await checkScreen(page, "tt-results")));

  await page.goto("/test/previous");
  await expect(page.getByTestId("previous-table")).toBeVisible();
  found.push(...(await checkScreen(page, "tt-previous")));

  await page.goto("/test/flagged");
  await expect(page.getByTestId("flagged-card").first()).toBeVisible();
  found.push(...(await checkScreen(page, "tt-flagged")));
  await page.getByTestId("flagged-card").first().locator("button").first().click();
  await expect(page.getByTestId("flagged-detail")).toBeVisible();
  found.push(...(await checkScreen(page, "tt-flagged-question")));

  expect(found).toEqual([]);
});
