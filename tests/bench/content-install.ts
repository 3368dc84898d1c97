/**
 * Installing a whole bank on a device: a generated 30,000-question bank imported on the server,
 * then the updater's first run in Debian's Chromium (download, sha256 verify, gunzip, store).
 * The same records are then written by a plain IndexedDB bulk write in the same browser, as the
 * yardstick for the store phase. Also: storage used and the peak JS heap during the run.
 *
 * Needs the built app: run `npm run build` first (the server serves web/dist).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_QUESTIONS, generateBank } from "@preflight/fixtures/generate-bank.ts";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { type Browser, chromium, type Page } from "playwright-core";
import type { BenchRow } from "./run.ts";
import { CHROMIUM_ARGS, repoRoot, startServer } from "./server.ts";

interface RunStatus {
  state: string;
  totalSize: number;
  startedAt: string;
  finishedAt: string;
  timings: { download: number; verify: number; unpack: number; apply: number };
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
};
`;

async function readStatus(page: Page): Promise<RunStatus | null> {
  await page.evaluate(IN_PAGE);
  return page.evaluate("window.__bench.status()") as Promise<RunStatus | null>;
}

async function plainBulkWrite(page: Page): Promise<{ ms: number; count: number }> {
  await page.evaluate(IN_PAGE);
  return page.evaluate("window.__bench.plainBulkWrite()") as Promise<{ ms: number; count: number }>;
}

export async function contentInstall(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "preflight-bank-"));
  const bankFile = join(dir, "bank.json");
  writeFileSync(bankFile, JSON.stringify(generateBank({ questions: DEFAULT_QUESTIONS, seed: 1 }, loadFixtures())));
  const server = await startServer("content install", (databaseUrl) => {
    execFileSync(process.execPath, ["--import", "tsx", "api/src/content/import-cli.ts", bankFile], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: "ignore",
    });
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "allow" });
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
    if (status?.state !== "finished") {
      const text = await page
        .locator("main")
        .innerText()
        .catch(() => "");
      throw new Error(
        `content bench: the update ended ${status?.state ?? "without a status"} at ${page.url()}:\n${text}`,
      );
    }

    const usage = await page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0));
    const plain = await plainBulkWrite(page);
    const totalMs = Date.parse(status.finishedAt) - Date.parse(status.startedAt);
    const mb = status.totalSize / 1_000_000;
    const t = status.timings;
    const bench = `bank install, ${plain.count} questions (Chromium)`;
    const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
    return [
      { bench, measure: "first run, download + verify + store", value: ms(totalMs), target: "< 5 s" },
      {
        bench,
        measure: "downloaded (gzip)",
        value: `${mb.toFixed(1)} MB at ${(mb / (totalMs / 1000)).toFixed(1)} MB/s`,
      },
      {
        bench,
        measure: "phases: download / verify / unpack / store",
        value: `${ms(t.download)} / ${ms(t.verify)} / ${ms(t.unpack)} / ${ms(t.apply)}`,
      },
      { bench, measure: "plain IndexedDB bulk write, same records", value: ms(plain.ms) },
      {
        bench,
        measure: "store phase ÷ plain bulk write",
        value: `${(t.apply / plain.ms).toFixed(2)}×`,
        target: "≤ 1.5×",
      },
      { bench, measure: "storage used (navigator.storage.estimate)", value: `${(usage / 1_000_000).toFixed(1)} MB` },
      { bench, measure: "peak JS heap during the run", value: `${(peakHeap / 1_000_000).toFixed(1)} MB` },
    ];
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/content-install.ts` runs this bench alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await contentInstall())
    console.log(`${row.measure}: ${row.value}${row.target ? ` (target ${row.target})` : ""}`);
}
