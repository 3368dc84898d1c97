/**
 * Reads the specification's sections (../shared/spec beside the repository): the rows of each
 * document's §7 call table and the quoted strings of its §8 error catalogue.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const SPEC_DIR = join(import.meta.dirname, "..", "..", "..", "shared", "spec");

export const SPEC_DOCS = ["test-taking.md", "study-and-progress.md", "accounts-and-installed-app.md"] as const;
export type SpecDoc = (typeof SPEC_DOCS)[number];

/** The text of section `n` ("## n. ...") of a document, up to the next section. */
export function section(doc: SpecDoc, n: number): string {
  const text = readFileSync(join(SPEC_DIR, doc), "utf8");
  const start = text.search(new RegExp(`^## ${n}\\. `, "m"));
  if (start < 0) throw new Error(`${doc} has no section ${n}`);
  const rest = text.slice(start + 1);
  const end = rest.search(/^## \d+\. /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The first cell of every row of the §7 table: the call as the spec names it. */
export function specCalls(doc: SpecDoc): string[] {
  return section(doc, 7)
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) => (line.split("|")[1] ?? "").trim());
}

/**
 * Every string the §8 catalogue quotes: text between single quotes, where the opening quote
 * follows a space, a bracket or a line start (so an apostrophe inside a word opens nothing).
 */
export function specStrings(doc: SpecDoc): string[] {
  const found: string[] = [];
  for (const match of section(doc, 8).matchAll(/(?<=^|[\s(])'(.+?)'(?=[\s.,;:)]|$)/gm)) found.push(match[1] as string);
  return found;
}
