import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createMaintenanceUser, serverAnswers } from "./support/server-db.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { answerOfflineThenFinishElsewhere, leaveTestThrough, startTest } from "./support/test-taking.ts";

/**
 * The maintenance jobs panels: changes queued offline show as pending jobs and go with Run all;
 * an answer to a test finished elsewhere is refused by the server and shows as failed with its
 * reason; Retry failed sends it once more (refused again, and kept on record once per attempt);
 * without a service worker the panel says the background service is not running. The panels are
 * the maintenance role's (a student sees neither the Jobs link nor the page), so a maintenance
 * user of their own works them.
 */

const SHOTS = process.env.JOBS_SHOTS_DIR;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const pending = (page: Page) => page.getByTestId("jobs-pending");
const failed = (page: Page) => page.getByTestId("jobs-failed");

/** Leaves a running test for the jobs panel through the header (confirming the leave). */
async function openJobs(page: Page): Promise<void> {
  await leaveTestThrough(page, "nav-jobs");
  await expect(page).toHaveURL(/\/maintenance\/jobs$/);
}

test("jobs: answers queued offline are pending, Run all sends them; a refused one is failed with its reason; Retry failed", async ({
  page,
  context,
}) => {
  const maintenance = await createMaintenanceUser("jobs");
  await signIn(page, maintenance.email, maintenance.password);
  await waitUntilReadyOffline(page);

  // Offline: a new test and two answers wait on the device.
  await context.setOffline(true);
  const testId = await startTest(page, { count: 10, seed: 7, display: "After test" });
  for (let n = 1; n <= 2; n++) {
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
  }
  await expect(page.getByTestId("pending-count")).toHaveText("3 pending");
  await openJobs(page);
  await expect(page.getByTestId("jobs-service-not-running")).toHaveCount(0);
  await expect(pending(page).getByTestId("count")).toHaveText("3");
  await expect(pending(page).getByTestId("job-queue")).toHaveText(["Create test", "Save answer", "Save answer"]);
  await expect(failed(page).getByTestId("count")).toHaveText("0");
  await shoot(page, "jobs-pending");

  // Run all while offline: the device is offline and the changes wait on it (issue 17: no error), nothing lost.
  await page.getByTestId("jobs-run").click();
  await expect(page.getByTestId("jobs-run-result")).toContainText(
    "Saved on this device; it will reach the server when you are online",
  );
  await expect(page.getByText("There was an error running the jobs queue.")).toHaveCount(0);
  await expect(pending(page).getByTestId("count")).toHaveText("3");

  // Back online: Run all empties the queue, and the server has both answers.
  await context.setOffline(false);
  await page.getByTestId("jobs-run").click();
  await expect(pending(page).getByTestId("count")).toHaveText("0");
  await expect(pending(page)).toContainText("Nothing is waiting to be sent.");
  expect(serverAnswers(testId).filter((a) => a.applied === 1)).toHaveLength(2);

  // An answer given offline to a test that is then finished elsewhere (a direct call, as another
  // session of the student would make): the server keeps it on record but refuses it.
  await answerOfflineThenFinishElsewhere(page, context, testId);
  await openJobs(page);
  await expect(pending(page).getByTestId("count")).toHaveText("1");
  await context.setOffline(false);

  await expect(failed(page).getByTestId("count")).toHaveText("1", { timeout: 30_000 });
  await expect(pending(page).getByTestId("count")).toHaveText("0");
  await expect(failed(page).getByTestId("job-queue")).toHaveText("Save answer");
  await expect(failed(page).getByTestId("job-reason")).toContainText(
    "This test was already finished, so this answer was kept on record but not counted.",
  );
  await expect(failed(page)).toContainText(/Failed \d\d\/\d\d\/\d{4} @ \d\d:\d\d/);
  const firstId = await failed(page).getByTestId("job-id").getAttribute("title");
  await shoot(page, "jobs-failed");

  // Retry failed: sent again as a new change, refused again (the test is still finished), so it
  // is back in Failed, tried twice; the server kept each attempt once and counted neither.
  await failed(page).getByTestId("jobs-retry").click();
  await expect(failed(page)).toContainText("tried 2 times", { timeout: 30_000 });
  await expect(failed(page).getByTestId("count")).toHaveText("1");
  expect(await failed(page).getByTestId("job-id").getAttribute("title")).not.toBe(firstId);
  const refused = serverAnswers(testId).filter((a) => a.applied === 0);
  expect(refused).toHaveLength(2);
  expect(new Set(refused.map((a) => a.id)).size).toBe(2);
  expect(serverAnswers(testId).filter((a) => a.applied === 1)).toHaveLength(2);
});

test.describe("without a service worker", () => {
  test.use({ serviceWorkers: "block" });

  test("jobs: the panel says the background service is not running, and the page runs the queue itself", async ({
    page,
    context,
  }) => {
    const maintenance = await createMaintenanceUser("jobs-no-worker");
    await signIn(page, maintenance.email, maintenance.password);
    await expect(page.getByText(/questions are on this device/)).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
    await page.getByTestId("nav-jobs").click();
    await expect(page.getByTestId("jobs-service-not-running")).toHaveText(
      "Background update service not running, you may need to restart your computer.",
    );

    // A test started online (the page sends it), then two answers offline wait; Restart queue
    // answers with its notice; online, Run all sends them from the page.
    await startTest(page, { count: 10, seed: 7, display: "After test" });
    await expect(page.getByTestId("pending-count")).toHaveText("0 pending");
    await context.setOffline(true);
    for (let n = 1; n <= 2; n++) {
      await answerCurrent(page, "click");
      await page.getByTestId("next").click();
    }
    await openJobs(page);
    await expect(pending(page).getByTestId("count")).toHaveText("2");
    await page.getByTestId("jobs-restart").click();
    await expect(page.getByText("Queue restarted")).toBeVisible();
    await expect(page.getByText("Changes are sent from this page while it is open.")).toBeVisible();
    await shoot(page, "jobs-no-worker");
    await context.setOffline(false);
    await page.getByTestId("jobs-run").click();
    await expect(pending(page).getByTestId("count")).toHaveText("0");
    await expect(page.getByTestId("jobs-run-result")).toContainText("0 pending");
  });
});
