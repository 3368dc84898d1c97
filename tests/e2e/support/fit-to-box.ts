import type { Locator, Page } from "@playwright/test";

/** True when every visible item lies wholly inside the box: none cut by its edge. */
export async function visibleItemsFit(box: Locator, items: Locator): Promise<boolean> {
  const outer = await box.boundingBox();
  if (!outer) return false;
  for (const item of await items.all()) {
    if (!(await item.isVisible())) continue;
    const inner = await item.boundingBox();
    if (!inner || inner.y + inner.height > outer.y + outer.height + 0.5) return false;
  }
  return true;
}

/** How many of the items are shown (not inside a hidden element). */
export function shownCount(items: Locator): Promise<number> {
  return items.evaluateAll((all) => all.filter((item) => !item.closest("[hidden]")).length);
}

/** Resolves once the page has drawn two more frames: resize events and observers have run. */
export function afterTwoFrames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}
