import { join } from "node:path";

/**
 * Each Playwright worker runs its specs against a server of its own, with its own SQLite file
 * and SMTP port: specs sign the demo student in (one device per account), publish content
 * revisions and read the server's database, so two workers must never share one.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const BASE_PORT = Number(process.env.E2E_PORT ?? 8797);
const BASE_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? BASE_PORT + 1000);

/** The port of worker `index`'s server; the main process (no worker index) is worker 0. */
export function e2ePortOf(index: number): number {
  return BASE_PORT + index;
}

/** Worker `index`'s SQLite file, which its specs read to count on the server. */
export function e2eDatabaseOf(index: number): string {
  return join(import.meta.dirname, `../../artifacts/e2e-${e2ePortOf(index)}.sqlite`);
}

/** Worker `index`'s SMTP receiver, started by the account specs, where its server sends mail. */
export function e2eSmtpPortOf(index: number): number {
  return BASE_SMTP_PORT + index;
}

const WORKER_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** This worker's server, database and mail receiver. */
export const E2E_PORT = e2ePortOf(WORKER_INDEX);
export const E2E_DATABASE = e2eDatabaseOf(WORKER_INDEX);
export const E2E_SMTP_PORT = e2eSmtpPortOf(WORKER_INDEX);
/** The run's failed tests' traces and screenshots: one folder per run (by its first port), whatever the worker. */
export const E2E_RESULTS_DIR = join(import.meta.dirname, `../../artifacts/results-${BASE_PORT}`);
