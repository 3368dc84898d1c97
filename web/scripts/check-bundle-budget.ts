/**
 * The JavaScript budget of the first page, checked after `vite build` (npm run build): the
 * scripts a first visit to /login or to the dashboard downloads before the page can paint,
 * compressed as the server sends them (the brotli copy the build writes beside each asset).
 *
 * For each page that is index.html's module script and its modulepreload links, every chunk
 * they import statically, and the page's route chunks (TanStack Router's automatic splitting
 * puts each route's component in its own chunk, fetched as the route matches) with their static
 * imports. Chunks fetched later by a dynamic import (charts, the model viewer, the device file
 * export) do not count. The chunk graph is read from the build manifest (build.manifest); a route
 * whose component went into a merged chunk (vite.config.ts, firstPageGroups) has no manifest key
 * of its own, so a chunk also counts when its source map lists one of the page's route files.
 *
 * Usage: node --import tsx scripts/check-bundle-budget.ts [dist dir, default dist]
 * Prints each page's figure against the budget (issue 18's target) and exits 1 when a page is
 * above it: the build fails when a first page grows past it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

import { FIRST_PAGES } from "./first-pages.ts";

export { FIRST_PAGES };

export const BUDGET_BYTES = 150 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The scripts index.html loads at once: its module scripts and modulepreload links, as asset paths. */
export function htmlScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\b${name}=["']([^"']*)["']`))?.[1];
    const isModule = tag.startsWith("<script") && attr("type") === "module";
    const isPreload = tag.startsWith("<link") && attr("rel") === "modulepreload";
    const url = isModule ? attr("src") : isPreload ? attr("href") : undefined;
    if (url) found.push(url.replace(/^\//, ""));
  }
  return found;
}

/** Every file the given manifest keys load, following static imports only. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The JS files a first visit to the page downloads, as paths inside the dist dir. `sourcesOf`
 * gives a chunk's source files (from its source map), to find the route chunks the manifest does
 * not name.
 */
export function pageScripts(
  manifest: Manifest,
  html: string,
  routeFiles: string[],
  sourcesOf: (file: string) => string[] = () => [],
): string[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  const keys: string[] = [];
  for (const file of htmlScripts(html)) {
    files.add(file);
    const key = byFile.get(file);
    if (key) keys.push(key);
  }
  for (const [key, chunk] of Object.entries(manifest))
    if (
      !chunk.isEntry &&
      (routeFiles.includes(chunk.src?.replace(/\?.*$/, "") ?? "") ||
        sourcesOf(chunk.file).some((source) =>
          routeFiles.some((route) => source.replace(/\?.*$/, "").endsWith(`/${route}`)),
        ))
    )
      keys.push(key);
  for (const file of staticClosure(manifest, keys)) files.add(file);
  return [...files].sort();
}

/** Bytes on the wire: the build's .br copy, or the file compressed here when the build wrote none (small files). */
export function brotliSize(dist: string, file: string): number {
  const path = join(dist, file);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).byteLength;
  return brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
}

/** The source files a chunk was built from, as its source map lists them (none without a map). */
function mapSources(dist: string, file: string): string[] {
  const map = join(dist, `${file}.map`);
  if (!file.endsWith(".js") || !existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, "utf8")) as { sources?: string[] }).sources ?? [];
}

export interface PageFigure {
  page: string;
  files: number;
  raw: number;
  brotli: number;
}

export function measurePages(dist: string, pages: Record<string, string[]> = FIRST_PAGES): PageFigure[] {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
  const html = readFileSync(join(dist, "index.html"), "utf8");
  return Object.entries(pages).map(([page, routeFiles]) => {
    const files = pageScripts(manifest, html, routeFiles, (file) => mapSources(dist, file));
    return {
      page,
      files: files.length,
      raw: files.reduce((sum, file) => sum + readFileSync(join(dist, file)).byteLength, 0),
      brotli: files.reduce((sum, file) => sum + brotliSize(dist, file), 0),
    };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** How a page's brotli size reads against the budget. */
export function verdict(brotli: number): string {
  if (brotli <= BUDGET_BYTES) return `budget ${kib(BUDGET_BYTES)}: ok`;
  return `budget ${kib(BUDGET_BYTES)}: OVER by ${kib(brotli - BUDGET_BYTES)}`;
}

function main(): void {
  const dist = resolve(process.argv[2] ?? "dist");
  const figures = measurePages(dist);
  let over = false;
  for (const figure of figures) {
    over ||= figure.brotli > BUDGET_BYTES;
    console.log(
      `initial JS ${figure.page}: ${kib(figure.brotli)} brotli (${kib(figure.raw)} raw, ${figure.files} files); ${verdict(figure.brotli)}`,
    );
  }
  if (over) {
    console.error(
      `The first page's JavaScript grew above its budget of ${kib(BUDGET_BYTES)}: move what it does not need to paint behind a dynamic import (ui/deferred.tsx for a component).`,
    );
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
