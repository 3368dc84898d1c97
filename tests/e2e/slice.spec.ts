import { expect, test } from "@playwright/test";
import { gradeAnswer } from "@preflight/sync-protocol/rules/grading";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { serverAnswers, serverTest } from "./support/server-db.ts";
import { answerCurrent, questionNumber, signIn, waitUntilReadyOffline } from "./support/student.ts";

function testIdFrom(url: string): string {
  const id = /\/test\/([0-9a-f-]{36})$/.exec(url)?.[1];
  if (!id) throw new Error(`not a test url: ${url}`);
  return id;
}

test("a practice test online: click and keyboard answers, arrows, finish, results", async ({ page }) => {
  await signIn(page);
  await waitUntilReadyOffline(page);
  await page.getByRole("button", { name: /Start a practice test/ }).click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const testId = testIdFrom(page.url());
  await expect(page.getByTestId("test-heading")).toHaveText("Practice");
  expect(await questionNumber(page)).toBe("Question 001 / 010");

  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("question-number")).toHaveText("Question 002 / 010");
  await answerCurrent(page, "keyboard");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("question-number")).toHaveText("Question 003 / 010");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("question-number")).toHaveText("Question 002 / 010");
  await page.getByTestId("previous").click();
  await expect(page.getByTestId("question-number")).toHaveText("Question 001 / 010");
  for (let n = 1; n < 10; n++) {
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("question-number")).toHaveText(`Question ${String(n + 1).padStart(3, "0")} / 010`);
    if (n >= 2) await answerCurrent(page, n % 2 ? "keyboard" : "click");
  }
  await page.getByTestId("next").click();
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
  await expect(page.getByTestId("result-heading")).toHaveText(/^(Congratulations, you passed!|Sorry, you failed)$/);
  await expect(page.getByTestId("result-score")).toHaveText(/^You scored \d{1,3}%$/);
  await expect(page.getByTestId("marking-source")).toHaveText("Mark confirmed.");

  const server = serverTest(testId);
  expect(server?.finished_at).not.toBeNull();
  const answers = serverAnswers(testId);
  expect(answers).toHaveLength(10);
  const heading = await page.getByTestId("result-heading").textContent();
  expect(heading === "Congratulations, you passed!").toBe(server?.pass === 1);
});

test("offline from a reload: three answers reach the server once, graded by the server", async ({ page, context }) => {
  await signIn(page);
  await waitUntilReadyOffline(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await page.getByRole("button", { name: /Start a practice test/ }).click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const testId = testIdFrom(page.url());

  const given: { number: string }[] = [];
  for (let i = 0; i < 3; i++) {
    given.push({ number: await questionNumber(page) });
    await answerCurrent(page, i === 1 ? "keyboard" : "click");
    await page.getByTestId("next").click();
    await expect(page.getByTestId("question-number")).not.toHaveText(given[i]?.number ?? "");
  }
  // Test creation plus three answers wait in the outbox.
  await expect(page.getByTestId("pending-count")).toHaveText("4 pending");
  expect(serverTest(testId)).toBeUndefined();

  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });

  const answers = serverAnswers(testId);
  expect(answers).toHaveLength(3);
  expect(new Set(answers.map((a) => a.question_id)).size).toBe(3);
  for (const answer of answers) {
    const question = JSON.parse(answer.content) as BankQuestion;
    const grade = gradeAnswer(question, JSON.parse(answer.given));
    expect(grade.answered).toBe(true);
    expect(answer.applied).toBe(1);
    expect(answer.correct).toBe(grade.answered && grade.correct ? 1 : 0);
  }
});
