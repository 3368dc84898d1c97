/**
 * One signed-in device for the tests of a spec file that only need the demo student on a device
 * with the bank, as a student keeps one tablet: the file's first test signs in (the whole first
 * run), the next ones start from the dashboard of that same device.
 *
 * A first sign-in is most of a test's cost (~17 s of CPU: the updater's first run, the worker's
 * precache, the sync steps), and the suite is CPU-bound. Signing in itself stays tested by the
 * specs that sign in in each test (sync-screen, updater, offline-sign-in, accounts, …).
 *
 * A test tagged FRESH_DEVICE gets a device of its own, as Playwright's fixtures give; a test that
 * failed takes the shared device with it, and so does a session ended meanwhile (a fresh device
 * signed the same student in), so the next test starts from a new one.
 */
import { type BrowserContext, test as base, type Dialog, expect, type Page } from "@playwright/test";
import { signIn, waitUntilReadyOffline } from "./student.ts";

export const FRESH_DEVICE = "@fresh-device";

interface SharedDevice {
  file: string;
  context: BrowserContext;
  page: Page;
}
let shared: SharedDevice | undefined;

export const test = base.extend({
  context: async ({ context, browser, baseURL, viewport, serviceWorkers }, use, testInfo) => {
    if (testInfo.tags.includes(FRESH_DEVICE)) return use(context);
    if (shared && (shared.file !== testInfo.file || !(await readyForNextTest(shared.page, viewport)))) {
      await shared.context.close();
      shared = undefined;
    }
    if (!shared) {
      const own = await browser.newContext({ baseURL, viewport, serviceWorkers });
      const page = await own.newPage();
      shared = { file: testInfo.file, context: own, page };
      await signIn(page);
      await waitUntilReadyOffline(page);
    }
    await use(shared.context);
    if (testInfo.status !== testInfo.expectedStatus) {
      await shared.context.close();
      shared = undefined;
    }
  },
  // The built-in page would open a window in a context of its own for every test.
  page: async ({ context }, use, testInfo) => {
    if (testInfo.tags.includes(FRESH_DEVICE) || !shared) return use(await context.newPage());
    await use(shared.page);
  },
});
export { expect };

/**
 * Undoes what a test may leave on the page (the network off, routes, another size or colour
 * scheme) and opens the dashboard; false when the device is no longer signed in with its bank.
 */
async function readyForNextTest(page: Page, viewport: { width: number; height: number } | null): Promise<boolean> {
  const context = page.context();
  await context.setOffline(false);
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await page.unrouteAll({ behavior: "ignoreErrors" });
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
  // A test left mid-way asks before the page unloads; the next test leaves it anyway.
  const leave = (dialog: Dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss());
  page.on("dialog", leave);
  try {
    await page.goto("/dashboard");
    await expect(page.getByText(/questions are on this device/)).toBeVisible();
    // The dashboard paints from the device before the app asks the server; a test on a device
    // of its own signed the same student in there, which ended this device's session.
    const signedIn = await page.evaluate(() => fetch("/api/auth/me").then((reply) => reply.ok));
    return signedIn && /\/dashboard$/.test(page.url());
  } catch {
    return false;
  } finally {
    page.off("dialog", leave);
  }
}
