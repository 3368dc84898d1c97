import { expect, type Page, test } from "@playwright/test";
import { answerHistory } from "@preflight/sync-protocol/rules/analysis";
import {
  type CoverageNode,
  coverageNodes,
  isUnder,
  objectiveCoverage,
} from "@preflight/sync-protocol/rules/objective-coverage";
import { openDatabase } from "../../api/src/db/connect.ts";
import { analysisInput } from "../../api/src/routes/analysis/queries.ts";
import { checkScreen } from "./support/axe.ts";
import { E2E_DATABASE } from "./support/env.ts";
import { createStudent, readServerDb, serverUserId } from "./support/server-db.ts";
import { numberText } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * Learning objectives with coverage (issue 19): a subject's objectives as a tree with, at each
 * node, the questions of the student's bank, how many they answered and how many right, drawn on
 * the device; the same figures as the server's records give by the same rule; and a practice test
 * started from a node holds only that node's questions.
 */

const SUBJECT = "010";
const ANSWERS = 12;

/** A practice test of Air Law questions, every one answered, finished. */
async function practiseAirLaw(page: Page): Promise<void> {
  await startTest(page, { subject: "Air Law", count: ANSWERS, display: "After test", seed: 19 });
  for (let n = 1; n <= ANSWERS; n++) {
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n, ANSWERS));
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByRole("dialog")).toContainText("All questions are answered.");
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(/\/test\/results\//);
}

async function waitForSync(page: Page): Promise<void> {
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
}

/** The subject's coverage from the server's own tables, by the shared rule. */
async function serverCoverage(email: string): Promise<CoverageNode> {
  const userId = serverUserId(email);
  const { syllabusId, licence, title, headings, objectives, named } = readServerDb((db) => {
    const user = db.prepare("select syllabus_id from users where id = ?").get(userId) as { syllabus_id: number };
    return {
      syllabusId: user.syllabus_id,
      licence: (db.prepare("select licence from syllabi where id = ?").get(user.syllabus_id) as { licence: string })
        .licence,
      title: (db.prepare("select title from subjects where code = ?").get(SUBJECT) as { title: string }).title,
      headings: db.prepare("select code, title from syllabus_nodes where subject = ?").all(SUBJECT) as {
        code: string;
        title: string;
      }[],
      objectives: (
        db.prepare("select code, text, courses from learning_objectives where subject = ?").all(SUBJECT) as {
          code: string;
          text: string;
          courses: string;
        }[]
      ).map((o) => ({ ...o, courses: JSON.parse(o.courses) as string[] })),
      // Each question's objectives, from its current version.
      named: new Map(
        (
          db
            .prepare(
              `select q.id, v.content from questions q
                 join question_versions v on v.question_id = q.id and v.version = q.current_version
                where q.subject = ?`,
            )
            .all(SUBJECT) as { id: number; content: string }[]
        ).map((r) => [r.id, (JSON.parse(r.content) as { learning_objectives: string[] }).learning_objectives]),
      ),
    };
  });
  const { db } = openDatabase(E2E_DATABASE);
  try {
    const input = await analysisInput(db, userId, syllabusId);
    return objectiveCoverage({
      subject: { code: SUBJECT, title },
      headings,
      objectives,
      questions: input.bank
        .filter((q) => q.subject === SUBJECT)
        .map((q) => ({ id: q.id, objectives: named.get(q.id) ?? [] })),
      history: answerHistory(input),
      course: licence,
    });
  } finally {
    await db.destroy();
  }
}

/** Every row on the page as its figures: code → [questions, answered, right]. */
async function rowsOnPage(page: Page): Promise<Map<string, number[]>> {
  const rows = await page
    .getByTestId("objective-row")
    .evaluateAll((els) =>
      els.map((el) => [
        el.getAttribute("data-code") ?? "",
        ["questions", "answered", "correct"].map((k) => Number(el.getAttribute(`data-${k}`))),
      ]),
    );
  return new Map(rows as [string, number[]][]);
}

test("a subject's learning objectives show the server's counts, and a practice test from a node holds only its questions", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent("objectives");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);
  await practiseAirLaw(page);
  await waitForSync(page);

  // From the analysis page's Subject tab to the subject's learning objectives.
  await page.goto("/analysis#subject");
  await page.getByLabel("Filter by subject").selectOption(SUBJECT);
  await page.getByTestId("topic-objectives-link").click();
  await expect(page).toHaveURL(new RegExp(`/objectives/${SUBJECT}$`));
  await expect(page.getByTestId("objectives-title")).toHaveText("Learning objectives");

  await expect.poll(async () => (await serverCoverage(student.email)).answered, { timeout: 30_000 }).toBe(ANSWERS);
  const server = await serverCoverage(student.email);
  await expect(page.getByTestId("objectives-summary-figures")).toHaveText(
    `${server.answered} of ${server.questions} questions answered · ${server.rate}% right`,
  );
  // Collapsed below the topics: the topics alone, with the server's figures.
  const topics = server.children;
  await expect(page.getByTestId("objective-row")).toHaveCount(topics.length);
  // Every node, once expanded, has the server's figures.
  await page.getByTestId("objectives-expand").click();
  const all = [...coverageNodes(server)].slice(1);
  await expect(page.getByTestId("objective-row")).toHaveCount(all.length);
  const shown = await rowsOnPage(page);
  for (const node of all)
    expect(shown.get(node.code), node.code).toEqual([node.questions, node.answered, node.correct]);
  await page.getByTestId("objectives-collapse").click();
  await expect(page.getByTestId("objective-row")).toHaveCount(topics.length);

  // A heading opens by keyboard and says so.
  const firstToggle = page.getByTestId("objective-toggle").first();
  await firstToggle.focus();
  await page.keyboard.press("Enter");
  await expect(firstToggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Space");
  await expect(firstToggle).toHaveAttribute("aria-expanded", "false");

  // The filter: objectives below 75 % right are the server's.
  await page.getByLabel("Show").selectOption({ label: "Below 75% right" });
  await page.getByTestId("objectives-expand").click();
  const below = [...coverageNodes(server)].filter((n) => n.level === "objective" && n.rate !== null && n.rate < 75);
  const listed = [...(await rowsOnPage(page)).keys()].filter((code) => code.split(".").length === 5);
  expect(listed).toEqual(below.map((n) => n.code));

  expect(await checkScreen(page, "objectives")).toEqual([]);
  await page.getByLabel("Show").selectOption({ label: "All objectives" });
  await page.getByTestId("objectives-collapse").click();
  expect(await checkScreen(page, "objectives-topics")).toEqual([]);

  // Practice from a topic with answers: a test of that topic's questions only.
  const topic = topics.find((t) => t.answered > 0) as CoverageNode;
  await page
    .locator(`[data-testid="objective-row"][data-code="${topic.code}"]`)
    .getByTestId("objective-practice")
    .click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  // The pending count can read 0 a moment before the new test is queued: wait on the server.
  const serverQuestions = () =>
    readServerDb(
      (db) =>
        db
          .prepare(
            `select v.content from user_test_questions t
               join question_versions v on v.question_id = t.question_id and v.version = t.question_version
              where t.user_test_id = ?`,
          )
          .all(testId) as { content: string }[],
    ).map((r) => JSON.parse(r.content) as { id: number; learning_objectives: string[] });
  await expect.poll(() => serverQuestions().length, { timeout: 30_000 }).toBe(Math.min(20, topic.questions));
  const questions = serverQuestions();
  for (const q of questions)
    expect(
      q.learning_objectives.some((lo) => isUnder(lo, topic.code, SUBJECT)),
      `${q.id} ${q.learning_objectives.join(" ")} under ${topic.code}`,
    ).toBe(true);
});
