/**
 * `npm run bench`: measured speeds, printed as a table. Targets are read here by people, never
 * asserted inside tests. Each bench is a function returning rows; later benches add rows.
 */
import { cpus } from "node:os";
import { contentInstall } from "./content-install.ts";
import { dashboardColdStart } from "./dashboard-cold-start.ts";
import { drainAfterReconnect } from "./drain-reconnect.ts";
import { lighthouse } from "./lighthouse.ts";
import { load } from "./load.ts";
import { loadAverageDuring } from "./load-average.ts";
import { nextQuestion } from "./next-question.ts";
import { objectivesCoverage } from "./objectives.ts";
import { practiceBuilder } from "./practice-builder.ts";
import { pushThroughput } from "./push-throughput.ts";
import { reviewQueue } from "./review-queue.ts";

export interface BenchRow {
  bench: string;
  measure: string;
  value: string;
  /** What the value is read against, measured in the same run. */
  reference?: string;
  target?: string;
  /** The machine's 1-minute load average while the bench ran (mean of samples), filled in here. */
  load?: string;
}

/** Every bench by name; `npm run bench -- cold-start practice` runs only those named. */
const BENCHES: [string, () => Promise<BenchRow[]>][] = [
  ["push", pushThroughput],
  ["drain", drainAfterReconnect],
  ["load", load],
  ["next-question", nextQuestion],
  ["content-install", contentInstall],
  ["practice", practiceBuilder],
  ["review", reviewQueue],
  ["objectives", objectivesCoverage],
  ["cold-start", dashboardColdStart],
  ["lighthouse", lighthouse],
];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !BENCHES.some(([n]) => n === name));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(", ")}; choose from ${BENCHES.map(([n]) => n).join(", ")}`);
  process.exit(2);
}

const rows: BenchRow[] = [];
for (const [name, bench] of BENCHES) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  const { result, load } = await loadAverageDuring(bench);
  rows.push(...result.map((row) => ({ ...row, load })));
  if (name === "drain" && !process.env.TEST_DATABASE_URL)
    rows.push({
      bench: "sync push, drain after reconnect (postgres)",
      measure: "not run",
      value: "set TEST_DATABASE_URL=postgres://… to measure PostgreSQL too",
    });
}

const headers = ["bench", "measure", "value", "reference", "target", "load"] as const;
const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => (r[h] ?? "").length)));
console.log(`${cpus().length} cores; load: the 1-minute load average while the bench ran`);
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
console.log(line([...headers]));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(headers.map((h) => r[h] ?? "")));
process.exit(0);
