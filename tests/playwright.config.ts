import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_PORT, E2E_RESULTS_DIR, E2E_WORKERS, e2eDatabaseOf, e2ePortOf, e2eSmtpPortOf } from "./e2e/support/env.ts";

const repoRoot = join(import.meta.dirname, "..");
const reportDir = process.env.CI_REPORT_DIR;

/** End to end in Debian's Chromium against the real server and the built PWA. */
export default defineConfig({
  testDir: "./e2e",
  // Files are spread over the workers, each against its own server (support/env.ts); the
  // tests of one file run in order in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: reportDir ? [["list"], ["json", { outputFile: join(reportDir, "playwright.json") }]] : [["list"]],
  // Parallel runs on one machine (E2E_PORT) keep their own traces.
  outputDir: E2E_RESULTS_DIR,
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
        // Chromium opens two omnibox popups (WebUI renderers) for every context's window: ~1.6 s
        // of CPU a test for a browser UI headless tests never show.
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
      ],
    },
    // Here a failed test keeps its trace: the DOM at each step, without the screencast, which cost
    // a quarter of the run's CPU (the suite is CPU-bound on two cores). CI keeps only its log, so
    // it records none: the DOM snapshots alone cost a tenth of the run's CPU.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
    screenshot: "only-on-failure",
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => serverFor(index)),
});

/** Worker `index`'s server: a fresh SQLite file, demo content and accounts seeded on start. */
function serverFor(index: number) {
  const port = e2ePortOf(index);
  const database = e2eDatabaseOf(index);
  return {
    command: `rm -f ${database} ${database}-wal ${database}-shm && node --import tsx api/src/server.ts`,
    cwd: repoRoot,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATABASE_URL: database,
      HOST: "127.0.0.1",
      // Mail goes over real SMTP to the receiver the account specs start (tests/e2e/support/mail.ts).
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPortOf(index)}`,
      APP_URL: `http://localhost:${port}`,
    },
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  };
}
