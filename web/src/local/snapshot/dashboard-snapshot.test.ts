/**
 * The installed app's index.html carries its brand between the app-shell comments, and the saved
 * dashboard takes their place, inert, in the theme it was saved in.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "./dashboard-snapshot.ts";

const indexHtml = readFileSync(new URL("../../../index.html", import.meta.url), "utf8");
const markup = "<header>Preflight</header><main><h1>Welcome back, Sam</h1><p>12 tests passed</p></main>";

describe("withSnapshot", () => {
  it("puts the saved dashboard in the root of the app's index.html, inert, in place of the brand", () => {
    const page = withSnapshot(indexHtml, { markup, dark: false });
    expect(page).not.toBeNull();
    expect(page).toContain(`<div id="root"><div inert data-snapshot="dashboard">${markup}</div></div>`);
    expect(page).not.toContain("<!--app-shell-->");
    expect(page).not.toContain('class="dark"');
    // Everything else of the page stays: its scripts still start the app.
    expect(page).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it("paints dark when the dashboard was saved in the dark theme", () => {
    expect(withSnapshot(indexHtml, { markup, dark: true })).toContain('<html lang="en" class="dark">');
  });

  it("keeps markup with replacement patterns as it is", () => {
    const tricky = "<p>$& and $1 and $$</p>";
    expect(withSnapshot(indexHtml, { markup: tricky, dark: false })).toContain(tricky);
  });

  it("gives nothing for a page without the marked shell, which is then served as it is", () => {
    expect(
      withSnapshot('<html lang="en"><body><div id="root"></div></body></html>', { markup, dark: false }),
    ).toBeNull();
  });
});
