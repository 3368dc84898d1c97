import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./support/env.ts";
import { afterTwoFrames, shownCount, visibleItemsFit } from "./support/fit-to-box.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { serverUserId } from "./support/server-db.ts";
import { numberText, waitForSynced } from "./support/server-questions.ts";
import { expect, test } from "./support/shared-device.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * The Flagged Questions page and the dashboard's 'Recently flagged questions', in Chromium
 * against the real server: flagged in a test, listed and filtered from the device, opened at
 * #question-{id}, unflagged, made into a test, and all of it with the network off.
 *
 * Which empty message shows when:
 * - nothing flagged on the device: 'You haven't flagged any questions yet';
 * - flags, but the subject cleared (the list is per subject; it opens on the subject flagged
 *   last): 'You must select a subject to view flagged questions';
 * - a subject chosen and nothing passes the filters: 'No questions match your filters'.
 */

const NONE_FLAGGED = "You haven't flagged any questions yet";
const SELECT_SUBJECT = "You must select a subject to view flagged questions";
const NO_MATCH = "No questions match your filters";
const RECENT_EMPTY = "Your flagged questions will appear here.";

/** A flagged question as the device holds it. */
interface DeviceFlagged {
  id: number;
  subject: string;
  topic: string;
  reference: string;
  text: string;
}

/** The demo student's flag on a question (other specs of this worker flag as other students). */
function serverFlag(questionId: number): number | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select flagged from flags where question_id = ? and user_id = ?")
      .get(questionId, serverUserId("student@preflight.test")) as { flagged: number } | undefined;
    return row?.flagged;
  } finally {
    db.close();
  }
}

function serverTestQuestionCount(testId: string): number {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select count(*) as n from user_test_questions where user_test_id = ?").get(testId) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

/** Reads the device's own store (IndexedDB): its flagged questions, most recently flagged first. */
function deviceFlagged(page: Page): Promise<DeviceFlagged[]> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n?.startsWith("preflight-user-"));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name as string);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const flags = (await all<{ questionId: number; flagged: boolean; updatedAt: string }>("flags"))
      .filter((f) => f.flagged)
      .sort((a, b) => (a.updatedAt === b.updatedAt ? a.questionId - b.questionId : a.updatedAt < b.updatedAt ? 1 : -1));
    const questions = new Map(
      (
        await all<{ id: number; subject: string; syllabus_code: string; reference: string; question: string }>(
          "questions",
        )
      ).map((q) => [q.id, q]),
    );
    db.close();
    return flags.flatMap((f) => {
      const q = questions.get(f.questionId);
      return q
        ? [
            {
              id: q.id,
              subject: q.subject,
              topic: q.syllabus_code.split(".").slice(0, 2).join("."),
              reference: q.reference,
              text: q.question,
            },
          ]
        : [];
    });
  });
}

/**
 * Puts flags straight into the device's store, for lists longer than a test's worth of
 * flagging (paging needs more than ten in one subject). The page is reloaded to read them.
 */
async function seedDeviceFlags(page: Page, perSubject: Record<string, number>): Promise<void> {
  await page.evaluate(async (wanted) => {
    const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n?.startsWith("preflight-user-"));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name as string);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    let second = 0;
    for (const [subject, count] of Object.entries(wanted)) {
      const ids = await new Promise<number[]>((resolve, reject) => {
        const request = db.transaction("questions").objectStore("questions").index("subject").getAllKeys(subject);
        request.onsuccess = () => resolve((request.result as number[]).slice(0, count));
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction("flags", "readwrite");
        for (const questionId of ids) {
          second++;
          const updatedAt = new Date(Date.UTC(2026, 10, 1, 9, 0, second)).toISOString();
          tx.objectStore("flags").put({ questionId, flagged: true, updatedAt });
        }
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    }
    db.close();
  }, perSubject);
  await page.reload();
}

/** The page starts from no flags on this device (and on the server, once synced). */
async function startClean(page: Page): Promise<void> {
  await page.getByTestId("nav-flagged").click();
  await expect(page).toHaveURL(/\/test\/flagged$/);
  const removeAll = page.getByTestId("remove-all");
  if (await removeAll.isEnabled()) {
    await removeAll.click();
    await page.getByTestId("confirm-remove-all").click();
  }
  await expect(page.getByTestId("flagged-empty")).toHaveText(NONE_FLAGGED);
  await waitForSynced(page);
}

/** Flags the first `count` questions of a practice test, then leaves it for the dashboard. */
async function flagInATest(page: Page, count: number, seed = 11): Promise<void> {
  await startTest(page, { count: 10, seed });
  for (let n = 1; n <= count; n++) {
    const flag = page.getByTestId("flag-button");
    await flag.click();
    await expect(flag).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("next").click();
    await expect(page.getByTestId("question-number")).toHaveText(numberText(n + 1, 10));
  }
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByTestId("confirm-leave").click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const cards = (page: Page) => page.getByTestId("flagged-card");
// Exact: the dashboard's review card, still on screen while the page loads, is labelled "Due by subject".
const subjectFilter = (page: Page) => page.getByLabel("Subject", { exact: true });
const topicFilter = (page: Page) => page.getByLabel("Topic", { exact: true });
const containsFilter = (page: Page) => page.getByLabel("Contains", { exact: true });

async function cardRefs(page: Page): Promise<string[]> {
  return page.getByTestId("flagged-card-ref").allTextContents();
}

test("flagged in a test: the dashboard lists them newest first; the page filters by subject, topic and contains", async ({
  page,
}) => {
  await startClean(page);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("recently-flagged")).toContainText(RECENT_EMPTY);

  await flagInATest(page, 6);
  const flagged = await deviceFlagged(page);
  expect(flagged).toHaveLength(6);
  const newest = flagged[0] as DeviceFlagged;

  // The dashboard: most recently flagged first; what does not fit the box is hidden, not cut.
  // How many fit a given window depends on the recent tests above (other specs' tests of this
  // student reach the device too), so the window grows until all six show.
  const recent = page.getByTestId("recent-flagged");
  await expect(recent.first()).toContainText(newest.reference);
  await shootAtSizes(page, "dashboard-recently-flagged", { fullPage: true });
  const box = page.getByTestId("recently-flagged").getByRole("list");
  const shown: number[] = [];
  for (const height of [640, 720, 800, 880, 960, 1120, 1400]) {
    await page.setViewportSize({ width: 1280, height });
    await afterTwoFrames(page); // the window's resize and the box's observer have run
    await expect.poll(() => visibleItemsFit(box, recent)).toBe(true);
    expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    shown.push(await shownCount(recent));
  }
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
  expect(shown.at(-1)).toBe(6);
  expect(shown.some((n) => n > 0 && n < 6)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // 'View all': the list is per subject, and opens on the subject flagged last.
  await page.getByRole("link", { name: "View all" }).click();
  await expect(page).toHaveURL(/\/test\/flagged$/);
  await expect(subjectFilter(page)).toHaveValue(newest.subject);
  await expect(page.getByTestId("flagged-empty")).toHaveCount(0);
  await expect(cardRefs(page)).resolves.toContain(newest.reference);

  // Subject: that subject's flagged questions, newest first, as stripped text and REF.
  await subjectFilter(page).selectOption(newest.subject);
  await expect(topicFilter(page)).toBeEnabled();
  await expect(containsFilter(page)).toBeEnabled();
  const inSubject = flagged.filter((f) => f.subject === newest.subject);
  await expect(cards(page)).toHaveCount(inSubject.length);
  expect(await cardRefs(page)).toEqual(inSubject.map((f) => f.reference));
  for (const text of await page.getByTestId("flagged-card-text").allTextContents()) expect(text).not.toMatch(/<|>/);

  // Topic: the bank's topics of the subject.
  await topicFilter(page).selectOption(newest.topic);
  const inTopic = inSubject.filter((f) => f.topic === newest.topic);
  expect(await cardRefs(page)).toEqual(inTopic.map((f) => f.reference));
  await topicFilter(page).selectOption("");

  // Contains: any case, in the text without its html.
  const word = newest.text
    .replace(/<[^>]*>/g, " ")
    .split(/[^A-Za-z]+/)
    .find((w) => w.length >= 6) as string;
  await containsFilter(page).fill(word.toUpperCase());
  await expect(page.getByTestId("flagged-card-ref").first()).toBeVisible();
  expect(await cardRefs(page)).toContain(newest.reference);
  for (const text of await page.getByTestId("flagged-card-text").allTextContents())
    expect(text.toLowerCase()).toContain(word.toLowerCase());
  await containsFilter(page).fill("zqxj nothing like this");
  await expect(page.getByTestId("flagged-empty")).toHaveText(NO_MATCH);

  // A subject with no flags says nothing matches; clearing the subject clears and disables the rest.
  const unflaggedSubject = await subjectFilter(page).evaluate(
    (select: HTMLSelectElement, used) =>
      [...select.options].map((o) => o.value).find((v) => v !== "" && !used.includes(v)) ?? "",
    flagged.map((f) => f.subject),
  );
  await subjectFilter(page).selectOption(unflaggedSubject);
  await expect(page.getByTestId("flagged-empty")).toHaveText(NO_MATCH);
  await subjectFilter(page).selectOption("");
  await expect(page.getByTestId("flagged-empty")).toHaveText(SELECT_SUBJECT);
  await expect(containsFilter(page)).toHaveValue("");
  await expect(containsFilter(page)).toBeDisabled();
});

test("the detail view at #question-{id}: from the dashboard, by its address, arrow keys, unflag, Remove all", async ({
  page,
}) => {
  await startClean(page);
  await flagInATest(page, 4, 12);
  const flagged = await deviceFlagged(page);
  expect(flagged).toHaveLength(4);
  const [first, second, third, fourth] = flagged as [DeviceFlagged, DeviceFlagged, DeviceFlagged, DeviceFlagged];

  // From the dashboard: the question, numbered among every flagged question, answers revealed.
  // (A window tall enough to show the second: how many fit depends on the recent tests above.)
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.getByTestId("recent-flagged").nth(1).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page).toHaveURL(new RegExp(`/test/flagged#question-${second.id}$`));
  await expect(page.getByTestId("question-number")).toHaveText(numberText(2, 4));
  await expect(page.getByTestId("question-reference")).toHaveText(second.reference);
  await expect(page.getByTestId("flag-button")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("seen-count")).toHaveText("0");
  await expect(page.getByTestId("explanation")).toBeVisible();
  // The flagged variant of the information card: when it was flagged, not the test statistics.
  await expect(page.getByTestId("info-card")).toContainText("Flagged");
  await expect(page.getByTestId("stat-answered")).toHaveCount(0);

  // Arrow keys step through; the first question has no previous.
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`#question-${third.id}$`));
  await expect(page.getByTestId("question-number")).toHaveText(numberText(3, 4));
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("question-number")).toHaveText(numberText(1, 4));
  await expect(page.getByTestId("question-reference")).toHaveText(first.reference);
  await expect(page.getByTestId("previous")).toBeDisabled();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("question-number")).toHaveText(numberText(1, 4));
  await page.getByRole("navigation", { name: "Flagged questions" }).getByRole("button").nth(3).click();
  await expect(page.getByTestId("question-reference")).toHaveText(fourth.reference);

  // Opened directly by its address (a new page load).
  await page.goto(`/test/flagged/#question-${third.id}`);
  await expect(page.getByTestId("question-number")).toHaveText(numberText(3, 4));
  await expect(page.getByTestId("question-reference")).toHaveText(third.reference);

  // The flag toggle unflags through the outbox; the question stays on screen until the list.
  await page.getByTestId("flag-button").click();
  await expect(page.getByTestId("flag-button")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("question-number")).toHaveText(numberText(3, 4));
  await waitForSynced(page);
  await expect.poll(() => serverFlag(third.id)).toBe(0);

  // Clearing the fragment returns to the list.
  await page.getByTestId("back-to-list").click();
  await expect(page).toHaveURL(/\/test\/flagged$/);
  await expect(subjectFilter(page)).not.toHaveValue("");
  await subjectFilter(page).selectOption("");
  await expect(page.getByTestId("flagged-empty")).toHaveText(SELECT_SUBJECT);

  // The delete button of a card unflags that question.
  await subjectFilter(page).selectOption(first.subject);
  const before = await cards(page).count();
  await cards(page).filter({ hasText: first.reference }).getByTestId("unflag-card").click();
  await expect(cards(page)).toHaveCount(before - 1);
  await waitForSynced(page);
  await expect.poll(() => serverFlag(first.id)).toBe(0);
  expect((await deviceFlagged(page)).map((f) => f.id)).toEqual([second.id, fourth.id]);

  // Remove all empties the list, on the device and on the server.
  await page.getByTestId("remove-all").click();
  await expect(page.getByRole("dialog")).toContainText("All 2 of your flagged questions will be unflagged.");
  await page.getByTestId("confirm-remove-all").click();
  await expect(page.getByTestId("flagged-empty")).toHaveText(NONE_FLAGGED);
  await waitForSynced(page);
  expect([second.id, fourth.id].map(serverFlag)).toEqual([0, 0]);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("recently-flagged")).toContainText(RECENT_EMPTY);
});

test("pages of ten with arrows only when there is more than one page; Create test with each Include choice", async ({
  page,
}) => {
  await startClean(page);
  await seedDeviceFlags(page, { "010": 23, "050": 3 });
  await expect(subjectFilter(page)).not.toHaveValue("");

  await subjectFilter(page).selectOption("010");
  await expect(page.getByTestId("flagged-count")).toHaveText("23 flagged questions");
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByTestId("flagged-page")).toHaveText("Page 1 of 3");
  await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();
  const firstPage = await cardRefs(page);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByTestId("flagged-page")).toHaveText("Page 2 of 3");
  expect(await cardRefs(page)).not.toEqual(firstPage);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByTestId("flagged-page")).toHaveText("Page 3 of 3");
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
  await shootAtSizes(page, "flagged-list", { fullPage: true });

  // Changing Contains goes back to page 1.
  await containsFilter(page).fill("a");
  await expect(page.getByTestId("flagged-page")).toHaveText(/^Page 1 of \d+$/);
  await containsFilter(page).fill("");
  // One page: no arrows.
  await subjectFilter(page).selectOption("050");
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByTestId("flagged-pagination")).toHaveCount(0);

  // The detail view, for the screenshots.
  await cards(page).first().getByRole("button").first().click();
  await expect(page.getByTestId("flagged-detail")).toBeVisible();
  await shootAtSizes(page, "flagged-detail", { fullPage: true });
  await page.getByTestId("back-to-list").click();

  // Include: Filtered questions (the three of 050), answers after each choice.
  await page.getByTestId("create-test").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Show answers");
  await expect(dialog).toContainText("All (26)");
  await expect(dialog).toContainText("Filtered questions (3)");
  await shootAtSizes(page, "flagged-create-test", { fullPage: true });
  await dialog.getByText("After choice").click();
  await dialog.getByText("Filtered questions").click();
  await page.getByTestId("create-test-next").click();
  await expect(page.getByTestId("summary-strip")).toContainText("Questions 3");
  await expect(page.getByTestId("summary-strip")).toContainText("Pass mark 2 / 3");
  await shootAtSizes(page, "flagged-test-summary", { fullPage: true });
  await page.getByTestId("start-test").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  const filteredTestId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  await expect(page.getByTestId("question-number")).toHaveText(numberText(1, 3));
  await expect(page.getByTestId("confirm-answer")).toBeVisible();
  await waitForSynced(page);
  await expect.poll(() => serverTestQuestionCount(filteredTestId)).toBe(3);

  // Include: All, answers after the test.
  await page.getByTestId("nav-flagged").click();
  await page.getByTestId("confirm-leave").click();
  await subjectFilter(page).selectOption("");
  await page.getByTestId("create-test").click();
  await expect(dialog).toContainText("Filtered questions (0)");
  await dialog.getByText("After test").click();
  await page.getByTestId("create-test-next").click();
  await expect(page.getByTestId("summary-strip")).toContainText("Questions 26");
  await expect(page.getByTestId("summary-strip")).toContainText("Pass mark 20 / 26");
  // A device that cannot store the test (its storage is full) says so and stays on the page.
  await page.evaluate(() => {
    const original = IDBObjectStore.prototype.add;
    (window as unknown as { restoreAdd: () => void }).restoreAdd = () => {
      IDBObjectStore.prototype.add = original;
    };
    IDBObjectStore.prototype.add = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await page.getByTestId("start-test").click();
  await expect(page.getByText("Could not start test")).toBeVisible();
  await expect(page).toHaveURL(/\/test\/flagged$/);
  await page.evaluate(() => (window as unknown as { restoreAdd: () => void }).restoreAdd());
  await page.getByTestId("create-test").click();
  await dialog.getByText("After test").click();
  await page.getByTestId("create-test-next").click();
  await page.getByTestId("start-test").click();
  await expect(page.getByTestId("question-number")).toHaveText(numberText(1, 26));
  await expect(page.getByTestId("confirm-answer")).toHaveCount(0);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByTestId("confirm-leave").click();
  await expect(page.getByTestId("recent-test").first()).toContainText("Flagged questions");
});

test("with the network off the page still lists, filters, opens, unflags and builds a test", async ({
  page,
  context,
}) => {
  await startClean(page);
  await flagInATest(page, 3, 13);
  await waitForSynced(page);
  const flagged = await deviceFlagged(page);
  const [newest] = flagged as [DeviceFlagged];

  await context.setOffline(true);
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await page.getByTestId("nav-flagged").click();
  await page.reload(); // served by the service worker, read from the device
  await subjectFilter(page).selectOption(newest.subject);
  await expect(cards(page)).toHaveCount(flagged.filter((f) => f.subject === newest.subject).length);
  await topicFilter(page).selectOption(newest.topic);
  await expect(cards(page).first()).toContainText(newest.reference);

  await cards(page).first().getByRole("button").first().click();
  await expect(page.getByTestId("question-reference")).toHaveText(newest.reference);
  await page.getByTestId("flag-button").click();
  await expect(page.getByTestId("flag-button")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("pending-count")).toHaveText(/^[1-9]\d* pending$/);
  await page.getByTestId("back-to-list").click();
  await expect(cards(page).filter({ hasText: newest.reference })).toHaveCount(0);

  await page.getByTestId("create-test").click();
  await expect(page.getByRole("dialog")).toContainText("All (2)");
  await page.getByTestId("create-test-next").click();
  await page.getByTestId("start-test").click();
  await expect(page.getByTestId("question-number")).toHaveText(numberText(1, 2));

  await context.setOffline(false);
  await waitForSynced(page);
  await expect.poll(() => serverFlag(newest.id)).toBe(0);
});
