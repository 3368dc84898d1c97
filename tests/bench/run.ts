/**
 * `npm run bench`: measured speeds, printed as a table. Targets are read here by people, never
 * asserted inside tests. Each bench is a function returning rows; later benches add rows.
 */
import { contentInstall } from "./content-install.ts";
import { dashboardColdStart } from "./dashboard-cold-start.ts";
import { drainAfterReconnect } from "./drain-reconnect.ts";
import { nextQuestion } from "./next-question.ts";
import { practiceBuilder } from "./practice-builder.ts";
import { pushThroughput } from "./push-throughput.ts";

export interface BenchRow {
  bench: string;
  measure: string;
  value: string;
  target?: string;
}

const rows: BenchRow[] = [];
rows.push(...(await pushThroughput()));
rows.push(...(await drainAfterReconnect()));
if (!process.env.TEST_DATABASE_URL)
  rows.push({
    bench: "sync push, drain after reconnect (postgres)",
    measure: "not run",
    value: "set TEST_DATABASE_URL=postgres://… to measure PostgreSQL too",
  });
rows.push(...(await nextQuestion()));
rows.push(...(await contentInstall()));
rows.push(...(await practiceBuilder()));
rows.push(...(await dashboardColdStart()));

const headers = ["bench", "measure", "value", "target"] as const;
const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => (r[h] ?? "").length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
console.log(line([...headers]));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(headers.map((h) => r[h] ?? "")));
process.exit(0);
