/**
 * The installed app's cold start paints the student's last dashboard from the device before any
 * script runs (web/src/local/snapshot): the service worker answers /dashboard with the app's page
 * holding it, inert, and the app replaces it on its first render. Signing out forgets it.
 */
import { expect, test } from "@playwright/test";
import { SCREEN_SIZES, shotPath } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

const SNAPSHOT_CACHE = "preflight-dashboard-snapshot";

test("a cold start offline paints the last dashboard before the app runs, then the live one; signing out forgets it", async ({
  page,
  context,
  browser,
}) => {
  const student = await createStudent("snapshot");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Welcome/);
  const welcome = (await heading.textContent()) ?? "";
  // Saved once the dashboard has settled.
  await expect
    .poll(() =>
      page.evaluate(
        async (name) => (await (await caches.open(name)).match("/__snapshot/dashboard"))?.text() ?? "",
        SNAPSHOT_CACHE,
      ),
    )
    .toContain(welcome);

  await context.setOffline(true);
  const response = await page.goto("/dashboard");
  const served = (await response?.text()) ?? "";
  expect(served).toContain('<div inert data-snapshot="dashboard">');
  expect(served).toContain(welcome);
  // The app took over: one dashboard on the page, the live one.
  await expect(heading).toHaveText(welcome);
  await expect(page.locator("[data-snapshot]")).toHaveCount(0);
  await expect(page.getByTestId("summary-circles")).toBeVisible();

  // The page as served paints the dashboard with no script at all.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  try {
    const still = await noScript.newPage();
    await still.route("**/*", (route) =>
      route.request().isNavigationRequest()
        ? route.fulfill({ body: served, contentType: "text/html" })
        : route.continue(),
    );
    await still.goto("/dashboard");
    await expect(still.getByRole("heading", { level: 1 })).toHaveText(welcome);
    await expect(still.getByText("Lessons completed")).toBeVisible();
    for (const size of SCREEN_SIZES) {
      const path = shotPath("dashboard-snapshot", size);
      if (!path) break;
      await still.setViewportSize(size);
      await still.screenshot({ path });
    }
  } finally {
    await noScript.close();
  }

  await context.setOffline(false);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate((name) => caches.has(name), SNAPSHOT_CACHE)).toBe(false);
  const afterSignOut = await page.goto("/dashboard");
  expect((await afterSignOut?.text()) ?? "").not.toContain(welcome);
  await expect(page).toHaveURL(/\/login/);
});
