/**
 * The import-boundary check `npm run lint` runs after Biome (DESIGN.md, "Imports point one way";
 * STYLE.md habit 12). Inside web/src: routes → features → (app, ui, local) → sync-protocol, with
 * `platform.ts` under all of them as the one wrapper of platform globals.
 *
 *  - a feature never imports another feature: what two share moves to ui/ or local/;
 *  - ui/ is pure: no local/, features/, app/ or routes/;
 *  - local/ has no React and imports no features/, app/, ui/ or routes/;
 *  - app/ imports no features/ or routes/; nothing but the route tree imports routes/;
 *  - nothing imports sync-protocol's index (every schema of the protocol, built on load): each
 *    name comes from the module that defines it, so a page builds only the schemas it uses;
 *  - localStorage, sessionStorage, navigator.locks and Date.now are used raw only in platform.ts;
 *    so are the clock `new Date()` (no argument), `performance.now` and a global `fetch(...)`,
 *    except in tests and their helpers (*.test.ts(x), *.mock.ts, test-support.ts, fake-*.ts),
 *    which build dates and stub fetch freely.
 *
 * Inside api/src (tests, *.test.ts, stand outside the layers): the entry points (server.ts,
 * content/import-cli.ts) → demo → (routes, sync, http, auth, content, mail) → read → db.
 *
 *  - db/ imports nothing of api/src outside db/;
 *  - read/ (the reads routes and sync/pull share) imports only db/;
 *  - sync/ (replay and pull) imports no routes/, and routes/ imports no sync/pull/: what both
 *    read moves to read/;
 *  - demo/ is the top layer: only the entry points (server.ts, content/import-cli.ts) and
 *    test-support/ import it.
 *
 * Specifiers are read with the TypeScript parser (import, export-from, dynamic import()), so
 * comments and strings never count. Run: node --import tsx scripts/check-layers.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const PLATFORM_WRAPPER = "web/src/platform.ts";

export interface Violation {
  file: string;
  line: number;
  message: string;
}

/** The layer of a path relative to the repository root, e.g. "features/results", "ui", "local". */
export function layerOf(path: string): string | null {
  if (!path.startsWith("web/src/")) return null;
  const parts = path.slice("web/src/".length).split("/");
  if (parts.length === 1) return parts[0] === "platform.ts" ? "platform" : "root";
  if (parts[0] === "features") return `features/${parts[1]}`;
  return parts[0] ?? null;
}

const REACT = /^(react|react-dom|dexie-react-hooks|@tanstack\/react-[a-z-]+)(\/.*)?$/;

const HELPERS: Record<string, string> = {
  localStorage: "localStore() of web/src/platform.ts",
  sessionStorage: "localStore() of web/src/platform.ts",
  "navigator.locks": "webLocks(), withLock() or lockHeld() of web/src/platform.ts",
  "Date.now": "now() of web/src/platform.ts (or an injected clock)",
  "new Date()": "currentDate() or now() of web/src/platform.ts (or an injected clock); new Date(value) is fine",
  "performance.now": "monotonicNow() of web/src/platform.ts",
  "fetch()": "platformFetch() of web/src/platform.ts (or an injected fetch)",
};

/** Tests and their helpers may build dates, time things and stub fetch themselves. */
const TEST_FILE = /(\.test\.tsx?|\.mock\.ts|\/test-support\.ts|\/fake-[^/]*\.ts)$/;

/** The globals tests may use raw (the storage and lock rules hold everywhere). */
const TEST_ALLOWED = new Set(["new Date()", "performance.now", "fetch()"]);

const GLOBAL_SCOPES = ["globalThis", "window", "self"];

function crossing(from: string, to: string, specifier: string): string | null {
  const f = from;
  if (to === "root") return `${f} imports ${specifier}: nothing imports the app entry`;
  if (to === "routes" && f !== "root" && f !== "routes")
    return `${f} imports ${specifier}: only the route tree imports routes/; pass what you need down as props`;
  if (f.startsWith("features/") && to.startsWith("features/") && to !== f)
    return `${f} imports ${to}: move what both use to ui/ (a pure widget) or local/ (a query)`;
  if (f === "ui" && (to === "local" || to.startsWith("features/") || to === "app"))
    return `ui imports ${to === "local" || to === "app" ? `${to}/` : to}: ui/ is pure; take the data as props (the read goes to local/, the caller passes it in)`;
  if (f === "local" && (to === "ui" || to === "app" || to.startsWith("features/")))
    return `local imports ${to}: local/ sits under every screen; move the shared part into local/ or pass it in`;
  if (f === "app" && to.startsWith("features/"))
    return `app imports ${to}: app/ sits under features; move the shared part to ui/ or local/, or compose it in a route`;
  if (f === "platform" && to !== "platform")
    return `platform.ts imports ${to}: the platform wrapper imports nothing of ours`;
  return null;
}

function specifiers(source: ts.SourceFile): { text: string; node: ts.Node }[] {
  const found: { text: string; node: ts.Node }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push({ text: node.moduleSpecifier.text, node });
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push({ text: node.arguments[0].text, node });
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push({ text: node.argument.literal.text, node });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * `localStorage`, `globalThis.localStorage`, `navigator.locks`, `Date.now`, `new Date()`,
 * `performance.now` and `fetch(...)` (or `globalThis.fetch(...)`) as the code uses them.
 */
function rawGlobal(node: ts.Node): string | null {
  // The clock: `new Date()` / `new Date`; `new Date(value)` parses or copies a value.
  if (
    ts.isNewExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === "Date" &&
    (node.arguments ?? []).length === 0
  )
    return "new Date()";
  // The global fetch called directly; `deps.fetch(...)` and `options.fetch(...)` are injected ones.
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isIdentifier(callee) && callee.text === "fetch") return "fetch()";
    if (
      ts.isPropertyAccessExpression(callee) &&
      callee.name.text === "fetch" &&
      ts.isIdentifier(callee.expression) &&
      GLOBAL_SCOPES.includes(callee.expression.text)
    )
      return "fetch()";
  }
  if (ts.isIdentifier(node) && (node.text === "localStorage" || node.text === "sessionStorage")) {
    const parent = node.parent;
    // `x.localStorage` is named by its property access; declarations and keys of our own are not the global.
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
      const left = parent.expression;
      return ts.isIdentifier(left) && GLOBAL_SCOPES.includes(left.text) ? node.text : null;
    }
    if (
      (ts.isPropertyAssignment(parent) ||
        ts.isPropertySignature(parent) ||
        ts.isVariableDeclaration(parent) ||
        ts.isParameter(parent) ||
        ts.isBindingElement(parent) ||
        ts.isImportSpecifier(parent)) &&
      parent.name === node
    )
      return null;
    return node.text;
  }
  if (ts.isPropertyAccessExpression(node) || ts.isPropertyAccessChain(node)) {
    const name = node.name.text;
    const left = node.expression;
    if (name === "now" && ts.isIdentifier(left) && left.text === "Date") return "Date.now";
    if (
      name === "now" &&
      ((ts.isIdentifier(left) && left.text === "performance") ||
        (ts.isPropertyAccessExpression(left) && left.name.text === "performance"))
    )
      return "performance.now";
    if (name === "locks") {
      const leftName = ts.isIdentifier(left)
        ? left.text
        : ts.isPropertyAccessExpression(left)
          ? left.name.text
          : ts.isParenthesizedExpression(left) || ts.isAsExpression(left)
            ? left.getText()
            : "";
      if (/navigator/.test(leftName)) return "navigator.locks";
    }
  }
  return null;
}

/** Every crossing in one source file; `path` is relative to the repository root. */
export function checkSource(path: string, text: string): Violation[] {
  if (path.startsWith("api/src/")) return checkApiSource(path, text);
  const from = layerOf(path);
  if (!from) return [];
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Violation[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (const { text: spec, node } of specifiers(source)) {
    if (from === "local" && REACT.test(spec)) {
      out.push({
        file: path,
        line: at(node),
        message: `local imports ${spec}: local/ has no React; the hook goes to app/ (shared) or the feature that renders it`,
      });
      continue;
    }
    if (spec === "@preflight/sync-protocol") {
      out.push({
        file: path,
        line: at(node),
        message:
          "web/src imports @preflight/sync-protocol whole: its index builds every schema of the protocol; import the module that defines the name (@preflight/sync-protocol/rules/…, /schemas/…)",
      });
      continue;
    }
    if (!spec.startsWith(".")) continue;
    const target = posix.normalize(posix.join(posix.dirname(path), spec));
    const to = layerOf(target);
    if (!to || to === from) continue;
    const message = crossing(from, to, spec);
    if (message) out.push({ file: path, line: at(node), message });
  }
  if (path !== PLATFORM_WRAPPER) {
    const isTest = TEST_FILE.test(path);
    const visit = (node: ts.Node): void => {
      const raw = rawGlobal(node);
      if (raw && isTest && TEST_ALLOWED.has(raw)) ts.forEachChild(node, visit);
      else if (raw)
        out.push({
          file: path,
          line: at(node),
          message: `raw ${raw} outside ${PLATFORM_WRAPPER}: call ${HELPERS[raw]}`,
        });
      else ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** The layer of a path under api/src: its first folder ("db", "read", "routes", ...) or its file name. */
export function apiLayerOf(path: string): string | null {
  if (!path.startsWith("api/src/")) return null;
  return path.slice("api/src/".length).split("/")[0] ?? null;
}

/** The api/src files that may seed the demo: the two entry points and the test harness. */
const DEMO_IMPORTERS = ["api/src/server.ts", "api/src/content/import-cli.ts"];

function apiCrossing(path: string, from: string, target: string, specifier: string): string | null {
  const to = apiLayerOf(target);
  if (to === "demo" && from !== "demo" && from !== "test-support" && !DEMO_IMPORTERS.includes(path))
    return `${from} imports ${specifier}: demo/ is the top layer, seeded only by server.ts, content/import-cli.ts and test-support/; what the app needs goes to read/ or db/`;
  if (from === "db" && to !== "db")
    return `db imports ${specifier}: db/ sits under every layer and imports nothing of api/src outside db/; pass what it needs in`;
  if (from === "read" && to !== "read" && to !== "db")
    return `read imports ${specifier}: read/ holds plain reads over db/ and imports only db/; take clocks and the like as arguments`;
  if (from === "sync" && to === "routes")
    return `sync imports ${specifier}: sync/ imports no routes/; move the read both use to read/<area>.ts`;
  if (from === "routes" && target.startsWith("api/src/sync/pull/"))
    return `routes imports ${specifier}: a route does not read through a pull step; move the read both use to read/<area>.ts`;
  return null;
}

/** Every crossing of the API's layers in one source file under api/src; tests are not checked. */
function checkApiSource(path: string, text: string): Violation[] {
  const from = apiLayerOf(path);
  if (!from || path.endsWith(".test.ts")) return [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Violation[] = [];
  for (const { text: spec, node } of specifiers(source)) {
    if (!spec.startsWith(".")) continue;
    const target = posix.normalize(posix.join(posix.dirname(path), spec));
    const to = apiLayerOf(target);
    const message = to && to !== from ? apiCrossing(path, from, target, spec) : null;
    if (message)
      out.push({ file: path, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, message });
  }
  return out;
}

function sourcesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesUnder(root, path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".gen.ts")) out.push(path);
  }
  return out;
}

export function checkTree(root: string): Violation[] {
  return ["web/src", "api/src"]
    .flatMap((dir) => sourcesUnder(root, dir))
    .flatMap((path) => checkSource(path, readFileSync(join(root, path), "utf8")));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = relative(process.cwd(), resolve(dirname(fileURLToPath(import.meta.url)), "..")) || ".";
  const found = checkTree(root);
  for (const v of found) console.error(`${v.file}:${v.line}  ${v.message}`);
  if (found.length > 0) {
    console.error(`\ncheck-layers: ${found.length} crossing(s); see DESIGN.md, "Imports point one way"`);
    process.exit(1);
  }
  console.log("check-layers: web/src and api/src imports point one way");
}
