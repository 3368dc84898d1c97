/**
 * Installing a whole bank on a device: a generated 30,000-question bank imported on the server,
 * then the updater's first run in Debian's Chromium (download, sha256 verify, gunzip, store).
 * The same records (every row the store phase writes: the questions, and the subjects' lessons,
 * headings and learning objectives) are then written by a plain IndexedDB bulk write in one
 * transaction in the same browser, as the yardstick for the store phase; the questions alone, for
 * information. The index phase (what is derived from the bank once it is stored: the practice
 * builder's index, the lesson search index) is timed apart from it. Also: storage used and the peak JS heap during the run.
 *
 * Needs the built app: run `npm run build` first (the server serves web/dist).
 */
import { pathToFileURL } from "node:url";
import { installBankOnDevice, plainBulkWrite, plainBulkWriteAll } from "./bank-device.ts";
import type { BenchRow } from "./run.ts";

export async function contentInstall(): Promise<BenchRow[]> {
  const device = await installBankOnDevice("content install");
  try {
    const { page, status, peakHeap } = device;
    const usage = await page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0));
    const plain = await plainBulkWrite(page);
    const plainAll = await plainBulkWriteAll(page);
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
        measure: "phases: download / verify / unpack / store / index (practice and lesson search, in a worker)",
        value: `${ms(t.download)} / ${ms(t.verify)} / ${ms(t.unpack)} / ${ms(t.apply)} / ${ms(t.index ?? 0)}`,
      },
      {
        bench,
        measure: `store phase ÷ plain bulk write of the same records: every row it writes (questions, lessons, headings, and each subject's learning objectives as one row: ${plainAll.rows} rows), in one transaction`,
        value: `${(t.apply / plainAll.ms).toFixed(2)}× (${ms(t.apply)})`,
        reference: `plain bulk write ${ms(plainAll.ms)}`,
        target: "≤ 1.2×",
      },
      {
        bench,
        measure: `store phase ÷ plain bulk write of the questions alone (${plain.count})`,
        value: `${(t.apply / plain.ms).toFixed(2)}×`,
        reference: `plain bulk write ${ms(plain.ms)}`,
      },
      { bench, measure: "storage used (navigator.storage.estimate)", value: `${(usage / 1_000_000).toFixed(1)} MB` },
      { bench, measure: "peak JS heap during the run", value: `${(peakHeap / 1_000_000).toFixed(1)} MB` },
    ];
  } finally {
    await device.close();
  }
}

// `node --import tsx tests/bench/content-install.ts` runs this bench alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await contentInstall())
    console.log(`${row.measure}: ${row.value}${row.target ? ` (target ${row.target})` : ""}`);
}
