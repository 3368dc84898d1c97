import type { Page } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { stripHtml } from "@preflight/sync-protocol/rules/question";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { readDeviceStores } from "./support/device-store.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent, serverTest } from "./support/server-db.ts";
import { expect, FRESH_DEVICE, test } from "./support/shared-device.ts";
import { signIn } from "./support/student.ts";

/**
 * The practice builder (/test/select/practice), end to end: its views and clearing rules, the
 * live count for each filter against a history the student makes here, the count and tag rules,
 * the summary and Start, and a test built offline on the device.
 */

const NO_QUESTIONS = "There are no questions available with these filters selected.";
/** The demo students' bank: the 2020 syllabus including example questions. */
const BANK = loadFixtures().questions.filter((q) => q.editions.includes("2020"));
const inSubject = (code: string) => BANK.filter((q) => q.subject === code);
const byRef = (ref: string) => BANK.find((q) => q.reference === ref) as BankQuestion;

const count = (page: Page) => page.getByTestId("practice-count");
const matches = (n: number) => new RegExp(`^${n} questions? match(es)?$`);
const choice = (page: Page, text: string | RegExp) => page.getByTestId("practice-choice").filter({ hasText: text });
const include = (page: Page) => page.getByLabel("Include");
const startButton = (page: Page) => page.getByRole("button", { name: "Start", exact: true });

async function openBuilder(page: Page, subject?: string) {
  await page.goto("/test/select/practice?seed=11");
  await expect(page.getByRole("heading", { name: "Choose a subject" })).toBeVisible();
  if (subject) await choice(page, subject).click();
}

async function addTags(page: Page, label: "Keywords" | "References", text: string) {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByLabel(label, { exact: true }).press("Enter");
}

test("views: subjects, topics, subtopics, sections and settings, with the clearing rules", async ({ page }) => {
  await openBuilder(page);
  await expect(choice(page, "All subjects")).toContainText(`${BANK.length} questions`);
  await expect(choice(page, "Air Law")).toContainText(`${inSubject("010").length} questions`);
  await shootAtSizes(page, "practice-subjects", { fullPage: true });

  await choice(page, "Air Law").click();
  await expect(page.getByTestId("practice-view-settings")).toBeVisible();
  await expect(page.getByTestId("practice-open-subjects")).toContainText("Air Law");
  await expect(count(page)).toHaveText(matches(inSubject("010").length));
  // A new test starts at 20 questions; the field says how many the bank really holds here.
  await expect(page.getByLabel("Number of questions")).toHaveValue("20");
  await expect(startButton(page)).toBeEnabled();
  await page.getByLabel("Number of questions").fill("");
  await expect(page.getByLabel("Number of questions")).toHaveAttribute(
    "placeholder",
    `1 to ${inSubject("010").length}`,
  );
  await expect(startButton(page)).toBeDisabled();
  await shootAtSizes(page, "practice-settings", { fullPage: true });

  await page.getByTestId("practice-open-topics").click();
  await expect(page.getByRole("heading", { name: "Choose a topic" })).toBeVisible();
  await shootAtSizes(page, "practice-topics", { fullPage: true });
  await choice(page, "010.01").click();
  await expect(page.getByTestId("practice-open-topics")).toContainText(
    "010.01 International law: conventions, agreements and organisations",
  );
  const under = (prefix: string) => inSubject("010").filter((q) => q.syllabus_code.startsWith(prefix)).length;
  await expect(count(page)).toHaveText(matches(under("010.01.")));

  await page.getByTestId("practice-open-subtopics").click();
  await expect(page.getByRole("heading", { name: "Choose a subtopic" })).toBeVisible();
  await shootAtSizes(page, "practice-subtopics", { fullPage: true });
  await choice(page, "010.01.02").click();
  await expect(count(page)).toHaveText(matches(under("010.01.02.")));
  await page.getByTestId("practice-open-sections").click();
  await expect(page.getByRole("heading", { name: "Choose a section" })).toBeVisible();
  await shootAtSizes(page, "practice-sections", { fullPage: true });
  await choice(page, "010.01.02.01").click();
  await expect(count(page)).toHaveText(matches(under("010.01.02.01")));

  // Choosing a topic clears subtopic and section; choosing a subtopic clears the section.
  await page.getByTestId("practice-open-subtopics").click();
  await choice(page, "010.01.01").click();
  await expect(page.getByTestId("practice-open-sections")).toContainText("All sections");
  await page.getByTestId("practice-open-topics").click();
  await choice(page, "010.04").click();
  await expect(page.getByTestId("practice-open-subtopics")).toContainText("All subtopics");
  await expect(page.getByTestId("practice-open-sections")).toBeDisabled();
  await expect(count(page)).toHaveText(matches(under("010.04.")));
  // 'All topics' chooses none again.
  await page.getByTestId("practice-open-topics").click();
  await page.getByTestId("practice-choice").filter({ hasText: "All topics" }).click();
  await expect(count(page)).toHaveText(matches(inSubject("010").length));

  // Choosing a subject clears the topic.
  await page.getByTestId("practice-open-topics").click();
  await choice(page, "010.01").click();
  await page.getByTestId("practice-open-subjects").click();
  await choice(page, "Meteorology").click();
  await expect(page.getByTestId("practice-open-topics")).toContainText("All topics");
  await expect(count(page)).toHaveText(matches(inSubject("050").length));
});

test("include filters count against the student's own history", { tag: FRESH_DEVICE }, async ({ page }) => {
  const student = await createStudent("practice-history");
  await signIn(page, student.email, student.password);
  const airLaw = inSubject("010").length;

  // History: a practice test of three Air Law questions chosen by reference, in syllabus order:
  // the first answered wrong and reported seen in an exam, the second right, the third left
  // blank and flagged; then finished.
  const [first, second, third] = [byRef("010-0004"), byRef("010-0003"), byRef("010-0007")];
  await openBuilder(page);
  await page.getByTestId("practice-view-subjects").getByRole("button", { name: "Back" }).click();
  await addTags(page, "References", "010-0004 010-0003 010-0007");
  await page.getByLabel("Sort").selectOption("sequential");
  await page.locator("label", { hasText: "All questions" }).check();
  await expect(count(page)).toHaveText(matches(3));
  await startButton(page).click();
  await page.getByRole("dialog").getByTestId("practice-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);

  const option = (text: string) =>
    page.getByTestId("question").locator("label:has(input[type=radio])", { hasText: text });
  await expect(page.getByTestId("question")).toContainText(stripHtml(first.question).slice(0, 30));
  await option(first.answers.find((a) => !a.correct)?.answer as string).click();
  await page.getByTestId("seen-button").click();
  await page.getByRole("dialog").getByTestId("seen-authority").selectOption("de_lba");
  await page.getByRole("dialog").getByTestId("seen-confirm").click();
  await expect(page.getByTestId("seen-count")).toHaveText("1");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("question")).toContainText(stripHtml(second.question).slice(0, 30));
  await option(second.answers.find((a) => a.correct)?.answer as string).click();
  await page.getByTestId("next").click();
  await expect(page.getByTestId("question")).toContainText(stripHtml(third.question).slice(0, 30));
  await page.getByTestId("flag-button").click();
  await expect(page.getByTestId("flag-button")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("finish").click();
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(/\/test\/results\//);

  await openBuilder(page, "Air Law");
  const reviewed = new Set(
    ((await readDeviceStores(page, ["reviews"])).reviews as { questionId: number }[]).map((r) => r.questionId),
  );
  const expected: [string, number][] = [
    ["All questions", airLaw],
    ["Unanswered", airLaw - 2],
    ["Unreviewed", inSubject("010").filter((q) => !reviewed.has(q.id)).length],
    ["Answered wrong before", 1],
    ["Never answered correctly", 2],
    ["Always answered incorrectly", 1],
    ["Flagged", 1],
  ];
  for (const [label, n] of expected) {
    await include(page).selectOption({ label });
    await expect(count(page), label).toHaveText(matches(n));
  }

  // Seen in exams: the wrong one, by the German authority or any; not by another one.
  await include(page).selectOption({ label: "All questions" });
  const seen = page.getByTestId("practice-seen-in-exam");
  await expect(seen.getByRole("slider", { name: "Within" })).toBeDisabled();
  await seen.getByText("Seen in exams", { exact: true }).check();
  await expect(seen.getByRole("slider", { name: "Within" })).toHaveValue("12");
  await expect(count(page)).toHaveText(matches(1));
  await seen.getByLabel("Authority").selectOption("de_lba");
  await expect(count(page)).toHaveText(matches(1));
  await seen.getByLabel("Authority").selectOption("uk_caa");
  await expect(count(page)).toHaveText(matches(0));
  await expect(page.getByText(NO_QUESTIONS)).toBeVisible();
  await seen.getByRole("slider", { name: "Within" }).fill("1");
  await expect(seen).toContainText("1 month");

  // The wrong answer's test: a practice test of wrong_before holds exactly that question.
  await seen.getByText("Seen in exams", { exact: true }).uncheck();
  await include(page).selectOption({ label: "Answered wrong before" });
  await page.getByLabel("Number of questions").fill("5");
  await expect(page.getByTestId("practice-test-size")).toHaveText("Your test: 1 question");
  await startButton(page).click();
  await page.getByRole("dialog").getByTestId("practice-start").click();
  await expect(page.getByTestId("question")).toContainText(stripHtml(first.question).slice(0, 30));
});

test("keywords and references as tags, each disabling the other; the no-questions message", async ({ page }) => {
  await openBuilder(page, "All subjects");
  const keywords = page.getByLabel("Keywords", { exact: true });
  const references = page.getByLabel("References", { exact: true });
  const chicago = BANK.filter((q) => stripHtml(q.question).toLowerCase().includes("chicago")).length;
  expect(chicago).toBeGreaterThan(0);

  await addTags(page, "Keywords", "Chicago");
  await expect(page.getByTestId("keywords-tag")).toHaveText(["Chicago×"]);
  await expect(count(page)).toHaveText(matches(chicago));
  await expect(references).toBeDisabled();
  await addTags(page, "Keywords", "zzqxv");
  await expect(count(page)).toHaveText(matches(0));
  await expect(page.getByText(NO_QUESTIONS)).toBeVisible();
  await page.getByLabel("Number of questions").fill("10");
  await expect(startButton(page)).toBeDisabled();
  await shootAtSizes(page, "practice-no-questions", { fullPage: true });

  await page.getByRole("button", { name: "Remove zzqxv" }).click();
  await page.getByRole("button", { name: "Remove Chicago" }).click();
  await expect(references).toBeEnabled();
  await addTags(page, "References", "010-001 050-");
  await expect(page.getByTestId("references-tag")).toHaveCount(2);
  await expect(keywords).toBeDisabled();
  const refs = BANK.filter((q) => q.reference.startsWith("010-001") || q.reference.startsWith("050-")).length;
  await expect(count(page)).toHaveText(matches(refs));
});

test("question count, Most recent and the date-added slider, sort, summary and Start", async ({ page }) => {
  await openBuilder(page, "All subjects");
  const number = page.getByLabel("Number of questions");
  const all = page.locator("label", { hasText: "All questions" });
  await number.fill("abc");
  await expect(number).toHaveValue("");
  await number.fill("-5");
  await expect(number).toHaveValue("");
  await number.fill("40000");
  await expect(number).toHaveValue("30000");
  // Ticking all clears the number; typing a number unticks it.
  await all.check();
  await expect(number).toHaveValue("");
  await number.fill("25");
  await expect(all).not.toBeChecked();

  // Most recent: the slider moves only with it on; the count is capped at the limit.
  const recent = page.getByTestId("practice-most-recent");
  await expect(recent.getByRole("slider", { name: "Date added" })).toBeDisabled();
  await number.fill("500");
  await recent.getByText("Most recent", { exact: true }).check();
  await expect(recent.getByRole("slider", { name: "Date added" })).toHaveValue("200");
  await expect(number).toHaveValue("200");
  await expect(count(page)).toHaveText(matches(200));
  await recent.getByRole("slider", { name: "Date added" }).fill("100");
  await expect(number).toHaveValue("100");
  await expect(count(page)).toHaveText(matches(100));

  // The newest three, newest first.
  await page.getByLabel("Sort").selectOption("date_desc");
  await number.fill("3");
  await page.getByRole("radiogroup", { name: "Show answers" }).locator("label", { hasText: "After choice" }).click();
  await startButton(page).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Practice summary" })).toBeVisible();
  await expect(dialog.getByTestId("summary-strip")).toContainText("Questions 3");
  await expect(dialog.getByTestId("practice-summary")).toContainText("Date added (newest first)");
  await expect(dialog.getByTestId("practice-summary")).toContainText("After choice");
  await shootAtSizes(page, "practice-summary", { fullPage: true });
  await dialog.getByTestId("practice-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  const tests = (await readDeviceStores(page, ["userTests"])).userTests as {
    id: string;
    question_ids: number[];
    display_answers: string;
  }[];
  const created = tests.find((t) => t.id === testId);
  const newest = [...BANK]
    .sort((a, b) => b.added.localeCompare(a.added) || b.id - a.id)
    .slice(0, 100)
    .sort((a, b) => b.added.localeCompare(a.added) || a.id - b.id)
    .slice(0, 3)
    .map((q) => q.id);
  expect(created?.question_ids).toEqual(newest);
  expect(created?.display_answers).toBe("after_choice");
});

test("ticking all questions says 'Starting test... This may take a while'", async ({ page }) => {
  await openBuilder(page, "Meteorology");
  await page.locator("label", { hasText: "All questions" }).check();
  await expect(page.getByTestId("practice-test-size")).toHaveText(`Your test: ${inSubject("050").length} questions`);
  await startButton(page).click();
  // Record the message however briefly it shows.
  await page.evaluate(() => {
    const w = window as unknown as { __sawStarting?: boolean };
    w.__sawStarting = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes("Starting test... This may take a while")) w.__sawStarting = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("dialog").getByTestId("practice-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => (window as unknown as { __sawStarting?: boolean }).__sawStarting)).toBe(true);
  await expect(page.getByTestId("question-number")).toContainText(
    `/ ${String(inSubject("050").length).padStart(3, "0")}`,
  );
});

test("offline: date added, seen in exam, authority and the date sorts are hidden; the test is built on the device", async ({
  page,
  context,
}) => {
  await context.setOffline(true);
  await openBuilder(page, "Meteorology");
  await expect(page.getByTestId("practice-most-recent")).toHaveCount(0);
  await expect(page.getByTestId("practice-seen-in-exam")).toHaveCount(0);
  await expect(page.getByLabel("Sort").locator("option")).toHaveText(["Random", "Sequential (syllabus order)"]);
  await shootAtSizes(page, "practice-offline", { fullPage: true });
  await page.getByLabel("Number of questions").fill("5");
  await startButton(page).click();
  await page.getByRole("dialog").getByTestId("practice-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  await expect(page.getByTestId("question-number")).toContainText("/ 005");
  const created = (
    (await readDeviceStores(page, ["userTests"])).userTests as { id: string; question_ids: number[] }[]
  ).find((t) => t.id === testId);
  const meteorology = new Set(inSubject("050").map((q) => q.id));
  expect(created?.question_ids).toHaveLength(5);
  expect(created?.question_ids.every((id) => meteorology.has(id))).toBe(true);
  expect(serverTest(testId)).toBeUndefined();
  await context.setOffline(false);
  await expect.poll(() => serverTest(testId)?.id ?? null, { timeout: 30_000 }).toBe(testId);
});
