/**
 * The accessibility check every screen passes: axe-core injected into Chromium, WCAG 2.1 A and
 * AA rules, in the light and the dark theme, on a laptop and a tablet in portrait.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { SCREEN_SIZES, shotPath } from "./screenshots.ts";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Checked by axe; the phone size is only photographed (its layout is the tablet's, narrower). */
const AXE_SIZES = SCREEN_SIZES.slice(0, 2);

/** Every axe violation on the page now, as readable lines: rule, impact, the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.flatMap((violation) =>
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
 * The screen in both themes: axe at the laptop and tablet sizes (0 violations expected), and
 * when SHOTS_DIR is set a screenshot at all three sizes. Returns the violations found so a tour
 * can report every screen before failing; `settle` waits for what the screen redraws on resize.
 * The page is left at the laptop size in the light theme.
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
      // Without screenshots asked for, the phone size has nothing to check.
      if (!path && !AXE_SIZES.includes(size)) continue;
      await page.setViewportSize(size);
      await options.settle?.();
      // Transitions (bars growing, dialogs fading in) finish before anything is measured.
      await page.waitForTimeout(250);
      if (AXE_SIZES.includes(size))
        for (const line of await axeViolations(page)) found.push(`${name} ${theme} ${size.width}: ${line}`);
      if (path) await page.screenshot({ path, fullPage: options.fullPage ?? true });
    }
  }
  await useTheme(page, "light");
  await page.setViewportSize(SCREEN_SIZES[0]);
  return found;
}
