import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { readDeviceStores } from "./support/device-store.ts";
import { E2E_DATABASE, E2E_PORT } from "./support/env.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn } from "./support/student.ts";

/**
 * The dashboard's update indicator in each of its states, and the UPDATES AVAILABLE prompt of
 * manual mode: it waits for the student to be away, counts down from 15:00 on Playwright's
 * clock, Cancel puts it away until the student is away again, and at zero the update starts.
 */
const repoRoot = join(import.meta.dirname, "../..");
const shots = join(repoRoot, "tests/artifacts/screens");
const SERVICE_WARNING =
  "The background update service is not currently running, you may need to restart your computer if this message persists.";

/**
 * Publishes a new release of Air Law on the server, as `npm run content:import` does (not
 * Meteorology: updater.spec.ts, run after this file on the same server, revises that one).
 */
function publishAirLawRevision(): void {
  const bank = structuredClone(loadFixtures().questions.filter((q) => q.subject === "010"));
  const changed = bank.find((q) => q.editions.includes("2020")) as (typeof bank)[number];
  changed.question = `${changed.question} (prompt revision ${Date.now()})`;
  mkdirSync(join(repoRoot, "tests/artifacts"), { recursive: true });
  const file = join(repoRoot, `tests/artifacts/prompt-revision-${E2E_PORT}.json`);
  writeFileSync(file, JSON.stringify(bank));
  const out = execFileSync("node", ["--import", "tsx", "api/src/content/import-cli.ts", file], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE, SEED: "0" },
    encoding: "utf8",
  });
  expect(out).toMatch(/\d+ changed/);
}

async function airLawVersion(page: Page): Promise<number | undefined> {
  const { installedPacks } = await readDeviceStores(page, ["installedPacks"]);
  return (installedPacks as { subject: string; version: number }[]).find((p) => p.subject === "010")?.version;
}

/** Moves the page's clock on in small steps until `locator` shows, so it shows within 500 ms of its moment. */
async function runUntilVisible(page: Page, testId: string, limitMs: number): Promise<void> {
  for (let waited = 0; waited <= limitMs; waited += 500) {
    // A moment of real time before the page's clock moves on: the prompt's dialog comes with
    // code fetched when it first shows, and on a loaded machine the clock ran on meanwhile
    // (the countdown was first seen at 14:59).
    const shown = await page
      .getByTestId(testId)
      .waitFor({ state: "visible", timeout: 1000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    await page.clock.runFor(500);
  }
  throw new Error(`${testId} did not show within ${limitMs} ms of page time`);
}

test("indicator: without the background service the spec's warning shows", async ({ browser }) => {
  const student = await createStudent("indicator-no-service");
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await signIn(page, student.email, student.password);
  const indicator = page.getByTestId("update-indicator");
  await expect(indicator.getByTestId("update-service-warning")).toHaveText(SERVICE_WARNING);
  await indicator.screenshot({ path: join(shots, "update-indicator-service-768.png") });
  await context.close();
});

test("indicator: up to date, and hovering offers 'Check for updates', which asks the server", async ({ browser }) => {
  const student = await createStudent("indicator-up-to-date");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student.email, student.password);
  const indicator = page.getByTestId("update-indicator");
  await expect(indicator).toContainText("Up to date", { timeout: 30_000 });
  const check = indicator.getByTestId("check-updates");
  await expect(check).toHaveCSS("opacity", "0");
  await indicator.hover();
  await expect(check).toHaveCSS("opacity", "1");
  await expect(check).toHaveText("Check for updates");
  const asked = page.waitForRequest((r) => r.url().endsWith("/api/content/manifest"));
  await check.click();
  await asked;
  await expect(indicator).toContainText("Up to date");
  await context.close();
});

test("manual mode: the count of updates, then UPDATES AVAILABLE counts down from 15:00 while the student is away; Cancel, again, and at zero the update runs", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await createStudent("update-prompt");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student.email, student.password);
  const before = await airLawVersion(page);
  expect(before).toBeGreaterThanOrEqual(1);

  // Manual mode, chosen on the profile (the updates admin page is the maintenance role's).
  await page.getByTestId("nav-profile").click();
  await page.getByTestId("profile-edit").click();
  await page.getByTestId("profile-update-mode-select").selectOption("1");
  await page.getByTestId("profile-update").click();
  await expect(page.getByTestId("profile-update-mode")).toHaveText("Manual");
  // The update mode is part of the profile: the change reaches the server like any other.
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
  await page.getByRole("link", { name: "Dashboard" }).click();

  // A release on the server: the check shows its count, and manual mode leaves it waiting.
  publishAirLawRevision();
  const indicator = page.getByTestId("update-indicator");
  await expect(indicator).toContainText("Up to date", { timeout: 30_000 });
  await indicator.hover();
  await indicator.getByTestId("check-updates").click();
  await expect(indicator.getByTestId("updates-count")).toHaveText("1 update available");

  // The page's clock from here on: the student stays away.
  await page.clock.install();
  await page.reload();
  await expect(indicator.getByTestId("updates-count")).toHaveText("1 update available");
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await page.clock.runFor(55_000);
  await expect(page.getByTestId("update-prompt-countdown")).toHaveCount(0);
  await runUntilVisible(page, "update-prompt-countdown", 10_000);
  const prompt = page.getByRole("dialog", { name: "UPDATES AVAILABLE" });
  await expect(prompt).toContainText("1 update is available for your course content.");
  await expect(prompt.getByTestId("update-prompt-countdown")).toHaveText("15:00");
  await page.clock.runFor(1000);
  await expect(prompt.getByTestId("update-prompt-countdown")).toHaveText("14:59");
  await page.clock.runFor(60_000);
  await expect(prompt.getByTestId("update-prompt-countdown")).toHaveText("13:59");
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(shots, `update-prompt-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel declines: the prompt goes, and returns with a fresh countdown once the student is away again.
  await prompt.getByTestId("update-prompt-cancel").click();
  await expect(prompt).toHaveCount(0);
  await page.clock.runFor(55_000);
  await expect(prompt).toHaveCount(0);
  expect(await airLawVersion(page)).toBe(before);
  await runUntilVisible(page, "update-prompt-countdown", 10_000);
  await expect(prompt.getByTestId("update-prompt-countdown")).toHaveText("15:00");

  // Nobody answers: at zero the update is approved and the student is taken to /update.
  await page.clock.fastForward(900_000);
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/update$/);
  await page.clock.resume();
  // Versions are release numbers: newer, not necessarily the next.
  await expect.poll(async () => (await airLawVersion(page)) ?? 0, { timeout: 60_000 }).toBeGreaterThan(before ?? 0);
  await expect(page.getByTestId("update-percent")).toHaveText("100%");
  await context.close();
});
