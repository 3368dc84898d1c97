import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { readDeviceStores } from "./support/device-store.ts";
import { E2E_PORT } from "./support/env.ts";
import { createMaintenanceUser, createStudent, serverAnswers, serverTest } from "./support/server-db.ts";
import { answerCurrent, signIn, submitSignIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * The updates admin panel (/maintenance/updates) in Chromium, worked by a maintenance user (only
 * that role sees it): the lists of applied and failed updates, the update status lock and the
 * interrupt, Re-download question bank, storage; then what stays with a student: the device data
 * file on This device, and a bank the browser evicted coming back by itself.
 */
const shots = join(import.meta.dirname, "../artifacts/screens");
const STAMP = /^\d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2}$/;
const MESSAGES = {
  redownloadStarted: "Question bank has been added to the download queue and will begin downloading shortly",
  unlockError: "There was an error unlocking the update status",
  interrupt: "Updates will be stopped after the current update has finished processing",
  evicted: "The questions on this device were removed by the browser to free space.",
};

async function subjectCount(page: Page): Promise<number> {
  const manifest = (await page.evaluate(() => fetch("/api/content/manifest").then((r) => r.json()))) as {
    subjects: unknown[];
  };
  return manifest.subjects.length;
}

async function deviceCounts(page: Page): Promise<{ packs: number; questions: number; tests: number }> {
  const stores = await readDeviceStores(page, ["installedPacks", "questions", "userTests"]);
  return {
    packs: stores.installedPacks?.length ?? 0,
    questions: stores.questions?.length ?? 0,
    tests: stores.userTests?.length ?? 0,
  };
}

async function openAdmin(page: Page): Promise<void> {
  await page.getByTestId("nav-updates").click();
  await expect(page).toHaveURL(/\/maintenance\/updates$/);
  await expect(page.getByRole("heading", { name: "Updates", exact: true })).toBeVisible();
}

async function finishedTest(page: Page): Promise<string> {
  const testId = await startTest(page, { display: "After test" });
  await answerCurrent(page, "click");
  await page.getByTestId("finish").click();
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
  return testId;
}

async function expectResultsRead(page: Page, testId: string): Promise<void> {
  await page.goto(`/test/results/${testId}`);
  await page.getByRole("button", { name: /^Question 1:/ }).click();
  await expect(page.getByTestId("review-number")).toHaveText("Question 001 / 010");
  await expect(page.getByTestId("review-explanation")).toBeVisible();
}

/** Pack downloads held back, so an update is still running while the test acts. */
async function slowPacks(context: BrowserContext, ms: number): Promise<void> {
  await context.route(/\/api\/content\/packs\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}

test("after a first run: applied updates with dates, storage, and a re-download that brings the bank back with the student's results intact", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const student = await createMaintenanceUser("updates-admin");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student.email, student.password);
  const subjects = await subjectCount(page);
  const before = await deviceCounts(page);
  expect(before.packs).toBe(subjects);
  const testId = await finishedTest(page);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await openAdmin(page);

  const applied = page.getByTestId("updates-applied").getByTestId("update-record");
  await expect(applied).toHaveCount(subjects);
  for (const date of await applied.getByTestId("update-record-date").allTextContents()) expect(date).toMatch(STAMP);
  await expect(applied.first()).toContainText(/\(version \d+\)/);
  await expect(page.getByTestId("updates-failed")).toContainText("No update has failed on this device.");

  // Storage: the browser's estimate in MB and percent, and whether storage is persistent.
  await expect(page.getByTestId("storage-used")).toHaveText(/^[\d,]+\.\d MB$/);
  await expect(page.getByTestId("storage-quota")).toHaveText(/^[\d,]+\.\d MB$/);
  await expect(page.getByTestId("storage-percent")).toHaveText(/^\d+\.\d%$/);
  await expect(page.getByTestId("storage-persisted")).toHaveText(/^Persistent storage (granted|not granted)/);
  await expect(page.getByTestId("update-lock-state")).toHaveText("Not locked: a new update can start.");

  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(shots, `updates-admin-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The help tooltip says what a re-download does.
  await page.getByTestId("redownload-help").hover();
  await expect(page.getByRole("tooltip")).toContainText("downloads them again in full");
  await page.screenshot({ path: join(shots, "updates-admin-tooltip-1280.png") });
  await page.mouse.move(0, 0);

  await page.getByTestId("redownload").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Re-downloading question bank" })).toBeVisible();
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(shots, `updates-admin-redownload-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByTestId("redownload-confirm").click();
  await expect(page.getByTestId("snackbar").filter({ hasText: MESSAGES.redownloadStarted })).toBeVisible();

  // Every pack downloaded again in full: the applied list doubles, the bank is whole again.
  await expect(applied).toHaveCount(2 * subjects, { timeout: 60_000 });
  await expect.poll(() => deviceCounts(page), { timeout: 30_000 }).toEqual({ ...before, tests: 1 });
  await expect(page.getByTestId("update-run-state")).toHaveText(/^The last update finished/);
  await expectResultsRead(page, testId);
  await context.close();
});

test("a failed update is recorded with its date; a record without one reads Unknown", async ({ browser }) => {
  test.setTimeout(120_000);
  const student = await createMaintenanceUser("updates-failed");
  const context = await browser.newContext();
  // Meteorology's pack fails every time: after five attempts the update gives up and says so.
  await context.route(/\/api\/content\/packs\/s3-050-v\d+$/, (route) =>
    route.fulfill({ status: 500, body: "upstream down" }),
  );
  const page = await context.newPage();
  await submitSignIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/update$/, { timeout: 30_000 });
  await expect(
    page.getByTestId("snackbar").filter({ hasText: "There was an error downloading the update" }),
  ).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("nav-updates").click();
  const failed = page.getByTestId("updates-failed").getByTestId("update-record");
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("Meteorology");
  await expect(failed.getByTestId("update-record-date")).toHaveText(STAMP);
  await expect(page.getByTestId("update-run-state")).toHaveText(
    /^The last update failed \(.*\): There was an error downloading the update\.$/,
  );

  // A record kept without its time (an older app wrote none) shows the spec's 'Unknown', last.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const device = indexedDB.open("preflight");
        device.onsuccess = () => {
          const get = device.result.transaction("session").objectStore("session").get("current");
          get.onsuccess = () => {
            const open = indexedDB.open(`preflight-user-${(get.result as { userId: string }).userId}`);
            open.onsuccess = () => {
              const tx = open.result.transaction("updateRecords", "readwrite");
              tx.objectStore("updateRecords").add({ kind: "failed", name: "Legacy bank", at: null, detail: null });
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
            };
          };
        };
      }),
  );
  // Written behind Dexie's back, so the page reads it on its next open.
  await page.reload();
  await expect(failed).toHaveCount(2);
  await expect(failed.nth(1)).toContainText("Legacy bank");
  await expect(failed.nth(1).getByTestId("update-record-date")).toHaveText("Unknown");
  await context.close();
});

test("interrupt stops after the current pack; Unlock is refused while a run holds the lock and clears the lock a dead run left", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await createMaintenanceUser("updates-lock");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student.email, student.password);
  const subjects = await subjectCount(page);
  await openAdmin(page);
  // Manual mode: nothing starts by itself when the page opens again.
  await page.getByTestId("update-mode-manual").check();
  // A profile edit: it reaches the server through the outbox before the re-download starts.
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });

  await slowPacks(context, 1500);
  await page.getByTestId("redownload").click();
  await page.getByRole("dialog").getByTestId("redownload-confirm").click();
  await expect(page.getByTestId("update-run-state")).toHaveText(/^Updating/);
  await expect(page.getByTestId("update-lock-state")).toHaveText(/^Locked since .*: an update is running now\.$/);
  await page.getByTestId("update-unlock").click();
  await expect(page.getByTestId("snackbar").filter({ hasText: MESSAGES.unlockError })).toBeVisible();

  await page.getByTestId("update-interrupt").click();
  await expect(page.getByTestId("update-stop-asked")).toHaveText(MESSAGES.interrupt);
  await expect(page.getByTestId("snackbar").filter({ hasText: MESSAGES.interrupt })).toBeVisible();
  await expect(page.getByTestId("update-run-state")).toHaveText(/^The last update was stopped before it finished/, {
    timeout: 30_000,
  });
  const stoppedAt = (await deviceCounts(page)).packs;
  expect(stoppedAt).toBeGreaterThanOrEqual(1);
  expect(stoppedAt).toBeLessThan(subjects);
  await expect(page.getByTestId("update-lock-state")).toHaveText("Not locked: a new update can start.");

  // A run whose page goes away mid-download leaves the lock behind.
  await page.getByTestId("open-updater").click();
  await page.getByTestId("update-now").click();
  await expect(page.getByTestId("update-progress")).toBeVisible();
  await page.getByTestId("nav-updates").click();
  await expect(page.getByTestId("update-lock-state")).toHaveText(/: an update is running now\.$/);
  await page.reload();
  await expect(page.getByTestId("update-lock-state")).toHaveText(
    /^Locked since .*: an update stopped without finishing \(its tab was closed or reloaded\)\. Unlock to let the next one start\.$/,
  );
  await page.getByTestId("update-unlock").click();
  await expect(page.getByTestId("update-lock-state")).toHaveText("Not locked: a new update can start.");

  // And the next run brings the rest.
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await page.getByTestId("open-updater").click();
  await page.getByTestId("update-now").click();
  await expect(page.getByTestId("update-percent")).toHaveText("100%", { timeout: 60_000 });
  expect((await deviceCounts(page)).packs).toBe(subjects);
  await context.close();
});

test("device data: exported before a wipe, imported on a fresh device; the tests are back and the waiting changes reach the server once", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent("device-data");
  const old = await browser.newContext();
  const page = await old.newPage();
  await signIn(page, student.email, student.password);
  // The maintenance pages are not a student's: opened by address, each says so and points on.
  for (const path of ["/maintenance/updates", "/maintenance/jobs"]) {
    await page.goto(path);
    await expect(page.getByTestId("maintenance-only")).toContainText("open to maintenance staff only");
    await expect(page.getByTestId("device-data")).toHaveCount(0);
  }
  await page.goto("/dashboard");
  const synced = await finishedTest(page);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  await page.getByRole("link", { name: "Dashboard" }).click();
  await waitUntilReadyOffline(page);

  // Offline, a second test gets two answers: they wait in the outbox of a device about to be wiped.
  await old.setOffline(true);
  const waiting = await startTest(page, { display: "After test", seed: 11 });
  for (let i = 0; i < 2; i++) {
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByTestId("pending-count")).toHaveText("3 pending");
  // Device data is the student's own: on This device (the header's pending link); the admin panel is not theirs.
  await expect(page.getByTestId("nav-updates")).toHaveCount(0);
  await page.getByTestId("pending-count").click();
  await page.getByTestId("confirm-leave").click();
  await expect(page).toHaveURL(/\/device$/);
  await expect(page.getByTestId("device-data")).toContainText("file of changes not sent yet");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("device-export").click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^preflight-${student.email.replace(/[.]/g, "\\.")}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  // Kept beside the test artifacts: the browser's copy goes with its context.
  const file = join(import.meta.dirname, `../artifacts/device-data-${E2E_PORT}.json`);
  await download.saveAs(file);
  const contents = readFileSync(file, "utf8");
  expect(contents).not.toContain('"tableName":"questions"');
  await expect(page.getByTestId("device-data-report")).toHaveText(/^Exported 2 tests and 3 changes/);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByTestId("device-data").screenshot({ path: join(shots, "updates-admin-device-data-768.png") });
  await old.close();
  expect(serverTest(waiting)).toBeUndefined();

  // The new device: signed in, it pulled the synced test; importing replaces it, so it asks first.
  const fresh = await browser.newContext();
  const second = await fresh.newPage();
  await signIn(second, student.email, student.password);
  await second.getByTestId("pending-count").click();
  await expect(second).toHaveURL(/\/device$/);
  await second.getByTestId("device-import").setInputFiles(file);
  const confirm = second.getByRole("dialog");
  await expect(confirm).toContainText("This device already holds 1 test of yours");
  await second.screenshot({ path: join(shots, "updates-admin-import-confirm-1280.png") });
  await confirm.getByTestId("device-import-confirm").click();
  await expect(second.getByTestId("device-data-report")).toHaveText(/^Imported 2 tests and 3 changes/);
  await expect(second.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });

  // On the server once: the test and its two answers, whatever the replays.
  await expect.poll(() => serverAnswers(waiting).length, { timeout: 20_000 }).toBe(2);
  expect(serverTest(waiting)).toBeDefined();
  expect((await deviceCounts(second)).tests).toBe(2);
  await expectResultsRead(second, synced);
  await second.goto(`/test/${waiting}`);
  await expect(second.getByTestId("question")).toBeVisible();
  await second.getByTestId("pending-count").click();
  await second.getByTestId("confirm-leave").click();
  await expect(second.getByTestId("device-data")).toBeVisible();

  // The same file again: the outbox is replayed with the same ids, and the server only repeats its replies.
  await second.getByTestId("device-import").setInputFiles(file);
  await second.getByRole("dialog").getByTestId("device-import-confirm").click();
  await expect(second.getByTestId("device-data-report")).toHaveText(/^Imported 2 tests/);
  await expect(second.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  expect(serverAnswers(waiting)).toHaveLength(2);
  await fresh.close();
});

test("a bank the browser evicted is noticed on open, said plainly, and downloaded again; the student's records stay", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const student = await createStudent("evicted");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student.email, student.password);
  const testId = await finishedTest(page);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  const before = await deviceCounts(page);

  // What the browser does under storage pressure, to the content tables only.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const device = indexedDB.open("preflight");
        device.onsuccess = () => {
          const get = device.result.transaction("session").objectStore("session").get("current");
          get.onsuccess = () => {
            const open = indexedDB.open(`preflight-user-${(get.result as { userId: string }).userId}`);
            open.onsuccess = () => {
              const stores = ["questions", "installedPacks", "lessonContent", "syllabusNodes", "learningObjectives"];
              const tx = open.result.transaction(stores, "readwrite");
              for (const store of stores) tx.objectStore(store).clear();
              tx.oncomplete = () => {
                open.result.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
          };
        };
      }),
  );
  await page.goto("/dashboard");
  const banner = page.getByTestId("content-evicted");
  await expect(banner).toContainText(`${MESSAGES.evicted} They are being downloaded again.`);
  await page.screenshot({ path: join(shots, "updates-admin-evicted-1280.png") });
  await expect(banner).toContainText(`${MESSAGES.evicted} They have been downloaded again.`, { timeout: 60_000 });
  await expect.poll(() => deviceCounts(page), { timeout: 30_000 }).toEqual(before);
  await expectResultsRead(page, testId);
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("result-heading")).toBeVisible();
  await expect(banner).toHaveCount(0);
  await context.close();
});
