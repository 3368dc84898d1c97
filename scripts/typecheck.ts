/**
 * `npm run typecheck`: every workspace's `tsc -p`, as many at once as the machine has cores
 * (tsc checks on one thread; one after another took 116 s on two cores). The largest go first,
 * so the last to finish is a small one. Each project's errors are printed together.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const PROJECTS = ["web", "api", "tests", "service-worker", "sync-protocol", "fixtures"];

function check(project: string): Promise<{ project: string; ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", project, "--pretty"], { cwd: root });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("close", (code) => resolve({ project, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const queue = [...PROJECTS];
let failed = 0;
async function lane(): Promise<void> {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    console.log(`${result.ok ? "ok  " : "FAIL"} tsc -p ${result.project} (${result.seconds.toFixed(1)} s)`);
    if (!result.ok) {
      failed += 1;
      process.stdout.write(result.output);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, lane));
process.exit(failed > 0 ? 1 : 0);
