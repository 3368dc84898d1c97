/**
 * A device holding a whole generated bank, for the benches that need one: a 30,000-question bank
 * (by default) imported on a fresh server, then the student signed in in Debian's Chromium and
 * the updater's first run waited for (download, verify, unpack, store). Also samples the peak JS
 * heap during the run. The caller closes it.
 *
 * Needs the built app: run `npm run build` first (the server serves web/dist).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_QUESTIONS, generateBank } from "@preflight/fixtures/generate-bank.ts";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, repoRoot, type Server, startServer } from "./server.ts";

export interface RunStatus {
  state: string;
  totalSize: number;
  startedAt: string;
  finishedAt: string;
  timings: { download: number; verify: number; unpack: number; apply: number; index?: number };
}

/**
 * In-page helpers as plain JavaScript (tsx would wrap named functions in a helper the page does
 * not have): the updater's last status as the device recorded it (meta "updaterStatus"), and
 * the device's questions written again by one plain IndexedDB transaction (ms and count).
 */
const IN_PAGE = `
window.__bench = {
  open(name, upgrade) {
    return new Promise((resolve, reject) => {
      const r = upgrade ? indexedDB.open(name, 1) : indexedDB.open(name);
      if (upgrade) r.onupgradeneeded = () => upgrade(r.result);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  },
  request(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  },
  async userDb() {
    const device = await this.open("preflight");
    const session = await this.request(device.transaction("session").objectStore("session").get("current"));
    device.close();
    return session ? this.open("preflight-user-" + session.userId) : null;
  },
  async status() {
    const user = await this.userDb();
    if (!user || !user.objectStoreNames.contains("meta")) return null;
    const row = await this.request(user.transaction("meta").objectStore("meta").get("updaterStatus"));
    user.close();
    return row ? row.value : null;
  },
  async plainBulkWrite() {
    const user = await this.userDb();
    const questions = await this.request(user.transaction("questions").objectStore("questions").getAll());
    user.close();
    // The same store shape as the app's questions table: primary key id, indexes subject and syllabus_code.
    const plain = await this.open("bench-plain-write", (db) => {
      const store = db.createObjectStore("questions", { keyPath: "id" });
      store.createIndex("subject", "subject");
      store.createIndex("syllabus_code", "syllabus_code");
    });
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const tx = plain.transaction("questions", "readwrite");
      const store = tx.objectStore("questions");
      for (const q of questions) store.put(q);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const ms = performance.now() - started;
    plain.close();
    indexedDB.deleteDatabase("bench-plain-write");
    return { ms, count: questions.length };
  },
  // Every row the store phase writes besides the questions (the subjects' lessons, syllabus
  // headings and learning objectives) with the questions, in one transaction: the bank's records
  // written as plainly as IndexedDB takes them (the app applies one pack per subject, each in a
  // transaction of its own, which costs it a commit per subject more).
  async plainBulkWriteAll() {
    const user = await this.userDb();
    const tables = ["questions", "lessonContent", "syllabusNodes", "learningObjectives"];
    const rows = {};
    for (const t of tables) rows[t] = await this.request(user.transaction(t).objectStore(t).getAll());
    user.close();
    const plain = await this.open("bench-plain-write-all", (db) => {
      const questions = db.createObjectStore("questions", { keyPath: "id" });
      questions.createIndex("subject", "subject");
      questions.createIndex("syllabus_code", "syllabus_code");
      db.createObjectStore("lessonContent", { keyPath: "id" }).createIndex("subject", "subject");
      db.createObjectStore("syllabusNodes", { keyPath: "code" }).createIndex("subject", "subject");
      // A subject's learning objectives are one row, as the app keeps them (schema version 13).
      db.createObjectStore("learningObjectives", { keyPath: "subject" });
    });
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const tx = plain.transaction(tables, "readwrite");
      for (const t of tables) for (const r of rows[t]) tx.objectStore(t).put(r);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const ms = performance.now() - started;
    plain.close();
    indexedDB.deleteDatabase("bench-plain-write-all");
    return { ms, rows: tables.reduce((n, t) => n + rows[t].length, 0) };
  },
};
`;

export async function readStatus(page: Page): Promise<RunStatus | null> {
  await page.evaluate(IN_PAGE);
  return page.evaluate("window.__bench.status()") as Promise<RunStatus | null>;
}

export async function plainBulkWrite(page: Page): Promise<{ ms: number; count: number }> {
  await page.evaluate(IN_PAGE);
  return page.evaluate("window.__bench.plainBulkWrite()") as Promise<{ ms: number; count: number }>;
}

/** `plainBulkWrite` of every table the store phase writes, in one transaction. */
export async function plainBulkWriteAll(page: Page): Promise<{ ms: number; rows: number }> {
  await page.evaluate(IN_PAGE);
  return page.evaluate("window.__bench.plainBulkWriteAll()") as Promise<{ ms: number; rows: number }>;
}

/** Categories of BENCH_PAGE_TRACE: the Performance panel's, and IndexedDB's own. */
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "toplevel",
  "IndexedDB",
  "disabled-by-default-v8.cpu_profiler",
];

/** A Chromium trace through the browser's DevTools protocol (Tracing domain); `stop` returns its events. */
async function startTrace(context: BrowserContext): Promise<{ stop(): Promise<unknown[]> }> {
  const browser = context.browser();
  const cdp = browser ? await browser.newBrowserCDPSession() : await context.newCDPSession(context.pages()[0] as Page);
  const events: unknown[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  await cdp.send("Tracing.start", {
    traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: "recordContinuously" },
    transferMode: "ReportEvents",
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        cdp.once("Tracing.tracingComplete", () => resolve(events));
        void cdp.send("Tracing.end");
      }),
  };
}

export interface BankDevice {
  server: Server;
  /** Null for a persistent context (options.userDataDir). */
  browser: Browser | null;
  context: BrowserContext;
  page: Page;
  /** The generated bank, as imported. */
  bank: BankQuestion[];
  /** The updater's record of its first run. */
  status: RunStatus;
  /** Peak JS heap (bytes) sampled during the first run. */
  peakHeap: number;
  close(): Promise<void>;
}

/**
 * `userDataDir` keeps the browser profile (IndexedDB, caches, the service worker) on disk, so a
 * later `launchPersistentContext` on the same folder is the installed app starting again.
 */
export async function installBankOnDevice(
  bench: string,
  options: { questions?: number; seed?: number; userDataDir?: string } = {},
): Promise<BankDevice> {
  const dir = mkdtempSync(join(tmpdir(), "preflight-bank-"));
  const bankFile = join(dir, "bank.json");
  const bank = generateBank(
    { questions: options.questions ?? DEFAULT_QUESTIONS, seed: options.seed ?? 1 },
    loadFixtures(),
  );
  writeFileSync(bankFile, JSON.stringify(bank));
  let server: Server | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    server = await startServer(bench, {
      prepare: (databaseUrl) => {
        execFileSync(process.execPath, ["--import", "tsx", "api/src/content/import-cli.ts", bankFile], {
          cwd: repoRoot,
          env: { ...process.env, DATABASE_URL: databaseUrl },
          stdio: "ignore",
        });
      },
    });
    const launch = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS };
    const contextOptions = { viewport: { width: 1280, height: 800 }, serviceWorkers: "allow" } as const;
    if (options.userDataDir)
      context = await chromium.launchPersistentContext(options.userDataDir, { ...launch, ...contextOptions });
    else {
      browser = await chromium.launch(launch);
      context = await browser.newContext(contextOptions);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let peakHeap = 0;
    const sampler = setInterval(() => {
      void cdp
        .send("Runtime.getHeapUsage")
        .then(({ usedSize }) => {
          peakHeap = Math.max(peakHeap, usedSize);
        })
        .catch(() => undefined);
    }, 100);
    // BENCH_PAGE_PROFILE=<file>: a V8 CPU profile of the page during the first run (open it in DevTools).
    const profileFile = process.env.BENCH_PAGE_PROFILE;
    if (profileFile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    // BENCH_PAGE_TRACE=<file>: a Chromium trace of the first run, every process and thread (the
    // page, its workers, the browser's IndexedDB and Cache Storage work; open it in DevTools'
    // Performance panel or ui.perfetto.dev).
    const traceFile = process.env.BENCH_PAGE_TRACE;
    const trace = traceFile ? await startTrace(context) : null;

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel("E-mail").fill("student@preflight.test");
    await page.getByLabel("Password").fill("preflight");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/update$/, { timeout: 60_000 });
    const deadline = Date.now() + 180_000;
    let status: RunStatus | null = null;
    while (Date.now() < deadline) {
      status = await readStatus(page).catch((err: unknown) => {
        if (process.env.BENCH_DEBUG) console.error(err);
        return null;
      });
      if (status && ["finished", "failed", "cancelled"].includes(status.state)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    clearInterval(sampler);
    if (profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send("Profiler.stop")).profile));
    if (trace && traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: await trace.stop() }));
    if (status?.state !== "finished") {
      const text = await page
        .locator("main")
        .innerText()
        .catch(() => "");
      throw new Error(
        `${bench} bench: the update ended ${status?.state ?? "without a status"} at ${page.url()}:\n${text}`,
      );
    }
    return { server, browser: browser ?? null, context, page, bank, status, peakHeap, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** In-page, as plain JavaScript: rows put into stores of the signed-in student's device database. */
/** In the page: opens the signed-in student's database (a function of no argument, as source). */
const OPEN_USER_DB = `async () => {
  const open = (name) => new Promise((resolve, reject) => {
    const r = indexedDB.open(name);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const device = await open("preflight");
  const session = await new Promise((resolve, reject) => {
    const r = device.transaction("session").objectStore("session").get("current");
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  device.close();
  return open("preflight-user-" + session.userId);
}`;

export const WRITE_ROWS = `async (stores) => {
  const user = await (${OPEN_USER_DB})();
  for (const [store, rows] of Object.entries(stores))
    await new Promise((resolve, reject) => {
      const tx = user.transaction(store, "readwrite");
      for (const row of rows) tx.objectStore(store).put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  user.close();
}`;

/** In the page: one row of the student's database by its key, undefined if none: `(${READ_ROW})(store, key)`. */
export const READ_ROW = `async (store, key) => {
  const user = await (${OPEN_USER_DB})();
  const row = await new Promise((resolve, reject) => {
    const r = user.transaction(store).objectStore(store).get(key);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  user.close();
  return row;
}`;
