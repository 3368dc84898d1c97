import { expect, type Page, test } from "@playwright/test";
import { FIXED_TEST_DISABLED_NOTIFICATION_DELAY_MS } from "@preflight/sync-protocol";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./support/env.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { numberText, waitForSynced } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";

/**
 * Fixed tests (study-and-progress spec): downloaded to the device, a disabled one says why after
 * 3 s, a password one asks for its password online, the summary shows the attempts, a test whose
 * results the school keeps is taken offline and shows only 'Test completed. …', and previous
 * tests list it without score or pass beside tests from another device, with the spec's filters.
 */

const SENT_TO_SCHOOL = "Test completed. The results have been sent to your school.";
/** SHOTS_DIR=<folder> keeps screenshots of each screen at both sizes, to look at. */

function withServerDb<T>(run: (db: Database.Database) => T): T {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    return run(db);
  } finally {
    db.close();
  }
}

/** Two tests the student finished on another device: a passed practice test and a failed timed one. */
function finishedElsewhere(email: string): { passed: string; failed: string } {
  return withServerDb((db) => {
    const { id: userId } = db.prepare("select id from users where email = ?").get(email) as { id: string };
    const questions = db.prepare("select id from questions order by id limit 4").all() as { id: number }[];
    const insert = (id: string, type: string, title: string, started: string, score: number) => {
      db.prepare(
        `insert into user_tests (id, user_id, title, test_type, display_answers, time_limit, pass_percentage, started,
           created_at, finished_at, score, total_score, percentage, pass, ended, can_retake, hide_results, retake_of,
           last_position, fixed_test_id, hide_answers)
         values (?, ?, ?, ?, 'after_test', null, null, ?, ?, ?, ?, 4, ?, ?, 'finished', 1, 0, null, 1, null, 0)`,
      ).run(id, userId, title, type, started, started, started, score, score * 25, score >= 3 ? 1 : 0);
      const slot = db.prepare(
        "insert into user_test_questions (user_test_id, position, question_id, question_version, accessed) values (?, ?, ?, 1, 1)",
      );
      for (const [i, q] of questions.entries()) slot.run(id, i + 1, q.id);
    };
    const passed = crypto.randomUUID();
    const failed = crypto.randomUUID();
    insert(passed, "practice", "Practice test (4 questions)", "2026-11-01T10:00:00.000Z", 4);
    insert(failed, "timed", "Timed exam (4 questions)", "2026-11-10T10:00:00.000Z", 1);
    return { passed, failed };
  });
}

function setHideFixedResults(on: boolean): void {
  withServerDb((db) =>
    db
      .prepare(
        "insert into server_settings (key, value) values ('hide_fixed_results', ?) on conflict (key) do update set value = excluded.value",
      )
      .run(on ? "1" : "0"),
  );
}

const fixedTest = (page: Page, title: string) => page.getByTestId("fixed-test").filter({ hasText: title });

test("fixed tests: download, disabled reason after 3 s, password, attempts, hidden results offline, previous tests", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // A student of its own: the demo student's record is shared with every other spec.
  const student = await createStudent("fixed");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // The chooser, from the nav; 'Download tests' brings the school's tests to the device.
  await page.getByTestId("nav-fixed").click();
  await expect(page).toHaveURL(/\/test\/select\/exam$/);
  await expect(page.getByRole("heading", { name: "Choose a fixed test" })).toBeVisible();
  await page.getByTestId("download-tests").click();
  await expect(page.getByRole("status")).toContainText("5 tests are on this device");
  await expect(page.getByTestId("fixed-test")).toHaveCount(5);
  await shootAtSizes(page, "fixed-chooser");

  // A disabled test cannot be selected: its reason shows as a danger notification after 3 s.
  const clickedAt = Date.now();
  // aria-disabled: Playwright would wait for it to be enabled; a student's tap still lands.
  await fixedTest(page, "Principles of Flight final exam").click({ force: true });
  await page.waitForTimeout(1000);
  await expect(page.getByTestId("snackbar")).toHaveCount(0);
  const notice = page.getByTestId("snackbar").filter({ hasText: "classroom review" });
  await expect(notice).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(FIXED_TEST_DISABLED_NOTIFICATION_DELAY_MS - 100);
  await expect(notice).toContainText("Principles of Flight final exam");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A password test: the field is required, a wrong password is refused, the right one opens the summary.
  await fixedTest(page, "Air Law school exam").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Enter password to access test");
  await dialog.getByTestId("password-submit").click();
  await expect(dialog.getByTestId("password-error")).toHaveText("Please enter the test password");
  await dialog.getByLabel("Test password").fill("wrong one");
  await dialog.getByTestId("password-submit").click();
  await expect(dialog.getByTestId("password-error")).toHaveText("The password is incorrect");
  await shootAtSizes(page, "fixed-password");
  await dialog.getByLabel("Test password").fill("airlaw");
  await dialog.getByTestId("password-submit").click();
  await expect(dialog.getByRole("heading")).toHaveText("Air Law school exam");
  const strip = dialog.getByTestId("summary-strip");
  await expect(strip).toContainText("Questions 10");
  await expect(strip).toContainText("Attempts 0 / 3");
  await expect(strip).toContainText("Time limit 00:15:00");
  await expect(strip).toContainText("Pass mark 8 / 10");
  await shootAtSizes(page, "fixed-summary");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // Accepted once, the password is not asked again on this device.
  await fixedTest(page, "Air Law school exam").click();
  await expect(dialog.getByRole("heading")).toHaveText("Air Law school exam");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // A test with no attempts limit shows no Attempts row.
  await fixedTest(page, "Air Law mock exam").click();
  await expect(dialog.getByTestId("summary-strip")).not.toContainText("Attempts");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Offline: the hidden-results exam (one attempt) opens and runs from the device.
  await context.setOffline(true);
  await fixedTest(page, "Meteorology end-of-course exam").click();
  await expect(dialog.getByTestId("summary-strip")).toContainText("Attempts 0 / 1");
  await dialog.getByTestId("fixed-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  // Ten bank questions and the school's own two, which came without their answers.
  for (let n = 1; n <= 12; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, 12));
    // The school's own question, sent without its answers: it reads like any other.
    if (n === 11) await shootAtSizes(page, "fixed-withheld-question");
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
  await expect(page.getByTestId("result-hidden")).toHaveText(SENT_TO_SCHOOL);
  await expect(page.getByTestId("result-heading")).toHaveCount(0);
  await expect(page.getByTestId("result-score")).toHaveCount(0);
  await expect(page.getByTestId("results-legend")).toHaveCount(0);
  await expect(page.getByText(/You scored/)).toHaveCount(0);
  // Not even through the review's address.
  await page.goto(`/test/results/${testId}#explanation-1`);
  await expect(page.getByTestId("result-hidden")).toHaveText(SENT_TO_SCHOOL);
  await expect(page.getByTestId("review")).toHaveCount(0);
  await shootAtSizes(page, "fixed-hidden-results");

  // Back online the start, answers and finish reach the server, which keeps the school's choices.
  await context.setOffline(false);
  await waitForSynced(page);
  const row = withServerDb(
    (db) =>
      db
        .prepare(
          "select fixed_test_id, hide_results, hide_answers, test_type, finished_at from user_tests where id = ?",
        )
        .get(testId) as { fixed_test_id: number; hide_results: number; hide_answers: number; test_type: string },
  );
  expect(row).toMatchObject({ hide_results: 1, hide_answers: 1, test_type: "exam" });
  expect(row.fixed_test_id).toBeGreaterThan(0);
  // The school's own questions were answered ungraded on the device; the server graded them on arrival.
  const schoolAnswers = withServerDb(
    (db) =>
      db
        .prepare(
          "select a.question_id, a.correct from answers a join questions q on q.id = a.question_id where a.user_test_id = ? and q.school_id is not null order by a.question_id",
        )
        .all(testId) as { question_id: number; correct: number | null }[],
  );
  expect(schoolAnswers).toEqual([
    { question_id: 7_000_001, correct: 1 },
    { question_id: 7_000_002, correct: 0 },
  ]);

  // The dashboard's Recent tests shows no score for it either.
  await page.getByRole("link", { name: "Dashboard" }).click();
  const recent = page.getByTestId("recent-test").filter({ hasText: "Meteorology end-of-course exam" });
  await expect(recent).toContainText("Completed");
  await expect(recent).not.toContainText("%");

  // Previous tests: this device's test beside two from another device; hidden results say so.
  const elsewhere = finishedElsewhere(student.email);
  await page.getByTestId("nav-previous").click();
  await expect(page.getByRole("heading", { name: "Review previous tests" })).toBeVisible();
  const rows = page.getByTestId("previous-row");
  await expect(rows).toHaveCount(3);
  await expect(page.locator("thead th")).toHaveText(["Date", "Test", "Score", "Pass"]);
  const hiddenRow = rows.filter({ hasText: "Meteorology end-of-course exam" });
  await expect(hiddenRow.getByTestId("previous-score")).toHaveText("Hidden");
  await expect(hiddenRow.getByTestId("previous-pass")).toHaveText("Hidden");
  await expect(rows.filter({ hasText: "Practice test (4 questions)" })).toContainText("4 / 4 (100%)");
  await expect(rows.filter({ hasText: "Timed exam (4 questions)" })).toContainText("Failed");
  await shootAtSizes(page, "previous-tests");

  const filters = page.getByTestId("previous-filters");
  await filters.getByText("Passed", { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Practice test (4 questions)");
  await filters.getByText("Failed", { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Timed exam (4 questions)");
  await filters.getByText("All", { exact: true }).click();
  await filters.getByLabel("Type").selectOption({ label: "Fixed test" });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Meteorology end-of-course exam");
  await filters.getByLabel("Type").selectOption({ label: "All types" });
  // The dates are typed as dd/mm/yyyy, a digit at a time from the day, as a student types them.
  await filters.getByTestId("previous-from").getByRole("spinbutton").first().click();
  await page.keyboard.type("05112026");
  await expect(rows).toHaveCount(2);
  await filters.getByTestId("previous-to").getByRole("spinbutton").first().click();
  await page.keyboard.type("15112026");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Timed exam (4 questions)");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(3);
  expect(elsewhere.passed).not.toBe(elsewhere.failed);

  // 'Choose a previous test': the one-attempt exam cannot be retaken.
  await page
    .getByTestId("previous-choose")
    .getByRole("button", { name: /Meteorology end-of-course exam/ })
    .click();
  await expect(dialog.getByTestId("summary-strip")).toContainText("Attempts 1 / 1");
  await expect(dialog).toContainText("You have used all 1 attempt allowed for this test.");
  await expect(dialog.getByTestId("retake-start")).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // hide_fixed_results: every fixed test's score is hidden, and the result filter goes.
  setHideFixedResults(true);
  try {
    await page.reload();
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId("previous-filters")).not.toContainText("Result");
    await expect(page.getByTestId("previous-filters").getByText("Passed", { exact: true })).toHaveCount(0);
    await expect(rows.filter({ hasText: "Practice test (4 questions)" })).toContainText("Passed");
  } finally {
    setHideFixedResults(false);
  }
});

test("empty states: 'No fixed tests found' and 'Tests will appear here once you have completed some'", async ({
  page,
}) => {
  // A device that never got the fixed tests, and whose server list is out of reach.
  await page.route("**/api/user/fixed_tests", (route) => route.abort());
  await page.route("**/api/user/previous_tests", (route) => route.abort());
  await signIn(page, "class@preflight.test");
  await page.goto("/test/select/exam");
  await expect(page.getByTestId("fixed-empty")).toHaveText("No fixed tests found");
  await page.getByTestId("download-tests").click();
  await expect(page.getByRole("alert")).toContainText("offline");
  await page.goto("/test/previous");
  await expect(page.getByTestId("previous-empty")).toHaveText("Tests will appear here once you have completed some");
  await expect(page.getByTestId("previous-filters")).toHaveCount(0);
});

test("offline, a password test not opened before says it needs a connection the first time", async ({
  page,
  context,
}) => {
  await signIn(page, "class@preflight.test");
  await page.goto("/test/select/exam");
  await page.getByTestId("download-tests").click();
  // The syllabus's five, and the demo school's own check set for this student's class.
  await expect(page.getByTestId("fixed-test")).toHaveCount(6);
  await expect(fixedTest(page, "Air Law class check")).toHaveCount(1);
  await context.setOffline(true);
  await fixedTest(page, "Air Law school exam").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Enter password to access test");
  const needsConnection =
    "This test is protected by a password. You need to be online the first time you open it, so the password can be checked.";
  await expect(dialog.getByTestId("password-offline")).toHaveText(needsConnection);
  await dialog.getByLabel("Test password").fill("airlaw");
  await dialog.getByTestId("password-submit").click();
  await expect(dialog.getByTestId("password-error")).toHaveText(needsConnection);
  // Nothing was started: the summary never opened.
  await expect(dialog.getByTestId("summary-strip")).toHaveCount(0);
  await context.setOffline(false);
});
