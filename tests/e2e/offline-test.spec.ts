import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { scorePercentage } from "@preflight/sync-protocol";
import { serverAnswers, serverTest } from "./support/server-db.ts";
import { numberText } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * A whole test with the network off from its first question: the device marks it, and the
 * server's marking, once the network is back, agrees with what the student was shown.
 */

/** Seed 8 of the demo bank, 10 questions: every question type, two of most, within the ten. */
const SEED = 8;
const TOTAL = 10;
const DEVICE_MARKING = "Marked on this device. The mark is confirmed the next time you are online.";

async function startOffline(page: Page, context: BrowserContext): Promise<string> {
  await signIn(page);
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  const testId = await startTest(page, { display: "After test", count: TOTAL, seed: SEED });
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await expect(page.getByTestId("question-number")).toHaveText(numberText(1, TOTAL));
  return testId;
}

/** What the question on screen shows as answered: checked options, gap choices, typed value. */
function answerOnScreen(page: Page): Promise<string> {
  return page.getByTestId("question").evaluate((question) => {
    const checked = [...question.querySelectorAll<HTMLInputElement>("input[type=radio], input[type=checkbox]")]
      .map((input, i) => (input.checked ? i : -1))
      .filter((i) => i >= 0);
    const gaps = [...question.querySelectorAll("select")].map((select) => select.value);
    const typed = [...question.querySelectorAll<HTMLInputElement>("input[type=text]")].map((input) => input.value);
    return JSON.stringify({ checked, gaps, typed });
  });
}

function pendingCount(page: Page): Promise<number> {
  return page
    .getByTestId("pending-count")
    .textContent()
    .then((text) => Number(/^(\d+) pending$/.exec(text ?? "")?.[1] ?? Number.NaN));
}

test("a test taken offline from the first question: the device marks it, the server confirms the same", async ({
  page,
  context,
}) => {
  const testId = await startOffline(page, context);

  for (let n = 1; n <= TOTAL; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, TOTAL));
    await answerCurrent(page, n % 2 ? "click" : "keyboard");
    if (n % 3 === 0) await page.keyboard.press("ArrowRight");
    else await page.getByTestId("next").click();
  }
  // Next on the last question leads to finishing.
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));

  // The device's marking, said plainly, while nothing has reached the server.
  const heading = page.getByTestId("result-heading");
  const score = page.getByTestId("result-score");
  await expect(heading).toHaveText(/^(Congratulations, you passed!|Sorry, you failed)$/);
  await expect(score).toHaveText(/^You scored \d{1,3}%$/);
  await expect(page.getByTestId("marking-source")).toHaveText(DEVICE_MARKING);
  const deviceHeading = await heading.textContent();
  const deviceScore = await score.textContent();
  // The test's creation, ten answers and the finish wait in the outbox.
  await expect.poll(() => pendingCount(page)).toBeGreaterThanOrEqual(12);
  expect(serverTest(testId)).toBeUndefined();

  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  await expect(page.getByTestId("marking-source")).toHaveText("Mark confirmed.");
  await expect(heading).toHaveText(deviceHeading ?? "");
  await expect(score).toHaveText(deviceScore ?? "");

  const server = serverTest(testId);
  expect(server?.finished_at).not.toBeNull();
  expect(server?.pass).toBe(deviceHeading === "Congratulations, you passed!" ? 1 : 0);
  const shown = Number(/(\d+)%$/.exec(deviceScore ?? "")?.[1]);
  expect(scorePercentage(server?.score ?? -1, TOTAL)).toBe(shown);
  const answers = serverAnswers(testId);
  expect(answers).toHaveLength(TOTAL);
  expect(answers.every((a) => a.applied === 1 && a.answered === 1)).toBe(true);
  expect(answers.filter((a) => a.correct === 1)).toHaveLength(server?.score ?? -1);
});

test("a reload in the middle of an offline test returns to the same question with the answers kept", async ({
  page,
  context,
}) => {
  // Leaving the test page asks first (beforeunload); the student says yes to the reload.
  page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
  const testId = await startOffline(page, context);

  const given: string[] = [];
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, TOTAL));
    await answerCurrent(page, n % 2 ? "keyboard" : "click");
    given.push(await answerOnScreen(page));
    await page.getByTestId("next").click();
  }
  await expect(page.getByTestId("question-number")).toHaveText(numberText(6, TOTAL));
  // The test's creation and five answers wait in the outbox.
  await expect.poll(() => pendingCount(page)).toBeGreaterThanOrEqual(6);
  const pending = await pendingCount(page);

  await page.reload();
  await expect(page.getByTestId("question-number")).toHaveText(numberText(6, TOTAL));
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await expect(page.getByTestId("pending-count")).toHaveText(`${pending} pending`);
  await expect(page.getByTestId("question").locator("label, select, input").first()).toBeVisible();
  const unanswered = JSON.parse(await answerOnScreen(page)) as { checked: number[]; gaps: string[]; typed: string[] };
  expect(unanswered.checked).toEqual([]);
  expect(unanswered.gaps.every((g) => g === "")).toBe(true);
  expect(unanswered.typed.every((t) => t === "")).toBe(true);

  for (let n = 5; n >= 1; n--) {
    await page.getByTestId("previous").click();
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, TOTAL));
    await expect.poll(() => answerOnScreen(page)).toBe(given[n - 1]);
  }
  // The pagination still counts five answered.
  await expect(page.locator("[data-testid=question-page][data-answered]")).toHaveCount(5);

  // Back online, the five answers kept through the reload reach the server once each.
  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  const answers = serverAnswers(testId);
  expect(answers).toHaveLength(5);
  expect(new Set(answers.map((a) => a.question_id)).size).toBe(5);
});
