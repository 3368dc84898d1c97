/**
 * `npm test`: every check and every suite, in order, each run even when an earlier one
 * failed, then one closing line `N passed, N failed` summing the tests of every suite
 * (a failed typecheck, lint or build counts as one failure).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";

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

/** Lines of a step's output worth repeating when it fails. */
const NOTABLE = /unhandled|error\b|errors\s+\d|✗|×|FAIL|failed|timed? ?out|ERR_|exited/i;

let passed = 0;
let failed = 0;
const lines: string[] = [];
const reasons: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(" ")}`);
  const started = Date.now();
  const { status, notable } = await run(step);
  const ok = status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.report ? readCounts(join(reportDir, step.report)) : null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    if (!ok && counts.failed === 0) failed += 1; // the runner failed without a failing test (crash, no tests)
  } else if (ok) passed += step.report ? 0 : 1;
  else failed += 1;
  if (!ok) reasons.push(`--- ${step.name} exited with ${status}; what it said of errors:`, ...notable);
  lines.push(
    `${ok ? "ok  " : "FAIL"} ${step.name.padEnd(10)} ${seconds.padStart(6)} s${counts ? `  ${counts.passed} passed, ${counts.failed} failed` : ""}`,
  );
}

// The CI log keeps only its end, so a failure's reason is repeated just above the summary.
if (reasons.length > 0) console.log(`\n${reasons.join("\n")}`);
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

/**
 * Runs a step with its output passed through as it comes, keeping the lines that name an
 * error (at most 12, the last ones) for the closing summary.
 */
function run(step: Step): Promise<{ status: number; notable: string[] }> {
  const child = spawn(step.command[0] as string, step.command.slice(1), {
    cwd: root,
    stdio: ["inherit", "pipe", "pipe"],
    env: { ...process.env, CI_REPORT_DIR: reportDir, ...step.env },
  });
  const notable: string[] = [];
  const keep = (chunk: Buffer, out: NodeJS.WriteStream, partial: { text: string }) => {
    out.write(chunk);
    const text = partial.text + chunk.toString("utf8");
    const complete = text.split("\n");
    partial.text = complete.pop() ?? "";
    for (const line of complete) {
      const plain = stripVTControlCharacters(line).trimEnd();
      if (!NOTABLE.test(plain)) continue;
      notable.push(plain.length > 300 ? `${plain.slice(0, 300)}…` : plain);
      if (notable.length > 12) notable.shift();
    }
  };
  const outPartial = { text: "" };
  const errPartial = { text: "" };
  child.stdout.on("data", (chunk: Buffer) => keep(chunk, process.stdout, outPartial));
  child.stderr.on("data", (chunk: Buffer) => keep(chunk, process.stderr, errPartial));
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ status: 1, notable: [...notable, String(error)] }));
    child.on("close", (code, signal) =>
      resolve({ status: code ?? 1, notable: signal ? [...notable, `killed by ${signal}`] : notable }),
    );
  });
}
