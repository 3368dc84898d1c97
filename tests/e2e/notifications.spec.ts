import { expect, type Page, test } from "@playwright/test";
import { shootAtSizes } from "./support/screenshots.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

/**
 * Notifications with a position (test-taking §9: small screen is 768 px or less): top centre on
 * a wide screen, bottom centre on a small one. The notice here is the request policy's 500 notice.
 */
async function box(page: Page) {
  const notice = page.getByRole("status").filter({ hasText: "The application encountered an error" });
  await expect(notice).toBeVisible();
  await page.waitForTimeout(400); // the slide-in
  const found = await notice.boundingBox();
  if (!found) throw new Error("no notification on screen");
  return found;
}

test("a notification shows top centre, and bottom centre on a screen 768 px wide or less", async ({ page }) => {
  await signIn(page);
  await waitUntilReadyOffline(page);
  // The page's own request, not the service worker's copy: the route below answers it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setBypassServiceWorker", { bypass: true });
  await page.context().route("**/api/syllabi", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByTestId("nav-syllabus").click();

  const wide = await box(page);
  expect(Math.abs(wide.x + wide.width / 2 - 640)).toBeLessThan(20);
  expect(wide.y).toBeLessThan(80);

  await page.setViewportSize({ width: 768, height: 1024 });
  const small = await box(page);
  expect(small.y + small.height).toBeGreaterThan(1024 - 80);
  expect(Math.abs(small.x + small.width / 2 - 384)).toBeLessThan(20);

  await page.setViewportSize({ width: 769, height: 1024 });
  const justWider = await box(page);
  expect(justWider.y).toBeLessThan(80);
  expect(Math.abs(justWider.x + justWider.width / 2 - 769 / 2)).toBeLessThan(20);

  await page.setViewportSize({ width: 1280, height: 800 });
  await shootAtSizes(page, "notification-position");
});
