import { createHash } from "node:crypto";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { FIRST_PAGES } from "./scripts/first-pages.ts";
import { apiPaths } from "./src/dev-proxy-paths.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:8787";

/**
 * Each route's component is its own chunk, which the router asks for once the entry has run: a
 * second round trip before the first page can paint. This adds a small module to index.html,
 * fetched beside the entry, that adds modulepreload links for the chunks of the page being
 * opened (FIRST_PAGES: /login, /dashboard), so they download at once, in parallel with the
 * entry. A module file, not an inline script: the Content-Security-Policy allows none.
 */
function firstRoutePreload(pages: Record<string, string[]>): Plugin {
  return {
    name: "preflight:first-route-preload",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      const chunks = new Map<string, { imports: string[]; facade: string | null; isEntry: boolean }>();
      for (const [fileName, out] of Object.entries(bundle))
        if (out.type === "chunk")
          chunks.set(fileName, { imports: out.imports, facade: out.facadeModuleId, isEntry: out.isEntry });
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
      const preloads: Record<string, string[]> = {};
      for (const [page, routeFiles] of Object.entries(pages)) {
        const routeChunks = [...chunks]
          .filter(([, c]) => routeFiles.some((route) => c.facade?.replace(/\?.*$/, "").endsWith(`/${route}`)))
          .map(([file]) => file);
        preloads[page] = [...closure(routeChunks)].filter((file) => !atStart.has(file)).map((file) => `/${file}`);
      }
      const source = `const files = ${JSON.stringify(preloads)}[location.pathname.replace(/\\/$/, "")] ?? [];
for (const href of files) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
}
`;
      const fileName = `assets/first-route-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
      this.emitFile({ type: "asset", fileName, source });
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
    firstRoutePreload(FIRST_PAGES),
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
    // The chunk graph, for the JS budget check after the build (scripts/check-bundle-budget.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page runs (React, the router) in one file rather than a dozen small ones:
        // a cold start offline asks the service worker for each file in turn.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
