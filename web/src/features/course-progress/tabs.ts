/**
 * The graph's tabs and the address's hash (spec: "Tabs: Full Course (only when more than one
 * module exists) plus one per module. Hash is full-course or module-{id}.").
 */
export const FULL_COURSE = "full-course";
export type ProgressTab = typeof FULL_COURSE | `module-${number}`;

export function moduleTab(moduleId: number): ProgressTab {
  return `module-${moduleId}`;
}

/** The tab a hash names, if it is one of `tabs`; otherwise the first tab (or null with none). */
export function tabOfHash(hash: string, tabs: readonly ProgressTab[]): ProgressTab | null {
  const wanted = hash.replace(/^#/, "");
  return tabs.find((t) => t === wanted) ?? tabs[0] ?? null;
}
