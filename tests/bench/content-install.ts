/**
 * Installing a whole bank on a device: a generated 30,000-question bank imported on the server,
 * then the updater's first run in Debian's Chromium (download, sha256 verify, gunzip, store).
 * The same records (every row the store phase writes: the questions, and the subjects' lessons,
 * headings and learning objectives) are then written by a plain IndexedDB bulk write in one
 * transaction in the same browser, as the yardstick for the store phase; the questions alone, for
 * information. The index phase (what is derived from the bank once it is stored: the practice
 * builder's index, the lesson search index) is timed apart from it. Also: storage used and the peak JS heap during the run.
 *
 * The bank is installed INSTALLS times, each on a new device: one store phase against one plain
 * write read 1.04× to 1.33× on the same code, so the rows give the median and the range.
 *
 * Needs the built app: run `npm run build` first (the server serves web/dist).
 */
import { pathToFileURL } from "node:url";
import { installBankOnDevice, plainBulkWrite, plainBulkWriteAll } from "./bank-device.ts";
import type { BenchRow } from "./run.ts";
import { medianAndRange, percentile } from "./stats.ts";

const INSTALLS = 3;

interface Install {
  totalMs: number;
  megabytes: number;
  timings: { download: number; verify: number; unpack: number; apply: number; index?: number };
  plain: { ms: number; count: number };
  plainAll: { ms: number; rows: number };
  usage: number;
  peakHeap: number;
}

async function installOnce(): Promise<Install> {
  const device = await installBankOnDevice("content install");
  try {
    const { page, status, peakHeap } = device;
    const usage = await page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0));
    const plain = await plainBulkWrite(page);
    const plainAll = await plainBulkWriteAll(page);
    return {
      totalMs: Date.parse(status.finishedAt) - Date.parse(status.startedAt),
      megabytes: status.totalSize / 1_000_000,
      timings: status.timings,
      plain,
      plainAll,
      usage,
      peakHeap,
    };
  } finally {
    await device.close();
  }
}

export async function contentInstall(): Promise<BenchRow[]> {
  const installs: Install[] = [];
  for (let i = 0; i < INSTALLS; i++) installs.push(await installOnce());
  const storeRatios = installs.map((r) => r.timings.apply / r.plainAll.ms);
  // The phases, storage and heap of the install whose store ratio is the median.
  const median = installs[storeRatios.indexOf(percentile(storeRatios, 50))] as Install;
  const { plain, plainAll, timings: t } = median;
  const bench = `bank install, ${plain.count} questions (Chromium), median of ${INSTALLS} installs (min–max)`;
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const times = (n: number) => `${n.toFixed(2)}×`;
  return [
    {
      bench,
      measure: "first run, download + verify + store",
      value: medianAndRange(
        installs.map((r) => r.totalMs),
        s,
      ),
      target: "< 5 s",
    },
    {
      bench,
      measure: "downloaded (gzip)",
      value: `${median.megabytes.toFixed(1)} MB at ${(median.megabytes / (median.totalMs / 1000)).toFixed(1)} MB/s`,
    },
    {
      bench,
      measure: "phases: download / verify / unpack / store / index (practice and lesson search, in a worker)",
      value: `${s(t.download)} / ${s(t.verify)} / ${s(t.unpack)} / ${s(t.apply)} / ${s(t.index ?? 0)}`,
    },
    {
      bench,
      measure: `store phase ÷ plain bulk write of the same records: every row it writes (questions, lessons, headings, and each subject's learning objectives as one row: ${plainAll.rows} rows), in one transaction`,
      value: medianAndRange(storeRatios, times),
      reference: `plain bulk write ${medianAndRange(
        installs.map((r) => r.plainAll.ms),
        s,
      )}; store phase ${medianAndRange(
        installs.map((r) => r.timings.apply),
        s,
      )}`,
      target: "≤ 1.2×",
    },
    {
      bench,
      measure: `store phase ÷ plain bulk write of the questions alone (${plain.count})`,
      value: medianAndRange(
        installs.map((r) => r.timings.apply / r.plain.ms),
        times,
      ),
      reference: `plain bulk write ${medianAndRange(
        installs.map((r) => r.plain.ms),
        s,
      )}`,
    },
    {
      bench,
      measure: "storage used (navigator.storage.estimate)",
      value: `${(median.usage / 1_000_000).toFixed(1)} MB`,
    },
    { bench, measure: "peak JS heap during the run", value: `${(median.peakHeap / 1_000_000).toFixed(1)} MB` },
  ];
}

// `node --import tsx tests/bench/content-install.ts` runs this bench alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await contentInstall())
    console.log(`${row.measure}: ${row.value}${row.target ? ` (target ${row.target})` : ""}`);
}
