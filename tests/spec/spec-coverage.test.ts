/**
 * Every line of the specification's call tables (§7) and error catalogues (§8), checked against
 * the product: each call is a catalogue entry whose reply carries the fields the spec reads (or a
 * device function with its tests beside it), and each quoted string is in the product's source
 * exactly as quoted, and asserted by at least one test.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { routes } from "@preflight/sync-protocol/routes/index";
import { afterAll, describe, expect, it } from "vitest";
import { SPEC_CALLS } from "./spec-calls.ts";
import { SPEC_STRING_FORMS } from "./spec-strings.ts";
import { SPEC_DOCS, specCalls, specStrings } from "./spec-text.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const PRODUCT_DIRS = ["web/src", "sync-protocol", "api/src", "service-worker/src"];
const TEST_DIRS = ["web/src", "sync-protocol", "api/src", "service-worker", "tests/e2e", "tests/sync"];

function filesUnder(dir: string): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.parentPath.includes("node_modules"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);
const read = (file: string) => (existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), "utf8") : "");
const productFiles = PRODUCT_DIRS.flatMap(filesUnder)
  .filter((f) => !isTest(f))
  .map(read);
const productText = productFiles.join("\n");
const testText = TEST_DIRS.flatMap(filesUnder).filter(isTest).map(read).join("\n");

/**
 * A spec string as a pattern: `{name}` stands for any placeholder the code fills in, and a
 * number may come from a constant (`${RETRY_WAIT_S}`).
 */
function patternOf(text: string): RegExp {
  const literal = (p: string) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const interpolated = "\\$\\{[^}]+\\}";
  const body = text
    .split(/(\{\w+\}|\d+)/)
    .map((part, i) => {
      if (i % 2 === 0) return literal(part);
      if (/^\d+$/.test(part)) return `(?:${part}|${interpolated})`;
      return `(?:${interpolated}|\\{\\w+\\}|[^'"\`\\n]*?)`;
    })
    .join("");
  return new RegExp(body);
}

/**
 * Whether the text holds the spec string (as `patternOf` reads it). The pattern is tried only
 * around each place its longest literal part occurs: a string that opens with a placeholder
 * (`{module} module must…`) would otherwise have its lazy opening group tried at every
 * character of the whole product.
 */
function holds(text: string, form: string): boolean {
  const pattern = patternOf(form);
  const anchor = form
    .split(/\{\w+\}|\d+/)
    .reduce((longest, part) => (part.length > longest.length ? part : longest), "");
  if (anchor.length < 8) return pattern.test(text);
  const reach = form.length + 500;
  for (let at = text.indexOf(anchor); at >= 0; at = text.indexOf(anchor, at + 1))
    if (pattern.test(text.slice(Math.max(0, at - reach), at + anchor.length + reach))) return true;
  return false;
}

/**
 * The names the product gives a string: `OBJECT.key` for a key of an exported constant object
 * (`export const UPDATE_MESSAGES = { noSyllabus: "..." }`), `NAME` for a constant of its own.
 * A test that asserts through one of these names asserts the string.
 */
function namesOf(pattern: RegExp): string[] {
  const names: string[] = [];
  const quoted = new RegExp(`(?:(\\w+):\\s*|const (\\w+)\\s*=\\s*)["'\`]${pattern.source}`, "g");
  for (const file of productFiles) {
    for (const match of file.matchAll(quoted)) {
      if (match[2]) names.push(match[2]);
      const owner = [...file.slice(0, match.index).matchAll(/export const (\w+)/g)].at(-1)?.[1];
      if (match[1] && owner) names.push(`${owner}.${match[1]}`);
    }
  }
  return names;
}

/** The top-level fields of a reply schema (a zod object's shape); none for any other schema. */
function replyFields(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const tally = { calls: 0, callsCovered: 0, strings: 0, stringsShown: 0, stringsTested: 0 };
afterAll(() => {
  console.log(
    `spec coverage: ${tally.callsCovered}/${tally.calls} §7 calls, ${tally.stringsShown}/${tally.strings} §8 strings in the product, ${tally.stringsTested}/${tally.strings} asserted by a test`,
  );
});

for (const doc of SPEC_DOCS) {
  describe(`${doc} §7: the calls`, () => {
    const rows = specCalls(doc);
    const table = SPEC_CALLS[doc];

    it("has one row of the table per call of the spec, and no other", () => {
      expect(Object.keys(table).sort()).toEqual([...new Set(rows)].sort());
    });

    for (const row of new Set(rows)) {
      it(row, () => {
        tally.calls++;
        const home = table[row];
        expect(home, "no entry in spec-calls.ts").toBeDefined();
        if (!home) return;
        if ("routes" in home) {
          for (const name of home.routes) {
            const entry = (routes as Record<string, (typeof routes)[keyof typeof routes]>)[name];
            expect(entry, `catalogue entry ${name}`).toBeDefined();
          }
          const fields = new Set(
            home.routes.flatMap((name) => replyFields((routes as Record<string, { reply: unknown }>)[name]?.reply)),
          );
          expect((home.fields ?? []).filter((f) => !fields.has(f))).toEqual([]);
        } else {
          for (const { file, name } of home.device) {
            expect(read(file), `${file} exports ${name}`).toMatch(
              new RegExp(`export (async )?(function|const|class) ${name}\\b`),
            );
          }
          for (const { file, title } of home.tests) {
            expect(read(file), `${file} has the test "${title}"`).toContain(title);
          }
        }
        tally.callsCovered++;
      });
    }
  });

  describe(`${doc} §8: the strings`, () => {
    for (const quoted of new Set(specStrings(doc))) {
      it(quoted, () => {
        tally.strings++;
        const forms = SPEC_STRING_FORMS[quoted] ?? [quoted];
        const shown = forms.filter((f) => holds(productText, f));
        expect(shown, "shown by the product, exactly as quoted").toEqual(forms);
        tally.stringsShown++;
        const tested = forms.filter(
          (f) => holds(testText, f) || namesOf(patternOf(f)).some((name) => testText.includes(name)),
        );
        expect(tested, "asserted by a test").toEqual(forms);
        tally.stringsTested++;
      });
    }
  });
}
