/**
 * A student answering by keyboard at full pace (issue 17): letters pressed while the last
 * answer is still being saved are applied once the next question is ready, never dropped.
 * Counted on the server.
 */
import { expect, test } from "@playwright/test";
import { createStudent, serverAnswers } from "./support/server-db.ts";
import { numberText, serverQuestionAt, waitForSynced } from "./support/server-questions.ts";
import { answerCurrent, signIn } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

const COUNT = 40;

test("40 questions answered by keyboard as fast as the screen allows: the server holds all 40, each as pressed", async ({
  page,
}) => {
  const student = await createStudent("keyboard-pace");
  await signIn(page, student.email, student.password);
  const testId = await startTest(page, { display: "After test", count: COUNT, seed: 11 });
  await waitForSynced(page);
  const questions = Array.from({ length: COUNT }, (_, i) => {
    const question = serverQuestionAt(testId, i + 1);
    if (!question) throw new Error(`question ${i + 1} is not on the server`);
    return question;
  });

  for (const [i, question] of questions.entries()) {
    if (question.type === "multiple_choice") await page.keyboard.press("b");
    else if (question.type === "multiple_select")
      for (let k = 0; k < (question.total_correct ?? 1); k++) await page.keyboard.press(String.fromCharCode(97 + k));
    else {
      // A typed answer needs its field on screen; letters and arrows before it wait for nothing.
      await expect(page.getByTestId("question-number")).toHaveText(new RegExp(`^${numberText(i + 1, COUNT)}`));
      await answerCurrent(page, "keyboard");
    }
    await page.keyboard.press("ArrowRight");
  }
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
  await waitForSynced(page);

  const answers = serverAnswers(testId);
  expect(answers).toHaveLength(COUNT);
  const given = new Map(answers.map((a) => [a.question_id, JSON.parse(a.given) as unknown]));
  for (const question of questions) {
    if (question.type === "multiple_choice") expect(given.get(question.id)).toEqual([question.answers[1]?.id]);
    if (question.type === "multiple_select")
      expect(given.get(question.id)).toEqual(question.answers.slice(0, question.total_correct ?? 1).map((a) => a.id));
  }
});
