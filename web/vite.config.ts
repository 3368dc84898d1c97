import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { apiPaths } from "./src/dev-proxy-paths.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:8787";

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, routesDirectory: "src/routes" }),
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
