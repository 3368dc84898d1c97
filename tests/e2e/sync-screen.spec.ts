import { expect, type Page, test } from "@playwright/test";
import { answerCurrent, signIn } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * The post-login sync screen (spec, accounts 2 and 4): rows User profile, Tests results, Syllabus
 * details, School details; each pending -> syncing -> complete or failed, in that order; start
 * after 1 s; 'Sync complete' then the dashboard after 1.5 s; a failed step shows the error and
 * signs the student out after 15 s.
 */

const ROWS = [
  ["profile", "User profile"],
  ["user", "Tests results"],
  ["syllabus", "Syllabus details"],
  ["school", "School details"],
] as const;
const ERROR_TEXT = "There was an error syncing your data, please contact support if this continues.";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
];
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: `${SHOTS}/sync-${name}-${width}.png` });
}

/** Fills the sign-in form and submits it; the app goes to /sync. */
async function submitSignIn(page: Page): Promise<void> {
  await page.goto("/login");
  await page.locator("input[name=email]").waitFor();
  const loggedOut = page.getByTestId("logged-out-ok");
  if (await loggedOut.isVisible()) await loggedOut.click();
  await page.getByLabel("E-mail").fill("student@preflight.test");
  await page.getByLabel("Password").fill("preflight");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Event-driven, not polled: the test times the screen's 1 s start delay from this moment, and
  // a polled URL check can notice the new page hundreds of milliseconds late on a busy machine.
  await page.waitForURL(/\/sync$/);
}

const row = (page: Page, step: string) => page.getByTestId(`sync-step-${step}`);

interface RowRecord {
  step: string;
  state: string | null;
  text: string | null;
  at: number;
}

/** Records each sync row's state as it changes, with the page's clock, from the page's start. */
const RECORD_ROWS = `
window.__syncRows = [];
new MutationObserver(() => {
  for (const item of document.querySelectorAll('[data-testid^="sync-step-"]')) {
    const step = item.dataset.testid.slice("sync-step-".length);
    const state = item.getAttribute("data-state");
    const last = window.__syncRows.findLast((record) => record.step === step);
    if (!last || last.state !== state || last.text !== item.textContent)
      window.__syncRows.push({ step, state, text: item.textContent, at: performance.now() });
  }
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

for (const size of SIZES) {
  test(`[PL4][${size.width}] after sign-in the four rows sync in order, 'Sync complete', then the dashboard`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    // Where the app went (a device without content may move on from the dashboard to the updater).
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    // Each step's call, as the page makes it (the frame's own refresh leaves the steps to this screen).
    const stepCalls: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/user-sync/")) stepCalls.push(path);
    });
    // Hold the user step a moment, so its row is seen syncing.
    let releaseUserStep: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releaseUserStep = resolve;
    });
    await page.route("**/user-sync/sync", async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(RECORD_ROWS);
    await submitSignIn(page);
    for (const [step, label] of ROWS) await expect(row(page, step)).toContainText(label);
    await expect(row(page, "profile")).toHaveAttribute("data-state", "complete");
    // The rows as the page showed them from their first paint, timed in the page (the test's own
    // looks can come late on a busy machine): all four pending, and nothing started for a second.
    const seen = await page.evaluate(() => (window as unknown as { __syncRows: RowRecord[] }).__syncRows);
    const first = ROWS.map(([step]) => seen.find((record) => record.step === step));
    expect(first.map((record) => [record?.state, record?.text])).toEqual(
      ROWS.map(([, label]) => ["pending", `${label}Pending`]),
    );
    const shownAt = Math.min(...first.map((record) => record?.at ?? Number.POSITIVE_INFINITY));
    const started = seen.find((record) => record.step === "profile" && record.state !== "pending");
    expect((started?.at ?? 0) - shownAt).toBeGreaterThanOrEqual(900);
    await expect(row(page, "user")).toHaveAttribute("data-state", "syncing");
    await expect(row(page, "user")).toContainText("Syncing…");
    await expect(row(page, "syllabus")).toHaveAttribute("data-state", "pending");
    await shot(page, "in-progress");
    releaseUserStep();

    for (const [step] of ROWS) await expect(row(page, step)).toHaveAttribute("data-state", "complete");
    await expect(page.getByTestId("sync-complete")).toHaveText("Sync complete");
    const completeAt = Date.now();
    await shot(page, "complete");
    await expect
      .poll(() => (visited.at(-1) === "/sync" ? null : visited[visited.indexOf("/sync") + 1]))
      .toBe("/dashboard");
    expect(Date.now() - completeAt).toBeGreaterThanOrEqual(1000);
    // Once each: a second chain right after this one would only ask the same again.
    expect(stepCalls).toEqual(["/user-sync/profile", "/user-sync/sync", "/user-sync/syllabus", "/user-sync/school"]);
  });

  test(`[PL4][${size.width}] a step the server refuses stops the chain, shows the error and signs out after 15 s`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    const asked: string[] = [];
    await page.route("**/user-sync/**", async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      if (route.request().url().endsWith("/user-sync/syllabus"))
        await route.fulfill({ json: { success: false, message: "No syllabus for this student" } });
      else await route.continue();
    });
    await submitSignIn(page);
    await expect(row(page, "syllabus")).toHaveAttribute("data-state", "failed");
    const failedAt = Date.now();
    await expect(row(page, "syllabus")).toContainText("Failed");
    await expect(row(page, "profile")).toHaveAttribute("data-state", "complete");
    await expect(row(page, "user")).toHaveAttribute("data-state", "complete");
    // A false reply stops the chain: the school step is never asked for.
    await expect(row(page, "school")).toHaveAttribute("data-state", "pending");
    await expect(page.getByTestId("sync-error")).toHaveText(ERROR_TEXT);
    await expect(page.getByTestId("sync-sign-out")).toContainText(/Signing out in 1[45] s/);
    await shot(page, "failed");
    expect(asked.filter((path) => path.startsWith("/user-sync/school"))).toEqual([]);

    await page.waitForTimeout(10_000);
    await expect(page).toHaveURL(/\/sync$/);
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(14_500);
    // Signed out on this device too: the app does not open without signing in again.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
}

test("the sign-in page fetches what signing in leads to once the student starts on the form, not while it loads", async ({
  page,
}) => {
  await page.goto("/login");
  await page.locator("input[name=email]").waitFor();
  await page.waitForLoadState("load");
  const preloads = page.locator('link[rel="modulepreload"]');
  const atLoad = await preloads.count();
  // Nothing more while nobody touches the page: its start is not slowed by the later pages.
  await page.waitForTimeout(1000);
  expect(await preloads.count()).toBe(atLoad);
  await page.getByLabel("E-mail").focus();
  await expect.poll(() => preloads.count()).toBeGreaterThan(atLoad + 20);
});

test("[PL4] without a connection the sync screen says so and lets the student go on with the device's data", async ({
  page,
  context,
}) => {
  await submitSignIn(page);
  await context.setOffline(true);
  await expect(page.getByTestId("sync-offline")).toContainText("This device is offline.");
  await expect(page.getByTestId("sync-error")).toHaveCount(0);
  await shot(page, "offline");
  await page.getByTestId("sync-continue").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.setOffline(false);
});

test("[PL2] a test taken on another device shows in Recent tests after signing in here", async ({ browser }) => {
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage);
  await expect(laptopPage.getByText(/questions are on this device/)).toBeVisible();
  const testId = await startTest(laptopPage, { display: "After test", count: 10, seed: 31 });
  await answerCurrent(laptopPage, "click");
  await expect(laptopPage.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });

  const tablet = await browser.newContext();
  const tabletPage = await tablet.newPage();
  await signIn(tabletPage);
  const recent = tabletPage.getByTestId("recent-test");
  await expect(recent.first()).toContainText("In progress");
  // It opens on this device, from this device's copy, where the laptop left it.
  await recent.first().click();
  await expect(tabletPage).toHaveURL(new RegExp(`/test/${testId}$`));
  await expect(tabletPage.getByTestId("question-number")).toHaveText("Question 001 / 010");
  await laptop.close();
  await tablet.close();
});
