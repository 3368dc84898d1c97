/** A second (third…) device of its own: a new browser context with the service worker allowed. */
import type { Browser, BrowserContext, Page } from "@playwright/test";

export async function newDevice(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, serviceWorkers: "allow" });
  return { context, page: await context.newPage() };
}
