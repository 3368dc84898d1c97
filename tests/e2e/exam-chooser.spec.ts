import type { Page } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { readDeviceStores } from "./support/device-store.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { expect, test } from "./support/shared-device.ts";

/**
 * The timed and untimed exam chooser: subjects, then a dialog with the subject's question banks
 * (a bank with no questions hidden; none at all says so), the length, the display-answers
 * choice for untimed, and Start.
 */

const BANK = loadFixtures().questions.filter((q) => q.editions.includes("2020"));
const inSubject = (code: string) => BANK.filter((q) => q.subject === code);

const subject = (page: Page, title: string) => page.getByTestId("exam-subject").filter({ hasText: title });
const banks = (page: Page) => page.getByRole("dialog").getByTestId("exam-bank");

test("timed: banks per subject with their totals, a bank without questions hidden, 1.25 minutes a question", async ({
  page,
}) => {
  await page.goto("/test/select/timed?seed=5");
  await expect(page.getByRole("heading", { name: "Timed exam" })).toBeVisible();
  await expect(subject(page, "All subjects")).toContainText(`${BANK.length} questions`);
  await expect(subject(page, "Air Law")).toContainText(`${inSubject("010").length} questions`);
  await shootAtSizes(page, "exam-subjects", { fullPage: true });

  // Principles of Flight has no example questions: only its full bank is offered.
  expect(inSubject("081").filter((q) => q.example)).toHaveLength(0);
  await subject(page, "Principles of Flight").click();
  await expect(banks(page)).toHaveCount(1);
  await expect(banks(page)).toContainText(`Full question bank${inSubject("081").length} questions`);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await subject(page, "Air Law").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Air Law" })).toBeVisible();
  const examples = inSubject("010").filter((q) => q.example).length;
  await expect(banks(page)).toHaveText([
    `Full question bank${inSubject("010").length} questions · taken 0 times`,
    `Example exam questions${examples} questions · taken 0 times`,
  ]);
  // A timed exam shows answers after the test; no choice.
  await expect(dialog.getByTestId("exam-display")).toHaveCount(0);
  await expect(dialog.getByTestId("exam-length")).toHaveText(
    [10, 20, Math.min(40, inSubject("010").length)].map(String),
  );
  await dialog.getByTestId("exam-length").filter({ hasText: /^20$/ }).click();
  await expect(dialog.getByTestId("summary-strip")).toContainText("Time limit 00:25:00");
  await dialog.getByTestId("exam-length").filter({ hasText: /^10$/ }).click();
  await expect(dialog.getByTestId("summary-strip")).toContainText("Questions 10");
  await expect(dialog.getByTestId("summary-strip")).toContainText("Time limit 00:13:00");
  await shootAtSizes(page, "exam-dialog", { fullPage: true });
  await dialog.getByTestId("exam-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("test-heading")).toHaveText("Timed exam");
  await expect(page.getByRole("timer")).toHaveText(/^Time remaining 00:1[23]:\d\d$/);
  const testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  const test = (
    (await readDeviceStores(page, ["userTests"])).userTests as {
      id: string;
      question_ids: number[];
      display_answers: string;
      time_limit: number;
      title: string;
    }[]
  ).find((t) => t.id === testId);
  const airLaw = new Set(inSubject("010").map((q) => q.id));
  expect(test?.question_ids).toHaveLength(10);
  expect(test?.question_ids.every((id) => airLaw.has(id))).toBe(true);
  expect(test).toMatchObject({ display_answers: "after_test", time_limit: 13 });

  // The bank now counts one test taken from it.
  await page.goto("/test/select/timed");
  await subject(page, "Air Law").click();
  await expect(banks(page).first()).toContainText("taken 1 time");
  await expect(banks(page).nth(1)).toContainText("taken 0 times");
});

test("untimed: the example questions bank and the display-answers choice", async ({ page }) => {
  await page.goto("/test/select/untimed?seed=9");
  await subject(page, "Air Law").click();
  const dialog = page.getByRole("dialog");
  const examples = inSubject("010").filter((q) => q.example);
  await banks(page).filter({ hasText: "Example exam questions" }).click();
  // A bank smaller than 10 offers its whole size.
  await expect(dialog.getByTestId("exam-length")).toHaveText([String(examples.length)]);
  await expect(dialog.getByTestId("summary-strip")).not.toContainText("Time limit");
  await dialog.getByTestId("exam-display").filter({ hasText: "After choice" }).click();
  await shootAtSizes(page, "exam-dialog-untimed", { fullPage: true });
  await dialog.getByTestId("exam-start").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("test-heading")).toHaveText("Untimed exam");
  await expect(page.getByRole("timer")).toHaveCount(0);
  const testId = /\/test\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  const test = (
    (await readDeviceStores(page, ["userTests"])).userTests as {
      id: string;
      question_ids: number[];
      display_answers: string;
    }[]
  ).find((t) => t.id === testId);
  expect(test?.display_answers).toBe("after_choice");
  expect([...(test?.question_ids ?? [])].sort()).toEqual(examples.map((q) => q.id).sort());
});

test("a subject without questions on the device: 'No questions found for this subject.'", async ({ page }) => {
  // The device holds the Communications pack but none of its questions (e.g. a syllabus
  // without them): remove them from this device's store.
  await page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const device = await open("preflight");
    const session = await new Promise<{ userId: string }>((resolve) => {
      const r = device.transaction("session").objectStore("session").get("current");
      r.onsuccess = () => resolve(r.result);
    });
    device.close();
    const user = await open(`preflight-user-${session.userId}`);
    await new Promise<void>((resolve, reject) => {
      const tx = user.transaction("questions", "readwrite");
      tx.objectStore("questions").index("subject").openCursor(IDBKeyRange.only("090")).onsuccess = (e) => {
        const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result;
        if (cursor) {
          cursor.delete();
          cursor.continue();
        }
      };
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    user.close();
  });
  await page.goto("/test/select/untimed");
  await expect(subject(page, "Communications")).toContainText("0 questions");
  await subject(page, "Communications").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("exam-no-banks")).toHaveText("No questions found for this subject.");
  await expect(dialog.getByTestId("exam-start")).toBeDisabled();
  await shootAtSizes(page, "exam-no-banks", { fullPage: true });
});
