import { describe, expect, it } from "vitest";
import { FULL_COURSE, moduleTab, type ProgressTab, tabOfHash } from "./tabs.ts";

describe("My Progress tabs and hash (full-course or module-{id})", () => {
  const tabs: ProgressTab[] = [FULL_COURSE, moduleTab(301), moduleTab(302)];
  it("the hash selects its tab, with or without the #", () => {
    expect(tabOfHash("#module-302", tabs)).toBe("module-302");
    expect(tabOfHash("full-course", tabs)).toBe("full-course");
  });
  it("an unknown or empty hash selects the first tab; no tabs, none", () => {
    expect(tabOfHash("#module-999", tabs)).toBe("full-course");
    expect(tabOfHash("", [moduleTab(301)])).toBe("module-301");
    expect(tabOfHash("#full-course", [moduleTab(301)])).toBe("module-301");
    expect(tabOfHash("#full-course", [])).toBeNull();
  });
});
