import { serverTest } from "./support/server-db.ts";
import { expect, test } from "./support/shared-device.ts";
import { goToKind, options, startTest } from "./support/test-taking.ts";

test.describe("after choice", () => {
  test("confirming a multiple-choice answer saves, locks and shows correct or incorrect with the explanation", async ({
    page,
  }) => {
    await startTest(page, { display: "After choice", count: 20 });
    await goToKind(page, "multiple_choice");
    await expect(page.getByTestId("explanation")).toHaveCount(0);
    await page.keyboard.press("b");
    await expect(options(page).nth(1).locator("input")).toBeChecked();
    await page.getByTestId("confirm-answer").click();
    await expect(page.getByTestId("answer-verdict")).toHaveText(/^(Correct|Incorrect)$/);
    await expect(page.getByTestId("explanation")).toBeVisible();
    await expect(page.locator("[data-verdict=correct]")).toHaveCount(1);
    // Locked: letters no longer change the answer.
    await page.keyboard.press("a");
    await expect(options(page).nth(1).locator("input")).toBeChecked();
    await expect(page.getByTestId("confirm-answer")).toHaveCount(0);
  });

  test("multiple select confirms itself 50 ms after the required number is chosen", async ({ page }) => {
    await startTest(page, { display: "After choice", count: 40 });
    await goToKind(page, "multiple_select");
    const required = Number(/Select (\d+) answers/.exec((await page.getByTestId("question").textContent()) ?? "")?.[1]);
    for (let i = 0; i < required; i++) await options(page).nth(i).click();
    await expect(page.getByTestId("answer-verdict")).toHaveText(/^(Correct|Incorrect)$/);
    await expect(page.getByTestId("explanation")).toBeVisible();
  });

  test("the spec's messages: nothing selected, no value, and moving on unconfirmed", async ({ page }) => {
    await startTest(page, { display: "After choice", count: 40 });
    await goToKind(page, "multiple_choice");
    await page.getByTestId("confirm-answer").click();
    await expect(page.getByTestId("question-message")).toHaveText("Please select at least one answer");
    await options(page).first().click();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog")).toContainText("You have not confirmed your answer.");
    await page.getByTestId("stay-unconfirmed").click();
    await expect(options(page).first().locator("input")).toBeChecked();
    await page.getByTestId("next").click();
    await page.getByTestId("leave-unconfirmed").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await goToKind(page, "text");
    await page.getByTestId("confirm-answer").click();
    await expect(page.getByTestId("question-message")).toHaveText("Please enter a value");
  });
});

test("after test: nothing reveals an answer, and a short multiple select asks first", async ({ page }) => {
  await startTest(page, { display: "After test", count: 40 });
  await goToKind(page, "multiple_select");
  await options(page).first().click();
  const required = Number(/Select (\d+) answers/.exec((await page.getByTestId("question").textContent()) ?? "")?.[1]);
  await page.getByTestId("next").click();
  await expect(page.getByRole("dialog")).toContainText(
    `The question requires ${required} answer(s). You have selected 1.`,
  );
  await page.getByTestId("confirm-count").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByTestId("previous").click();
  await expect(options(page).first().locator("input")).toBeChecked();
  await expect(page.locator("[data-verdict]")).toHaveCount(0);
  await expect(page.getByTestId("explanation")).toHaveCount(0);
  await expect(page.getByTestId("answer-verdict")).toHaveCount(0);
});

test("before choice shows the answer before the student chooses", async ({ page }) => {
  await startTest(page, { display: "Before choice" });
  await goToKind(page, "multiple_choice");
  await expect(page.locator("[data-verdict=correct]")).toHaveCount(1);
  await expect(page.getByTestId("explanation")).toBeVisible();
});

test("a clear resets the selection", async ({ page }) => {
  await startTest(page, { display: "After test" });
  await goToKind(page, "multiple_choice");
  await options(page).first().click();
  await page.getByTestId("reset-answer").click();
  await expect(page.getByTestId("question").locator("input:checked")).toHaveCount(0);
});

test("leaving the test asks first", async ({ page }) => {
  await startTest(page);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure you would like to leave the test?");
  await page.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByTestId("confirm-leave").click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("abandoning a practice test marks it at once and returns to the practice chooser", async ({ page }) => {
  const testId = await startTest(page);
  await options(page).first().click();
  await page.getByTestId("abandon").click();
  await expect(page).toHaveURL(/\/test\/select\/practice/);
  await expect.poll(() => serverTest(testId)?.finished_at ?? null, { timeout: 20_000 }).not.toBeNull();
});

test("results: review one question at a time by fragment, quit choices, retake", async ({ page }) => {
  const testId = await startTest(page, { display: "After test" });
  await page.getByTestId("finish").click();
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
  // How long it took, how each subject went, and the practice test's next steps.
  await expect(page.getByTestId("result-time-taken")).toHaveText(/^Time taken \d+ (s|min \d\d s)$/);
  await expect(page.getByTestId("breakdown-subject").first()).toContainText("/");
  const actions = await page.getByTestId("result-actions").getByRole("button").allTextContents();
  expect(actions.slice(-2)).toEqual(["Retake test", "New practice test"]);
  await page.getByRole("button", { name: /^Question 2:/ }).click();
  await expect(page).toHaveURL(/#explanation-\d+$/);
  await expect(page.getByTestId("review-number")).toHaveText("Question 002 / 010");
  await expect(page.getByTestId("review-explanation")).toBeVisible();
  await page.getByTestId("review-next").click();
  await expect(page.getByTestId("review-number")).toHaveText("Question 003 / 010");
  const fragment = new URL(page.url()).hash;
  await page.getByTestId("review-close").click();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await page.goto(`/test/results/${testId}${fragment}`);
  await expect(page.getByTestId("review-number")).toHaveText("Question 003 / 010");

  await page.getByTestId("exit-results").click();
  const quit = page.getByRole("dialog");
  await expect(quit).toContainText("Quit test?");
  await expect(quit).toContainText("If you end this test you will not be able to return to this screen");
  // A practice test is retaken as a test (an exam's results say Retake Exam).
  await expect(quit.getByRole("button", { name: "Retake test" })).toBeVisible();
  await expect(quit.getByRole("button", { name: "Return to Exams" })).toBeVisible();
  await expect(quit.getByRole("button", { name: "Return to dashboard" })).toBeVisible();
  await quit.getByRole("button", { name: "Retake test" }).click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(testId);
  await expect(page.getByTestId("question-number")).toHaveText("Question 001 / 010");
});
