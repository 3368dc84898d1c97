import { createHash } from "node:crypto";
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { AFTER_LOAD, FIRST_PAGES } from "./scripts/first-pages.ts";
import { FIRST_PAGE_READY_EVENT } from "./src/app/first-page-ready-event.ts";
import { apiPaths } from "./src/dev-proxy-paths.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:8787";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Packages whose modules go with the page that imports them (the device database, ids). */
const WHOLE_PACKAGES = /node_modules[\\/](dexie|dexie-react-hooks|uuid)[\\/]/;

/**
 * The chunks of the first pages (FIRST_PAGES), merged into one file per group: everything the
 * entry imports statically, packages included ("start", rolldown's $initial tag), what the routes
 * of every first page import statically ("first"), and what only one page's routes do (named
 * after the page: the signed-in frame and the dashboard, with the device database). Left to
 * themselves, the dashboard's modules came in some sixty small chunks, each compressed alone and
 * each a request the service worker answers in turn on a cold start; in one file, brotli finds
 * the repetition across modules (React Aria's parts, our components): 102.6 KiB in 61 files
 * against 79.9 KiB in one. A later page that uses one of these modules loads its group's file,
 * which the first page has fetched. React and the router keep their own group (framework): they
 * change less often than the app, so an update does not download them again.
 */
function firstPageGroups(pages: Record<string, string[]>) {
  const root = import.meta.dirname;
  let groupOf: Map<string, string> | null = null;
  const closure = (graph: ModuleGraph, starts: string[], stop: Set<string>) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      // Our modules, and the few packages that are one module each (the device database): a
      // package's index may list every part of it (React Aria's, say), used or not.
      if (seen.has(id) || stop.has(id) || (id.includes("node_modules") && !WHOLE_PACKAGES.test(id))) return;
      seen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    for (const id of starts) visit(id);
    return seen;
  };
  const membership = (graph: ModuleGraph) => {
    if (groupOf) return groupOf;
    const groups = new Map<string, string>();
    const atStart = closure(graph, [resolve(root, "src/main.tsx")], new Set());
    for (const id of atStart) groups.set(id, "start");
    const perPage = Object.entries(pages).map(([page, files]) => {
      // A route file and the component chunk TanStack Router's splitting makes of it.
      const ids = files.flatMap((file) => [resolve(root, file), `${resolve(root, file)}?tsr-split=component`]);
      return [page.replace(/^\//, ""), closure(graph, ids, atStart)] as const;
    });
    for (const [name, ids] of perPage)
      for (const id of ids) groups.set(id, perPage.every(([, other]) => other.has(id)) ? "first" : name);
    groupOf = groups;
    return groups;
  };
  // Separate groups, so that a group's modules are taken before those of the groups after it.
  return [
    { name: "start", tags: ["$initial" as const], priority: 16 },
    ...["first", ...Object.keys(pages).map((page) => page.replace(/^\//, ""))].map((name, index) => ({
      name: (id: string, ctx: ModuleGraph) => (membership(ctx).get(id) === name ? name : null),
      priority: 15 - index,
      // The packages they import stay in rolldown's own chunks, by which pages reach them.
      includeDependenciesRecursively: false,
    })),
  ];
}

/**
 * Each route's component is its own chunk, which the router asks for once the entry has run: a
 * second round trip before the first page can paint. This adds a small module to index.html,
 * fetched beside the entry, that adds modulepreload links for the chunks of the page being
 * opened (FIRST_PAGES: /login, /dashboard), so they download at once, in parallel with the
 * entry. Once the page has loaded, it adds the same links for the chunks of AFTER_LOAD (the
 * pages sign-in leads to, the modules the signed-in frame imports when it needs them): fetched
 * and kept in the module map, not run. A module file, not an inline script: the
 * Content-Security-Policy allows none.
 */
/** Emits a JavaScript asset named by its content's hash; returns its file name. */
function emitHashed(
  ctx: { emitFile(file: { type: "asset"; fileName: string; source: string }): string },
  name: string,
  source: string,
): string {
  const fileName = `assets/${name}-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
  ctx.emitFile({ type: "asset", fileName, source });
  return fileName;
}

function firstRoutePreload(pages: Record<string, string[]>, afterLoad: string[]): Plugin {
  return {
    name: "preflight:first-route-preload",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      const chunks = new Map<string, { imports: string[]; isEntry: boolean; modules: string[] }>();
      for (const [fileName, out] of Object.entries(bundle))
        if (out.type === "chunk")
          chunks.set(fileName, {
            imports: out.imports,
            isEntry: out.isEntry,
            modules: Object.keys(out.modules),
          });
      const closure = (files: string[], into = new Set<string>()) => {
        for (const file of files)
          if (!into.has(file)) {
            into.add(file);
            closure(chunks.get(file)?.imports ?? [], into);
          }
        return into;
      };
      // index.html loads the entry and its static imports already.
      const atStart = closure([...chunks].filter(([, c]) => c.isEntry).map(([file]) => file));
      // The chunks holding a module (a route's component chunk, a merged chunk, or the module itself).
      const holding = (path: string) =>
        [...chunks]
          .filter(([, c]) => c.modules.some((id) => id.replace(/\?.*$/, "").endsWith(`/${path}`)))
          .map(([file]) => file);
      const preloads: Record<string, string[]> = {};
      for (const [page, routeFiles] of Object.entries(pages)) {
        // The chunks holding the route's modules (its own chunk, or the page's merged one).
        const routeChunks = routeFiles.flatMap(holding);
        preloads[page] = [...closure(routeChunks)].filter((file) => !atStart.has(file)).map((file) => `/${file}`);
      }
      const later = [...closure(afterLoad.flatMap(holding))]
        .filter((file) => !atStart.has(file))
        .map((file) => `/${file}`);
      // What comes after the load is a module of its own, imported then: not first-page JavaScript.
      const laterSource = `const later = ${JSON.stringify(later)};
// A few at a time, when the page is idle: each link's fetch and compile is main-thread work, and
// all of them at once made one long task just as the student could start typing. Never while
// offline: a module that failed to load stays failed in the page's module map.
const idle = (then) => (window.requestIdleCallback ? requestIdleCallback(then, { timeout: 1000 }) : setTimeout(then, 20));
const preloadLater = (hrefs, preload) => {
  if (hrefs.length === 0) return;
  if (!navigator.onLine) return addEventListener("online", () => preloadLater(hrefs, preload), { once: true });
  hrefs.slice(0, 3).forEach(preload);
  idle(() => preloadLater(hrefs.slice(3), preload));
};
export function startLater(skip, preload) {
  preloadLater(later.filter((href) => !skip.includes(href)), preload);
}
`;
      const laterFile = emitHashed(this, "first-route-later", laterSource);
      const source = `const preload = (href) => {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
};
const files = ${JSON.stringify(preloads)}[location.pathname.replace(/\\/$/, "")] ?? [];
files.forEach(preload);
let started = false;
const startLater = () => {
  if (started) return;
  started = true;
  import("./${laterFile.slice("assets/".length)}").then((later) => later.startLater(files, preload), () => undefined);
};
// Any other page than sign-in, once it shows what it came for (the app says so: the dashboard
// once it has read its data) and the browser is idle, or at the latest a few seconds after load.
let ready = false;
addEventListener(${JSON.stringify(FIRST_PAGE_READY_EVENT)}, () => { ready = true; }, { once: true });
const whenReady = (then) => ready ? then() : addEventListener(${JSON.stringify(FIRST_PAGE_READY_EVENT)}, then, { once: true });
const idle = (then) => (window.requestIdleCallback ? requestIdleCallback(then, { timeout: 1000 }) : setTimeout(then, 20));
addEventListener("load", () => {
  // A page the service worker controls has all of it in the worker's precache already.
  if (navigator.serviceWorker?.controller) return;
  // The sign-in page needs them only once its form is sent: from the student's first touch, key
  // or autofill (or after a while without one).
  if (location.pathname.replace(/\\/$/, "") === "/login") {
    for (const type of ["pointerdown", "keydown", "focusin", "input"]) addEventListener(type, startLater, { capture: true, once: true });
  } else {
    whenReady(() => idle(startLater));
  }
  setTimeout(startLater, 5000);
}, { once: true });
`;
      const fileName = emitHashed(this, "first-route", source);
      html.source = String(html.source).replace(
        /<script type="module"/,
        `<script type="module" crossorigin src="/${fileName}"></script>\n    <script type="module"`,
      );
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, routesDirectory: "src/routes" }),
    firstRoutePreload(FIRST_PAGES, AFTER_LOAD),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "../service-worker/src",
      filename: "sw.ts",
      registerType: "autoUpdate",
      injectRegister: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest,woff2,glb}"],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        rollupFormat: "iife",
      },
      devOptions: { enabled: false, type: "module" },
      manifest: {
        name: "Preflight - ATPL exam preparation",
        short_name: "Preflight",
        description: "Lessons, question banks and mock exams for EASA aviation theory, online and offline.",
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: "#0b3a5b",
        background_color: "#f4f7fa",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
    // Brotli and gzip copies beside every text asset, sent as they are by the server
    // (serveStatic's precompressed), so nothing is compressed per request.
    compression({
      include: /\.(js|css|html|svg|webmanifest|json)$/,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPaths.map((path) => [
        path,
        {
          target: apiTarget,
          bypass: (req: { method?: string; headers: Record<string, string | string[] | undefined> }) =>
            req.method === "GET" && String(req.headers.accept ?? "").includes("text/html") ? "/index.html" : undefined,
        },
      ]),
    ),
  },
  build: {
    target: "es2022",
    sourcemap: true,
    modulePreload: {
      // The entry's own imports (React, the router, the bundler's runtime) are loaded before any
      // dynamic import can run: naming them again in every lazy route's list of chunks to preload
      // cost the first page's JavaScript some hundreds of bytes.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/^assets\/(framework|rolldown-runtime)-/.test(dep)),
    },
    // The chunk graph, for the JS budget check after the build (scripts/check-bundle-budget.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Seven characters of content hash rather than eight (the fewest the bundler accepts for
        // this many chunks): the entry names every lazy chunk in its preload lists, and a character
        // a name is some 200 bytes of the first page's JavaScript.
        chunkFileNames: "assets/[name]-[hash:7].js",
        // What every page runs (React, the router) in one file rather than a dozen small ones:
        // a cold start offline asks the service worker for each file in turn.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/,
              priority: 20,
            },
            ...firstPageGroups(FIRST_PAGES),
          ],
        },
      },
    },
  },
});
