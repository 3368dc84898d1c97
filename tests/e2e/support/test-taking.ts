import { type BrowserContext, expect, type Page } from "@playwright/test";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { answerCurrent } from "./student.ts";

export type Kind = "multiple_choice" | "multiple_select" | "text" | "cloze";

/**
 * Starts a test with a fixed seed, so the same questions come every run: practice through the
 * practice builder ('All subjects', the count, Show answers), timed and untimed through the
 * exam chooser ('All subjects', the full bank, the count, Show answers for untimed), quiz and
 * progress test attempts through the simple chooser (practice may name one subject). Over the whole bank with a random order
 * each picks what the simple chooser picked for the same seed.
 */
export async function startTest(
  page: Page,
  options: {
    type?: "practice" | "timed" | "untimed" | "quiz" | "progress_test_attempt";
    /** 10, 20 or 40 for the choosers; any count for practice. */
    count?: number;
    display?: "After test" | "After choice" | "Before choice";
    seed?: number;
    /** Practice only: the builder's subject (default 'All subjects'). */
    subject?: string;
  } = {},
): Promise<string> {
  const type = options.type ?? "practice";
  const count = options.count ?? 10;
  await page.goto(`/test/select/${type}?seed=${options.seed ?? 7}`);
  if (type === "practice") {
    await page
      .getByTestId("practice-choice")
      .filter({ hasText: options.subject ?? "All subjects" })
      .click();
    await page.getByLabel("Number of questions").fill(String(count));
    // The builder shows answers after the test by default; practice here used to default to after choice.
    await page
      .getByRole("radiogroup", { name: "Show answers" })
      .locator("label", { hasText: options.display ?? "After choice" })
      .click();
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByRole("dialog").getByTestId("practice-start").click();
  } else if (type === "timed" || type === "untimed") {
    await page.getByTestId("exam-subject").filter({ hasText: "All subjects" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("exam-bank").filter({ hasText: "Full question bank" }).click();
    await dialog
      .getByTestId("exam-length")
      .filter({ hasText: new RegExp(`^${count}$`) })
      .click();
    if (options.display && type === "untimed")
      await dialog.getByTestId("exam-display").filter({ hasText: options.display }).click();
    await dialog.getByTestId("exam-start").click();
  } else {
    await page.locator("label", { hasText: new RegExp(`^${count}\\b`) }).click();
    if (options.display) await page.locator("label", { hasText: options.display }).click();
    await page.getByRole("button", { name: "Start" }).click();
  }
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("question").locator("label, select, input").first()).toBeVisible();
  return /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
}

export async function kindOnScreen(page: Page): Promise<Kind> {
  const q = page.getByTestId("question");
  if (await q.locator("input[type=checkbox]").count()) return "multiple_select";
  if (await q.locator("input[type=radio]").count()) return "multiple_choice";
  if (await q.locator("select").count()) return "cloze";
  return "text";
}

/** Walks the pagination until a question of `kind` is on screen; returns its number. */
export async function goToKind(page: Page, kind: Kind): Promise<number> {
  const buttons = page.getByRole("navigation", { name: "Questions" }).getByRole("button");
  const count = await buttons.count();
  for (let n = 1; n <= count; n++) {
    await buttons.nth(n - 1).click();
    await expect(page.getByTestId("question-number")).toHaveText(
      new RegExp(`^Question ${String(n).padStart(3, "0")} `),
    );
    if ((await kindOnScreen(page)) === kind) return n;
  }
  throw new Error(`no ${kind} question in this test`);
}

/** Walks the pagination until a question with an annex (its image or 'Images unavailable') is on screen; returns its number. */
export async function goToAnnexImage(page: Page): Promise<number> {
  const annex = page.getByTestId("question").locator("[data-testid=image-carousel], [data-testid=images-unavailable]");
  const buttons = page.getByRole("navigation", { name: "Questions" }).getByTestId("question-page");
  const count = await buttons.count();
  for (let n = 1; n <= count; n++) {
    await buttons.nth(n - 1).click();
    await expect(page.getByTestId("question-number")).toHaveText(
      new RegExp(`^Question ${String(n).padStart(3, "0")} `),
    );
    if ((await annex.count()) > 0) return n;
  }
  throw new Error("no question with an annex image in this test");
}

export function options(page: Page) {
  return page.getByTestId("question").locator("label:has(input[type=radio]), label:has(input[type=checkbox])");
}

/** Answers the question on screen correctly, from the server's copy of it. */
export async function answerRight(page: Page, question: BankQuestion): Promise<void> {
  const right = question.answers.flatMap((a, i) => (a.correct ? [i] : []));
  if (question.type === "multiple_choice" || question.type === "multiple_select") {
    for (const i of right) await options(page).nth(i).click();
  } else if (question.type === "text") {
    await page.getByTestId("question").getByLabel("Your answer").fill(String(question.text_range?.exact));
    await page.getByTestId("question").getByLabel("Your answer").blur();
  } else {
    const gaps = page.getByTestId("question").locator("select");
    const count = await gaps.count();
    for (let g = 1; g <= count; g++) {
      const answer = question.answers.find((a) => a.group === g && a.correct);
      await gaps.nth(g - 1).selectOption(String(answer?.id));
    }
    await gaps.last().blur();
  }
}

/**
 * Answers question 5 of the test with the network off, then finishes the test elsewhere (a
 * direct call, as another session of the student would make): the answer waits on the device
 * ("1 pending") and the server will refuse it as the test has ended.
 */
export async function answerOfflineThenFinishElsewhere(page: Page, context: BrowserContext, testId: string) {
  await page.goto(`/test/${testId}`);
  await context.setOffline(true);
  await page.getByRole("navigation", { name: "Questions" }).getByRole("button").nth(4).click();
  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("pending-count")).toHaveText("1 pending");
  const finished = await context.request.post(`/test/current/finish/${testId}`, { data: { flush_session: true } });
  expect(finished.status()).toBe(200);
}

/**
 * Follows a header link away from a running test, confirming the leave if the app asks. The
 * confirmation is a modal fetched when first shown, so it may appear a moment after the click:
 * waited for (until it shows or the page has left), never glanced at once.
 */
export async function leaveTestThrough(page: Page, navTestId: string): Promise<void> {
  const from = page.url();
  await page.getByTestId(navTestId).click();
  const confirm = page.getByTestId("confirm-leave");
  await expect.poll(async () => (await confirm.isVisible()) || page.url() !== from, { timeout: 15_000 }).toBe(true);
  if (await confirm.isVisible()) await confirm.click();
}
