import type { Locator, Page, Route } from "@playwright/test";
import type { GivenAnswer } from "@preflight/sync-protocol";
import { gradeAnswer } from "@preflight/sync-protocol/rules/grading";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { serverAnswers } from "./support/server-db.ts";
import { numberText, positionOnScreen, serverQuestionAt, waitForSynced } from "./support/server-questions.ts";
import { expect, FRESH_DEVICE, test } from "./support/shared-device.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { goToAnnexImage, goToKind, type Kind, kindOnScreen, options, startTest } from "./support/test-taking.ts";

/**
 * The four question types in an after_choice test: each answered right once and wrong once,
 * confirmed, and the verdict on screen (the device's grading) checked against what the server
 * stored for that answer. Then the annex image: the enlarged viewer, and images that fail.
 */

/** Seed 4 of the demo bank, 40 questions: two of every type within the first ten, an annex image at 3. */
const SEED = 4;
const TOTAL = 40;

async function signedInAndReady(page: Page): Promise<void> {
  await signIn(page);
  await waitUntilReadyOffline(page);
}

async function startAfterChoice(page: Page): Promise<string> {
  const testId = await startTest(page, { display: "After choice", count: TOTAL, seed: SEED });
  // The server has the test, and its question order, once the creation has been pushed.
  await expect.poll(() => serverQuestionAt(testId, TOTAL)?.id, { timeout: 30_000 }).toBeDefined();
  return testId;
}

/** The question on screen, in the server's copy of the test; the screen's reference must agree. */
async function questionOnScreen(page: Page, testId: string): Promise<BankQuestion> {
  const position = await positionOnScreen(page);
  const question = serverQuestionAt(testId, position);
  if (!question) throw new Error(`the server has no question at position ${position} of ${testId}`);
  await expect(page.getByText(`Ref ${question.reference}`, { exact: true })).toBeVisible();
  return question;
}

/** Presses Next until a question of `kind` is on screen; returns its position. */
async function nextOfKind(page: Page, kind: Kind): Promise<number> {
  for (let position = await positionOnScreen(page); position < TOTAL; ) {
    await page.getByTestId("next").click();
    position += 1;
    await expect(page.getByTestId("question-number")).toHaveText(numberText(position, TOTAL));
    if ((await kindOnScreen(page)) === kind) return position;
  }
  throw new Error(`no further ${kind} question in this test`);
}

function sortedIds(given: GivenAnswer): GivenAnswer {
  return Array.isArray(given) ? [...given].sort((a, b) => a - b) : given;
}

/**
 * After a confirm: the verdict and explanation show, the answer reaches the server, and the
 * verdict on screen is the server's grading of the stored answer (which is the one we meant).
 */
async function expectVerdictAsServer(
  page: Page,
  testId: string,
  question: BankQuestion,
  given: GivenAnswer,
  meant: "Correct" | "Incorrect",
): Promise<void> {
  const verdict = page.getByTestId("answer-verdict");
  await expect(verdict).toHaveText(/^(Correct|Incorrect)$/);
  await expect(page.getByTestId("explanation")).toBeVisible();
  await expect(page.getByTestId("confirm-answer")).toHaveCount(0);

  await waitForSynced(page);
  await expect.poll(() => serverAnswers(testId).filter((a) => a.question_id === question.id).length).toBe(1);
  const stored = serverAnswers(testId).find((a) => a.question_id === question.id);
  expect(stored?.applied).toBe(1);
  expect(stored?.answered).toBe(1);
  expect(sortedIds(JSON.parse(stored?.given ?? "null") as GivenAnswer)).toEqual(sortedIds(given));
  await expect(verdict).toHaveText(stored?.correct === 1 ? "Correct" : "Incorrect");
  expect(stored?.correct).toBe(meant === "Correct" ? 1 : 0);
  expect(gradeAnswer(question, given)).toEqual({ answered: true, correct: meant === "Correct" });
}

function indexesWhere(question: BankQuestion, correct: boolean): number[] {
  return question.answers.flatMap((a, i) => (a.correct === correct ? [i] : []));
}

async function expectMarks(page: Page, question: BankQuestion, chosen: number[]): Promise<void> {
  const correct = indexesWhere(question, true);
  const wrongChosen = chosen.filter((i) => !question.answers[i]?.correct);
  await expect(page.locator("[data-verdict=correct]")).toHaveCount(correct.length);
  for (const i of correct) await expect(options(page).nth(i).locator("[data-verdict=correct]")).toBeVisible();
  await expect(page.locator("[data-verdict=incorrect]")).toHaveCount(wrongChosen.length);
  for (const i of wrongChosen)
    await expect(options(page).nth(i).locator("[data-verdict=incorrect]")).toHaveText("✗ Incorrect");
}

function idsAt(question: BankQuestion, indexes: number[]): number[] {
  return indexes.map((i) => question.answers[i]?.id as number);
}

test.describe("after choice: the verdict on screen is the server's", () => {
  test("multiple choice, right then wrong; the correct option is marked", async ({ page }) => {
    const testId = await startAfterChoice(page);
    await goToKind(page, "multiple_choice");
    for (const meant of ["Correct", "Incorrect"] as const) {
      if (meant === "Incorrect") await nextOfKind(page, "multiple_choice");
      const question = await questionOnScreen(page, testId);
      const chosen = (meant === "Correct" ? indexesWhere(question, true) : indexesWhere(question, false)).slice(0, 1);
      await options(page)
        .nth(chosen[0] as number)
        .click();
      await page.getByTestId("confirm-answer").click();
      await expectVerdictAsServer(page, testId, question, idsAt(question, chosen), meant);
      await expectMarks(page, question, chosen);
      // Locked: the options are disabled now.
      await expect(page.getByTestId("question").locator("input[type=radio]:not(:disabled)")).toHaveCount(0);
    }
  });

  test("multiple select: all the right ones confirm themselves; one wrong one asks first", async ({ page }) => {
    const testId = await startAfterChoice(page);
    await goToKind(page, "multiple_select");

    let question = await questionOnScreen(page, testId);
    const right = indexesWhere(question, true);
    await expect(page.getByTestId("question")).toContainText(`Select ${right.length} answers.`);
    for (const i of right) await options(page).nth(i).click();
    await expectVerdictAsServer(page, testId, question, idsAt(question, right), "Correct");
    await expectMarks(page, question, right);

    await nextOfKind(page, "multiple_select");
    question = await questionOnScreen(page, testId);
    const wrong = indexesWhere(question, false).slice(0, 1);
    const required = indexesWhere(question, true).length;
    await options(page)
      .nth(wrong[0] as number)
      .click();
    if (required > 1) {
      await page.getByTestId("confirm-answer").click();
      await expect(page.getByRole("dialog")).toContainText(
        `The question requires ${required} answer(s). You have selected 1.`,
      );
      await page.getByTestId("confirm-count").click();
    }
    await expectVerdictAsServer(page, testId, question, idsAt(question, wrong), "Incorrect");
    await expectMarks(page, question, wrong);
  });

  test("text with units: the units beside the field and in the solution line", async ({ page }) => {
    const testId = await startAfterChoice(page);
    await goToKind(page, "text");
    for (const meant of ["Correct", "Incorrect"] as const) {
      if (meant === "Incorrect") await nextOfKind(page, "text");
      const question = await questionOnScreen(page, testId);
      const range = question.text_range;
      if (!range?.units) throw new Error(`text question ${question.id} has no units`);
      const field = page.getByTestId("question").getByLabel("Your answer");
      await expect(field.locator("xpath=..")).toContainText(range.units);

      await page.getByTestId("confirm-answer").click();
      await expect(page.getByTestId("question-message")).toHaveText("Please enter a value");

      const value = meant === "Correct" ? range.exact : range.max + Math.max(10, Math.abs(range.max));
      await field.fill(String(value));
      await page.getByTestId("confirm-answer").click();
      await expectVerdictAsServer(page, testId, question, { value }, meant);
      await expect(page.getByTestId("text-solution")).toHaveText(
        `Correct answer: ${range.exact} ${range.units}${range.min === range.max ? "" : ` (accepted ${range.min} to ${range.max})`}`,
      );
      await expect(field).toBeDisabled();
      await expect(field).toHaveValue(String(value));
    }
  });

  test("cloze as dropdown gaps: every gap must be chosen; the solution lists each gap", async ({ page }) => {
    const testId = await startAfterChoice(page);
    await goToKind(page, "cloze");
    for (const meant of ["Correct", "Incorrect"] as const) {
      if (meant === "Incorrect") await nextOfKind(page, "cloze");
      const question = await questionOnScreen(page, testId);
      const groups = [...new Set(question.answers.map((a) => a.group ?? 1))].sort((a, b) => a - b);
      const gaps = page.getByTestId("question").getByRole("combobox");
      await expect(gaps).toHaveCount(groups.length);
      // Right in every gap, except the first gap when meaning to be wrong.
      const chosen = groups.map((group, i) => {
        const inGroup = question.answers.filter((a) => (a.group ?? 1) === group);
        const pick =
          meant === "Incorrect" && i === 0 ? inGroup.find((a) => !a.correct) : inGroup.find((a) => a.correct);
        return pick?.id as number;
      });
      for (const [i, group] of groups.entries()) {
        if (i === groups.length - 1) break;
        await page.getByTestId("question").getByLabel(`Gap ${group}`).selectOption(String(chosen[i]));
      }
      const last = groups[groups.length - 1] as number;
      await page.getByTestId("confirm-answer").click();
      await expect(page.getByTestId("question-message")).toHaveText("Please choose an answer for every gap");
      await expect(page.getByTestId("answer-verdict")).toHaveCount(0);
      await page
        .getByTestId("question")
        .getByLabel(`Gap ${last}`)
        .selectOption(String(chosen[chosen.length - 1]));
      await expect(page.getByTestId("question-message")).toHaveCount(0);
      await page.getByTestId("confirm-answer").click();
      await expectVerdictAsServer(page, testId, question, chosen, meant);

      const solution = page.getByTestId("cloze-solution").getByRole("listitem");
      // Each gap: its right answer, and whether the student's choice was it.
      await expect(solution).toHaveText(
        groups.map((g, i) => {
          const right = question.answers.find((a) => (a.group ?? 1) === g && a.correct);
          const mark = chosen[i] === right?.id ? "✓ your choice" : "✗ not your choice";
          return `Gap ${g}: ${(right?.answer ?? "").replace(/<[^>]+>/g, "")} ${mark}`;
        }),
      );
      for (const group of groups) await expect(page.getByLabel(`Gap ${group}`)).toBeDisabled();
    }
  });
});

/**
 * Walks the pagination until the question on screen has an annex image (its carousel, or the
 * notice that takes the carousel's place when no image could be loaded); returns its position.
 */
async function expectAngle(image: Locator, angle: number, sideways: boolean): Promise<void> {
  await expect(image).toHaveAttribute("data-angle", String(angle));
  const style = await image.evaluate((el: HTMLElement) => ({
    transform: el.style.transform,
    width: el.style.width,
    height: el.style.height,
  }));
  expect(style.transform).toBe(`rotate(${angle}deg)`);
  // Sideways, the element's width and height swap so the turned image still fits the stage.
  expect(style.width.includes("100vw")).toBe(!sideways);
  expect(style.height.includes("100vw")).toBe(sideways);
}

test("an annex image opens in the viewer, turns in 90 degree steps, keeps the arrow keys and closes", async ({
  page,
}) => {
  await startTest(page, { display: "After choice", count: TOTAL, seed: SEED });
  const position = await goToAnnexImage(page);
  const picture = page.getByTestId("carousel-image");
  await expect(picture).toHaveCount(1);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // A single image: no previous / next controls.
  await expect(page.getByRole("button", { name: "Next image" })).toHaveCount(0);

  await page.getByRole("button", { name: "Enlarge annex" }).click();
  const viewer = page.getByTestId("image-viewer");
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("heading", { name: "Annex" })).toBeVisible();
  const enlarged = viewer.getByTestId("viewer-image");
  await expect
    .poll(() => enlarged.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectAngle(enlarged, 0, false);

  await viewer.getByRole("button", { name: "Rotate right" }).click();
  await expectAngle(enlarged, 90, true);
  await viewer.getByRole("button", { name: "Rotate right" }).click();
  await expectAngle(enlarged, 180, false);
  await viewer.getByRole("button", { name: "Rotate left" }).click();
  await expectAngle(enlarged, 90, true);

  // Arrow keys and letters typed in the viewer stay there: the question does not move or change.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("a");
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId("question-number")).toHaveText(numberText(position, TOTAL));

  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.getByTestId("question-number")).toHaveText(numberText(position, TOTAL));
  await expect(page.getByTestId("question").locator("input:checked")).toHaveCount(0);

  // Opened again, the image starts unrotated; Escape closes it too.
  await page.getByRole("button", { name: "Enlarge annex" }).click();
  await expectAngle(page.getByTestId("viewer-image"), 0, false);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("image-viewer")).toHaveCount(0);
});

test("an annex image that cannot be loaded: 'Images unavailable', the broken image removed", {
  tag: FRESH_DEVICE,
}, async ({ page, context }) => {
  // Every image request fails before the device's image cache is filled, so the figure is
  // neither on the server nor on the device. Once the service worker controls the page it makes
  // the requests (cache first), and only the context's route sees those; the page's route covers
  // the page before the worker takes over.
  const aborted: string[] = [];
  const abort = (route: Route) => {
    aborted.push(new URL(route.request().url()).pathname);
    return route.abort("failed");
  };
  await context.route("**/content/images/**", abort);
  await page.route("**/content/images/**", abort);
  await signedInAndReady(page);
  await startTest(page, { display: "After choice", count: TOTAL, seed: SEED });
  await goToAnnexImage(page);

  const notice = page.getByTestId("images-unavailable");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Images unavailable");
  await expect(notice).toContainText("Image resources could not be loaded");
  await expect(page.getByTestId("carousel-image")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enlarge annex" })).toHaveCount(0);
  expect(aborted.filter((path) => path.startsWith("/content/images/")).length).toBeGreaterThan(0);
  // The question itself is still there to answer.
  await expect(page.getByTestId("question").locator("label, select, input").first()).toBeEnabled();
});
