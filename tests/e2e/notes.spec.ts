import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { newDevice } from "./support/devices.ts";
import { createStudent, readServerDb, serverTest, serverUserId } from "./support/server-db.ts";
import { numberText, serverQuestionAt, waitForSynced } from "./support/server-questions.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * Personal notes on questions (issue 19), in Chromium against the real server, with a student
 * of their own (their notes are counted on the server):
 *
 *   tablet, offline: a practice test; the first question flagged and given a note in the side
 *                    panel (autosaved, 'Saved on this device…', nothing on the server yet);
 *                    the test finished, still offline
 *   tablet, online:  the note reaches the server (its SQLite file holds it, once)
 *   laptop:          signs in (a second browser context): the note is in the results review,
 *                    in the flagged list (Contains finds it), in the flagged question's side
 *                    panel, on My notes (searched; the tab beside it), and the practice builder counts the question
 *                    under 'With my notes' and 'My notes containing'; cleared there, the server
 *                    keeps it cleared
 *
 * Every new screen is checked by axe in both themes at the laptop and tablet sizes (and
 * photographed at the three sizes with SHOTS_DIR).
 */

const SEED = 21;
const TOTAL = 10;
const SAVED_ON_DEVICE = "Saved on this device; it will reach the server when you are online";
const NOTE = "Mnemonic for the pilot: QNH on the ground reads field elevation.\nAsk the tower, then set it.";

function serverNotes(userId: string): { question_id: number; text: string }[] {
  return readServerDb(
    (db) =>
      db.prepare("select question_id, text from question_notes where user_id = ? order by question_id").all(userId) as {
        question_id: number;
        text: string;
      }[],
  );
}

const noteText = (page: Page) => page.getByTestId("note-text");
const noteStatus = (page: Page) => page.getByTestId("note-status");

test("a note written offline on the tablet's test reaches the server and shows on the laptop everywhere notes are", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const student = await createStudent("notes");
  const violations: string[] = [];
  let tablet: BrowserContext | undefined;
  let laptop: BrowserContext | undefined;
  try {
    // --- The tablet, offline in a test -----------------------------------------------------
    const t = await newDevice(browser, { width: 768, height: 1024 });
    tablet = t.context;
    const page = t.page;
    await signIn(page, student.email, student.password);
    const userId = serverUserId(student.email);
    await waitUntilReadyOffline(page);
    await tablet.setOffline(true);
    const testId = await startTest(page, { display: "After test", count: TOTAL, seed: SEED });
    await expect(page.getByTestId("sync-status")).toContainText("Offline");
    await expect(page.getByTestId("question-number")).toHaveText(numberText(1, TOTAL));

    await page.getByTestId("flag-button").click();
    await expect(page.getByTestId("flag-button")).toHaveAttribute("aria-pressed", "true");
    // The side panel's note: typed keys are the note's, not the test's shortcuts (letters choose answers).
    await expect(noteText(page)).toBeEnabled();
    await expect(page.getByTestId("note-count")).toHaveText("0 / 2,000 characters");
    await noteText(page).pressSequentially("abc ");
    await expect(noteText(page)).toHaveValue("abc ");
    await noteText(page).fill(NOTE);
    await expect(page.getByTestId("question").locator("input:checked")).toHaveCount(0);
    await expect(noteStatus(page)).toHaveText(SAVED_ON_DEVICE);
    await expect(page.getByTestId("note-count")).toHaveText(`${NOTE.length} / 2,000 characters`);
    expect(serverNotes(userId)).toEqual([]);
    violations.push(...(await checkScreen(page, "notes-test-side-panel")));

    // A character over the limit cannot be typed (the field stops at 2,000).
    await noteText(page).fill("x".repeat(2001));
    await expect(noteText(page)).toHaveValue("x".repeat(2000));
    await expect(page.getByTestId("note-count")).toHaveText("2,000 / 2,000 characters");
    await noteText(page).fill(NOTE);
    await expect(noteStatus(page)).toHaveText(SAVED_ON_DEVICE);

    // The note stays with its question: on to the next one and back.
    await page.getByTestId("next").click();
    await expect(page.getByTestId("question-number")).toHaveText(numberText(2, TOTAL));
    await expect(noteText(page)).toHaveValue("");
    await page.getByTestId("previous").click();
    await expect(page.getByTestId("question-number")).toHaveText(numberText(1, TOTAL));
    await expect(noteText(page)).toHaveValue(NOTE);

    await page.getByTestId("finish").click();
    await page.getByTestId("confirm-finish").click();
    await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
    expect(serverNotes(userId)).toEqual([]);

    // --- Online again: the note reaches the server, once ------------------------------------
    await tablet.setOffline(false);
    await waitForSynced(page);
    const question = serverQuestionAt(testId, 1);
    if (!question) throw new Error("the test did not reach the server");
    expect(serverTest(testId)?.finished_at).not.toBeNull();
    await expect.poll(() => serverNotes(userId)).toEqual([{ question_id: question.id, text: NOTE }]);
    const writes = readServerDb(
      (db) =>
        db
          .prepare("select count(*) as n from mutations where user_id = ? and call = 'POST /api/question/note'")
          .get(userId) as { n: number },
    );
    expect(writes.n).toBeGreaterThanOrEqual(1);

    // --- The laptop: another browser context, the same student --------------------------------
    const l = await newDevice(browser, { width: 1280, height: 800 });
    laptop = l.context;
    const other = l.page;
    await signIn(other, student.email, student.password);

    // The results review of that question: the note, with its saved state.
    await other.goto(`/test/results/${testId}#explanation-${question.id}`);
    await expect(other.getByTestId("review")).toBeVisible();
    await expect(noteText(other)).toHaveValue(NOTE);
    await expect(noteStatus(other)).toHaveText("Saved");
    violations.push(...(await checkScreen(other, "notes-results-review")));

    // The flagged list: the card shows the note, and Contains finds the question by it.
    await other.goto("/test/flagged");
    await expect(other.getByLabel("Subject", { exact: true })).toHaveValue(question.subject);
    await expect(other.getByTestId("flagged-card-note")).toHaveText(`My note: ${NOTE}`);
    await other.getByLabel("Contains").fill("FIELD ELEVATION");
    await expect(other.getByTestId("flagged-card")).toHaveCount(1);
    await expect(other.getByTestId("flagged-card-ref")).toHaveText(question.reference);
    violations.push(...(await checkScreen(other, "notes-flagged-list")));
    await other.getByLabel("Contains").fill("nothing like this in any note");
    await expect(other.getByTestId("flagged-empty")).toHaveText("No questions match your filters");
    await other.getByLabel("Contains").fill("tower");
    // The flagged question's side panel holds the same note.
    await other.getByTestId("flagged-card").getByRole("button").first().click();
    await expect(other.getByTestId("flagged-detail")).toBeVisible();
    await expect(noteText(other)).toHaveValue(NOTE);

    // My notes: every noted question, searched by the note; a tab beside the flagged list.
    await other.getByRole("link", { name: "All my notes" }).click();
    await expect(other).toHaveURL(/\/test\/flagged#notes$/);
    const tabs = other.getByRole("navigation", { name: "Your questions" });
    await expect(tabs.getByRole("link", { name: "My notes" })).toHaveAttribute("aria-current", "page");
    await expect(other.getByTestId("notes-count")).toHaveText("1 note");
    await expect(other.getByTestId("note-item-text")).toHaveText(NOTE);
    await expect(other.getByTestId("note-item-ref")).toHaveText(question.reference);
    await other.getByLabel("Search my notes").fill("qnh on the GROUND");
    await expect(other.getByTestId("note-item")).toHaveCount(1);
    violations.push(...(await checkScreen(other, "notes-page")));
    await other.getByLabel("Search my notes").fill("qfe");
    await expect(other.getByTestId("notes-empty")).toHaveText("No notes match your search");
    await other.getByLabel("Search my notes").fill("");
    await tabs.getByRole("link", { name: "Flagged questions" }).click();
    await expect(other).toHaveURL(/\/test\/flagged$/);
    await expect(other.getByTestId("flagged-card")).toHaveCount(1);
    await tabs.getByRole("link", { name: "My notes" }).click();
    await expect(other.getByTestId("notes-count")).toHaveText("1 note");

    // The practice builder counts the question under 'With my notes' and by the note's words.
    await other.goto("/test/select/practice?seed=3");
    await other.getByTestId("practice-choice").filter({ hasText: "All subjects" }).click();
    await other.getByLabel("Include").selectOption({ label: "With my notes" });
    await expect(other.getByTestId("practice-count")).toHaveText("1 question matches");
    await other.getByLabel("My notes containing").fill("tower");
    await expect(other.getByTestId("practice-count")).toHaveText("1 question matches");
    violations.push(...(await checkScreen(other, "notes-practice-builder")));
    await other.getByLabel("My notes containing").fill("not in my note");
    await expect(other.getByTestId("practice-count")).toHaveText("0 questions match");

    // Cleared on the laptop (a write like any other), with Undo offered; the server keeps it cleared.
    await other.goto("/test/flagged#notes");
    await other.getByTestId("note-item-edit").click();
    const dialog = other.getByRole("dialog");
    await expect(dialog.getByTestId("note-text")).toHaveValue(NOTE);
    violations.push(...(await checkScreen(other, "notes-edit-dialog")));
    await dialog.getByTestId("note-clear").click();
    await expect(dialog.getByTestId("note-text")).toHaveValue("");
    await expect(dialog.getByTestId("note-undo")).toBeVisible();
    await expect(dialog.getByTestId("note-status")).toContainText("Note cleared");
    await dialog.getByTestId("notes-edit-done").click();
    await expect(other.getByTestId("notes-empty")).toHaveText("You haven't written any notes yet");
    await waitForSynced(other);
    await expect.poll(() => serverNotes(userId)).toEqual([{ question_id: question.id, text: "" }]);
  } finally {
    await tablet?.close();
    await laptop?.close();
  }
  expect(violations).toEqual([]);
});
