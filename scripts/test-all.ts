/**
 * `npm test`: every check and every suite, in order, each run even when an earlier one
 * failed, then one closing line `N passed, N failed` summing the tests of every suite
 * (a failed typecheck, lint or build counts as one failure).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const reportDir = join(root, "test-results");
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  report?: string;
}

const steps: Step[] = [
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "lint", command: ["npm", "run", "lint"] },
  {
    name: "unit",
    command: ["npx", "vitest", "run", "--project", "unit"],
    env: { VITEST_PROJECT: "unit" },
    report: "vitest-unit.json",
  },
  {
    name: "api",
    command: ["npx", "vitest", "run", "--project", "api"],
    env: { VITEST_PROJECT: "api" },
    report: "vitest-api.json",
  },
  { name: "build", command: ["npm", "run", "build"] },
  {
    name: "e2e",
    command: ["npx", "playwright", "test", "-c", "tests/playwright.config.ts"],
    report: "playwright.json",
  },
];

if (!process.env.TEST_DATABASE_URL)
  console.log("TEST_DATABASE_URL is not set: the API suite runs on SQLite only (CI sets it for PostgreSQL too).");

let passed = 0;
let failed = 0;
const lines: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(step.command[0] as string, step.command.slice(1), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CI_REPORT_DIR: reportDir, ...step.env },
  });
  const ok = result.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.report ? readCounts(join(reportDir, step.report)) : null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    if (!ok && counts.failed === 0) failed += 1; // the runner failed without a failing test (crash, no tests)
  } else if (ok) passed += step.report ? 0 : 1;
  else failed += 1;
  lines.push(
    `${ok ? "ok  " : "FAIL"} ${step.name.padEnd(10)} ${seconds.padStart(6)} s${counts ? `  ${counts.passed} passed, ${counts.failed} failed` : ""}`,
  );
}

console.log(`\n${lines.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

function readCounts(file: string): { passed: number; failed: number } | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests?: number;
    numFailedTests?: number;
    stats?: { expected: number; unexpected: number; flaky: number };
  };
  if (report.stats) return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}
