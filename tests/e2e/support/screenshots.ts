/**
 * Screenshots at the three sizes every screen is looked at: a laptop (1280×800), a tablet in
 * portrait (768×1024) and a phone (390×844). Taken only when SHOTS_DIR names a folder, so CI does not pay for them.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";

export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

/**
 * Saves `{name}-{width}x{height}.png` at each size, then returns the page to the first size.
 * `focus` is scrolled into view first, after the page has settled at the new size (charts redraw).
 */
/** Where a screenshot of `name` at `size` goes, or null when no screenshots are asked for. */
export function shotPath(name: string, size: { width: number; height: number }): string | null {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}-${size.width}x${size.height}.png`);
}

export async function shootAtSizes(
  page: Page,
  name: string,
  options: { fullPage?: boolean; focus?: Locator } = {},
): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    if (options.focus) {
      await options.focus.scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}.png`), fullPage: options.fullPage });
  }
  await page.setViewportSize(SCREEN_SIZES[0]);
}
