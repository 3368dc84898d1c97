import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_DATABASE, E2E_PORT, E2E_SMTP_PORT } from "./e2e/support/env.ts";

const repoRoot = join(import.meta.dirname, "..");
const reportDir = process.env.CI_REPORT_DIR;

/** End to end in Debian's Chromium against the real server and the built PWA. */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: reportDir ? [["list"], ["json", { outputFile: join(reportDir, "playwright.json") }]] : [["list"]],
  // Parallel runs on one machine (E2E_PORT) keep their own traces.
  outputDir: join(repoRoot, `tests/artifacts/results-${E2E_PORT}`),
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: "allow",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && node --import tsx api/src/server.ts`,
    cwd: repoRoot,
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: E2E_DATABASE,
      HOST: "127.0.0.1",
      // Mail goes over real SMTP to the receiver the account specs start (tests/e2e/support/mail.ts).
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      APP_URL: `http://localhost:${E2E_PORT}`,
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
