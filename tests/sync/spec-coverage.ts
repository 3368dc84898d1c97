/**
 * Which tests name which rule of `sync-protocol/SPEC.md`.
 *
 * A rule is a bold id at the start of a bullet, `- **[OB3]** …`; a struck-through rule
 * (`~~**[OB3]**~~`) is gone and needs no test. A test names a rule when the id, in brackets,
 * is in the title of an `it`, `test` or `describe` (Playwright's `test.describe` too) in a
 * `*.test.ts`, `*.test.tsx` or `tests/**\/*.spec.ts` file: `it("[OB3] an intent that throws …")`.
 * A skipped, todo or fixme test proves nothing and names nothing.
 *
 *   node --import tsx tests/sync/spec-coverage.ts       lists every rule with its tests, then
 *                                                       the rules no test names (exit 1 if any)
 *
 * `spec-coverage.test.ts` fails when a rule is named by no test, so the spec and the tests keep
 * agreeing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = join(import.meta.dirname, "..", "..");
export const SPEC_PATH = join(ROOT, "sync-protocol", "SPEC.md");

const SKIPPED_DIRS = new Set(["node_modules", ".git", "dist", "artifacts", "test-results", "data"]);

/** The live rule ids of the spec, in the order they are written. */
export function specRules(spec: string): string[] {
  const ids: string[] = [];
  for (const m of spec.matchAll(/^\s*-\s+(~~)?\*\*\[([A-Z]{2}\d+)\]\*\*/gm)) {
    const [, struck, id] = m;
    if (!struck && id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The titles of the tests (and suites) a file declares, skipped ones left out. */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  for (const m of source.matchAll(/\b(?:it|test|describe)((?:\.\w+)*)\(/g)) {
    const modifiers = m[1] ?? "";
    if (/\.(skip|todo|fixme)\b/.test(modifiers)) continue;
    let at = (m.index ?? 0) + m[0].length;
    // `it.each(table)("title", …)`: the title is the first argument of the second call.
    if (/\.each\b/.test(modifiers)) {
      at = afterGroup(source, at);
      if (source[at] !== "(") continue;
      at += 1;
    }
    const title = /^\s*(["'`])((?:\\.|(?!\1)[\s\S])*?)\1/.exec(source.slice(at, at + 2000));
    if (title?.[2] !== undefined) titles.push(title[2]);
  }
  return titles;
}

/** The index just after the parenthesis that closes a group opened before `at`; strings skipped. */
function afterGroup(source: string, at: number): number {
  let depth = 1;
  let quote: string | null = null;
  for (let i = at; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return source.length;
}

/** The rule ids a title names: every `[XX9]` in it. */
export function idsInTitle(title: string): string[] {
  return [...title.matchAll(/\[([A-Z]{2}\d+)\]/g)].map((m) => m[1] ?? "");
}

/** The coverage test's own examples name rules on purpose; they prove nothing about the rules. */
const NOT_SCANNED = new Set(["tests/sync/spec-coverage.test.ts"]);

function isTestFile(path: string): boolean {
  if (NOT_SCANNED.has(path)) return false;
  if (/\.test\.tsx?$/.test(path)) return true;
  return path.startsWith("tests/") && path.endsWith(".spec.ts");
}

export function testFiles(root = ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else {
        const path = relative(root, join(dir, entry.name)).split("\\").join("/");
        if (isTestFile(path)) found.push(path);
      }
    }
  };
  walk(root);
  return found.sort();
}

export interface Coverage {
  /** Each live rule of the spec with the tests naming it (`file: title`). */
  rules: Map<string, string[]>;
  /** Rules no test names. */
  uncovered: string[];
  /** Ids tests name that the spec does not have (a typo, or a rule that went away). */
  unknown: Map<string, string[]>;
}

export function specCoverage(root = ROOT): Coverage {
  const rules = new Map<string, string[]>(specRules(readFileSync(SPEC_PATH, "utf8")).map((id) => [id, []]));
  const unknown = new Map<string, string[]>();
  for (const file of testFiles(root)) {
    for (const title of testTitles(readFileSync(join(root, file), "utf8"))) {
      for (const id of idsInTitle(title)) {
        const where = `${file}: ${title}`;
        const list = rules.get(id) ?? unknown.get(id) ?? [];
        if (!rules.has(id)) unknown.set(id, list);
        if (!list.includes(where)) list.push(where);
      }
    }
  }
  const uncovered = [...rules].filter(([, tests]) => tests.length === 0).map(([id]) => id);
  return { rules, uncovered, unknown };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rules, uncovered, unknown } = specCoverage();
  for (const [id, tests] of rules) {
    console.log(`${id} (${tests.length})`);
    for (const t of tests) console.log(`    ${t}`);
  }
  for (const [id, tests] of unknown) console.log(`not in SPEC.md: ${id} named by ${tests.join("; ")}`);
  console.log(`\n${rules.size} rules, ${uncovered.length} named by no test: ${uncovered.join(" ") || "none"}`);
  process.exitCode = uncovered.length > 0 || unknown.size > 0 ? 1 : 0;
}
