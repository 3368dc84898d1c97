/** The benches' own server: a fresh SQLite file and a free port, and Chromium's flags. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const repoRoot = join(import.meta.dirname, "../..");
/** The same flags as tests/playwright.config.ts. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  baseUrl: string;
  /** The server's process (the cluster script's, whose instances are its children). */
  pid: number;
  stop: () => Promise<void>;
}

/** Where a bench's server keeps its data, and what else it is started with. */
export interface ServerOptions {
  /** Runs on the fresh SQLite file first (e.g. importing a large bank). */
  prepare?: (databaseUrl: string) => void;
  /** Another database instead of a fresh SQLite file (the load bench's PostgreSQL). */
  databaseUrl?: string;
  /** Variables on top of this process's environment. */
  env?: Record<string, string>;
  /** Benches that open pages need the built app; an API-only bench does not. */
  needsWeb?: boolean;
  /** What to run instead of one API instance: `scripts/cluster.ts` (instances behind its proxy, PostgreSQL only). */
  script?: string;
}

/**
 * Starts the app and API (api/src/server.ts, or the cluster of scripts/cluster.ts) in a child
 * process on a free port, by default on a fresh SQLite file seeded with the demo bank; ready when
 * its /api/ready says 200. `stop` sends
 * SIGTERM and waits for the graceful shutdown (requests in flight finish, at most 25 s).
 */
/** A free port on 127.0.0.1, for a server a bench starts. */
export { freePort };

export async function startServer(bench: string, options: ServerOptions = {}): Promise<Server> {
  const { prepare, env = {}, needsWeb = true, script = "api/src/server.ts" } = options;
  // The server serves WEB_DIST when set (a build elsewhere), else web/dist.
  if (needsWeb && !existsSync(join(process.env.WEB_DIST ?? join(repoRoot, "web/dist"), "index.html")))
    throw new Error(`${bench} bench: web/dist is missing. Run \`npm run build\` first (the server serves web/dist).`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "preflight-bench-"));
  const databaseUrl = options.databaseUrl ?? join(dir, "bench.sqlite");
  if (!options.databaseUrl) prepare?.(databaseUrl);
  // BENCH_CPU_PROFILE=<dir>: each server writes a V8 CPU profile there when it stops (open it in DevTools).
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, "--import", "tsx", script], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), DATABASE_URL: databaseUrl, HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${bench} bench: the server exited (${child.exitCode}):\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseUrl, pid: child.pid as number, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${bench} bench: the server was not ready within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
