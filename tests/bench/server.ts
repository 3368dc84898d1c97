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
  stop: () => Promise<void>;
}

/**
 * Starts the app and API on a free port with a fresh SQLite file (seeded with the demo bank).
 * `prepare` runs on the database file first (e.g. importing a large bank).
 */
export async function startServer(bench: string, prepare?: (databaseUrl: string) => void): Promise<Server> {
  // The server serves WEB_DIST when set (a build elsewhere), else web/dist.
  if (!existsSync(join(process.env.WEB_DIST ?? join(repoRoot, "web/dist"), "index.html")))
    throw new Error(`${bench} bench: web/dist is missing. Run \`npm run build\` first (the server serves web/dist).`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "preflight-bench-"));
  prepare?.(join(dir, "bench.sqlite"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: join(dir, "bench.sqlite"), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${bench} bench: the server exited (${child.exitCode}):\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { baseUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${bench} bench: the server did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
