import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUDGET_BYTES, htmlScripts, measurePages, pageScripts, verdict } from "./check-bundle-budget.ts";

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor.js">
<link rel="stylesheet" crossorigin href="/assets/index.css">
<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;

/** A small build: an entry with one preload, two split routes, a chart only a route imports dynamically. */
const MANIFEST = {
  "index.html": { file: "assets/index.js", src: "index.html", isEntry: true, imports: ["_vendor.js", "_shared.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "_shared.js": { file: "assets/shared.js", imports: ["_vendor.js"] },
  "_form.js": { file: "assets/form.js", imports: ["_shared.js"] },
  "_charts.js": { file: "assets/charts.js" },
  "src/routes/login.tsx?tsr-split=component": {
    file: "assets/login.js",
    src: "src/routes/login.tsx?tsr-split=component",
    isDynamicEntry: true,
    imports: ["index.html", "_form.js"],
  },
  "src/routes/_app/analysis.tsx?tsr-split=component": {
    file: "assets/analysis.js",
    src: "src/routes/_app/analysis.tsx?tsr-split=component",
    isDynamicEntry: true,
    imports: ["index.html"],
    dynamicImports: ["_charts.js"],
  },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("check-bundle-budget", () => {
  it("reads the module script and the modulepreload links of index.html, not the stylesheet", () => {
    expect(htmlScripts(HTML)).toEqual(["assets/index.js", "assets/vendor.js"]);
  });

  it("counts the entry, its static imports and the page's route chunks, never a dynamic import", () => {
    expect(pageScripts(MANIFEST, HTML, ["src/routes/__root.tsx", "src/routes/login.tsx"])).toEqual([
      "assets/form.js",
      "assets/index.js",
      "assets/login.js",
      "assets/shared.js",
      "assets/vendor.js",
    ]);
    expect(pageScripts(MANIFEST, HTML, ["src/routes/_app/analysis.tsx"])).not.toContain("assets/charts.js");
  });

  it("finds a route merged into a chunk without a manifest key of its own by the chunk's source files", () => {
    const merged = {
      ...MANIFEST,
      "_dashboard.js": { file: "assets/dashboard.js", imports: ["index.html", "_form.js"] },
    };
    const sources: Record<string, string[]> = {
      "assets/dashboard.js": ["../../src/routes/_app/dashboard.tsx?tsr-split=component", "../../src/app/Shell.tsx"],
    };
    expect(pageScripts(merged, HTML, ["src/routes/_app/dashboard.tsx"], (file) => sources[file] ?? [])).toEqual([
      "assets/dashboard.js",
      "assets/form.js",
      "assets/index.js",
      "assets/shared.js",
      "assets/vendor.js",
    ]);
  });

  it("sums the build's brotli copies, compressing here a file the build left without one", () => {
    const dist = mkdtempSync(join(tmpdir(), "budget-"));
    dirs.push(dist);
    mkdirSync(join(dist, "assets"));
    mkdirSync(join(dist, ".vite"));
    writeFileSync(join(dist, "index.html"), HTML);
    writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    for (const name of ["index", "vendor", "shared", "form", "login", "analysis", "charts"])
      writeFileSync(join(dist, "assets", `${name}.js`), "x".repeat(1000));
    // The .br beside a file is what the server sends: its size counts, whatever it holds.
    for (const name of ["index", "vendor", "shared"])
      writeFileSync(join(dist, "assets", `${name}.js.br`), "b".repeat(100));

    const [login] = measurePages(dist, { "/login": ["src/routes/login.tsx"] });
    expect(login?.files).toBe(5);
    expect(login?.raw).toBe(5000);
    // Three .br copies of 100 bytes, and form.js and login.js compressed here (1000 "x" is a few bytes).
    expect(login?.brotli).toBeGreaterThan(300);
    expect(login?.brotli).toBeLessThan(300 + 2 * 50);
  });

  it("reads a page against the budget", () => {
    expect(verdict(BUDGET_BYTES)).toBe("budget 150.0 KiB: ok");
    expect(verdict(BUDGET_BYTES + 1024)).toBe("budget 150.0 KiB: OVER by 1.0 KiB");
  });
});
