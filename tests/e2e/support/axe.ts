/**
 * The accessibility check every screen passes: axe-core injected into Chromium, WCAG 2.1 A and
 * AA rules, in the light and the dark theme, on a laptop and a tablet in portrait.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type * as Axe from "axe-core";
import { SCREEN_SIZES, shotPath } from "./screenshots.ts";

declare const axe: typeof Axe;

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Checked by axe; the phone size is only photographed (its layout is the tablet's, narrower). */
const AXE_SIZES = SCREEN_SIZES.slice(0, 2);

/** axe-core's browser build, evaluated once in each document it checks. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Every axe violation on the page now, as readable lines: rule, impact, the elements. axe runs
 * in the page's own document (the app has no frames); its source is evaluated there only when
 * the document does not hold it yet, where @axe-core/playwright's AxeBuilder injects it again and
 * opens a blank page to gather frame results on every check (1.3 s a check, most of a tour).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Not `"axe" in window`: an element with id "axe" would answer for it.
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function")))
    await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) =>
      axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((r) => r.violations),
    AXE_TAGS,
  );
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`,
    ),
  );
}

export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
}

/**
 * Whether the page scrolls sideways at this size: a table wider than the screen belongs in its
 * own scroller, and an absolutely placed part of it (a screen reader's label) escapes one that
 * is not its containing block, so the page could be panned sideways on a phone.
 */
async function sidewaysScroll(page: Page): Promise<string | null> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return scrollWidth > innerWidth ? `the page scrolls sideways (${scrollWidth} px wide in ${innerWidth})` : null;
}

/**
 * The screen in both themes: axe at the laptop and tablet sizes (0 violations expected), no
 * sideways scroll at any of the three sizes (the phone's in the light theme), and when SHOTS_DIR
 * is set a screenshot at all three. Returns the problems found so a tour can report every screen
 * before failing; `settle` waits for what the screen redraws on resize. The page is left at the
 * laptop size in the light theme.
 */
export async function checkScreen(
  page: Page,
  name: string,
  options: { fullPage?: boolean; settle?: () => Promise<void> } = {},
): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await useTheme(page, theme);
    for (const size of SCREEN_SIZES) {
      const path = shotPath(`${name}-${theme}`, size);
      // Without screenshots asked for, the phone size is checked for sideways scroll once.
      if (!path && !AXE_SIZES.includes(size) && theme !== "light") continue;
      await page.setViewportSize(size);
      await options.settle?.();
      // Transitions (bars growing, dialogs fading in) finish before anything is measured.
      await page.waitForTimeout(250);
      if (AXE_SIZES.includes(size))
        for (const line of await axeViolations(page)) found.push(`${name} ${theme} ${size.width}: ${line}`);
      const sideways = await sidewaysScroll(page);
      if (sideways) found.push(`${name} ${theme} ${size.width}: ${sideways}`);
      if (path) await page.screenshot({ path, fullPage: options.fullPage ?? true });
    }
  }
  await useTheme(page, "light");
  await page.setViewportSize(SCREEN_SIZES[0]);
  return found;
}
