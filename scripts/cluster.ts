/**
 * `npm run start:cluster`: the deployment of a whole school or country in miniature (README,
 * "Running for a whole school or country"). Several API instances (api/src/server.ts, each on an
 * internal port of its own) over one PostgreSQL, behind a round-robin reverse proxy on one public
 * port, as a load balancer would run them.
 *
 *   DATABASE_URL        postgres://… (required: a SQLite file belongs to one process)
 *   PORT                the proxy's public port (default 8787); HOST its address (default 0.0.0.0)
 *   CLUSTER_INSTANCES   how many API instances (default 2)
 *   APP_URL             the public origin for links in mails (default http://localhost:<PORT>)
 *
 * Every other variable (SMTP_URL, STRIPE_*, PREFLIGHT_FEATURES, …) is passed to each instance.
 * Without STRIPE_* the cluster starts the one local payment sandbox (on PAYMENT_SANDBOX_PORT,
 * default 8788) and every instance uses it (PAYMENT_SANDBOX_API): a checkout made through one
 * instance is then known to all, and its webhook, posted to the proxy, verifies on either.
 * The proxy checks each instance's GET /api/ready every second: one that says 503 (shutting down,
 * or without its database) gets no more requests until it says 200 again, so an instance stops
 * getting requests before it stops; one that does not answer three checks in a row (or refuses a
 * connection) is skipped likewise. A busy instance answers late, not 503: if every instance is
 * skipped for not answering, requests still go to them rather than fail (a load balancer's "fail
 * open"). SIGTERM or
 * Ctrl-C: the proxy stops taking connections, every instance finishes its requests in flight
 * (api/src/http/graceful-shutdown.ts), then the script exits.
 *
 * Also used by the load bench (tests/bench/load.ts) and the cluster test (tests/sync/cluster.test.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Agent, createServer, get as httpGet, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createNetServer } from "node:net";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { routes } from "@preflight/sync-protocol/routes/index";
import { createProxyServer } from "http-proxy-3";
import { isPostgresUrl } from "../api/src/db/connect.ts";
import { databaseUrlFromEnv } from "../api/src/db/location.ts";
import { systemClock } from "../api/src/deps.ts";
import { startPaymentSandbox } from "../api/src/payments/sandbox/sandbox.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const READY_CHECK_MS = 1000;
const START_TIMEOUT_MS = 120_000;
/** Longer than graceful-shutdown.ts's 25 s, so an instance is never killed while it drains. */
const STOP_TIMEOUT_MS = 30_000;

export interface ClusterOptions {
  /** PostgreSQL, shared by every instance. */
  databaseUrl: string;
  instances?: number;
  /** The proxy's public port; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Extra variables for every instance (on top of this process's environment). */
  env?: Record<string, string>;
  /** Where the instances' output goes, line by line (default: this process's stdout). */
  log?: (line: string) => void;
  /** The shared payment sandbox's port when Stripe is not configured (default 0: a free one). */
  paymentSandboxPort?: number;
}

export interface Cluster {
  /** The proxy's origin, e.g. http://127.0.0.1:8787. */
  url: string;
  /** Each instance's own origin, behind the proxy. */
  instanceUrls: string[];
  /** Graceful: the proxy closes, every instance drains and exits. */
  stop(): Promise<void>;
}

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  /** Its last readiness: 200, 503 (draining or no database), or no answer (`missed` checks in a row). */
  ready: boolean;
  draining: boolean;
  missed: number;
  exited: Promise<void>;
}

export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once("error", fail);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * GET /api/ready: its status, or 0 when it does not answer within 5 s. A connection of its own,
 * closed after the reply: a kept one would hold an instance's shutdown open.
 */
function readiness(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpGet(`${url}/api/ready`, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", () => resolve(0));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
  });
}

const MISSED_CHECKS = 3;

async function check(instance: Instance): Promise<void> {
  const status = await readiness(instance.url);
  instance.draining = status === 503;
  instance.missed = status === 0 ? instance.missed + 1 : 0;
  instance.ready = status === 200 || (status === 0 && instance.ready && instance.missed < MISSED_CHECKS);
}

function startInstance(name: string, port: number, options: ClusterOptions, appUrl: string): Instance {
  const child = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_URL: appUrl,
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      // The client address is the X-Forwarded-For the proxy sets (rate limits per address).
      TRUST_PROXY: "1",
      // On SIGTERM, readiness says 503 for two of the proxy's checks before connections close.
      SHUTDOWN_DELAY_MS: options.env?.SHUTDOWN_DELAY_MS ?? "2000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = options.log ?? ((line: string) => console.log(line));
  for (const stream of [child.stdout, child.stderr])
    if (stream) createInterface({ input: stream }).on("line", (line) => log(`[${name}] ${line}`));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return { name, url: `http://127.0.0.1:${port}`, child, ready: false, draining: false, missed: 0, exited };
}

async function stopInstance(instance: Instance): Promise<void> {
  const { child } = instance;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await instance.exited;
    clearTimeout(timer);
  }
}

/** Without Stripe configured: one payment sandbox for every instance, its webhooks to the proxy. */
async function sharedSandbox(options: ClusterOptions, proxyUrl: string) {
  const env = { ...process.env, ...options.env };
  if (env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET || env.PAYMENT_SANDBOX_API) return undefined;
  const sandbox = await startPaymentSandbox({
    clock: systemClock,
    port: options.paymentSandboxPort ?? 0,
    hostname: env.PAYMENT_SANDBOX_HOST || undefined,
    publicOrigin: env.PAYMENT_SANDBOX_URL || undefined,
    webhookUrl: new URL(routes.paymentWebhook.path, proxyUrl).toString(),
  });
  const { host, port } = sandbox.api;
  return {
    env: {
      PAYMENT_SANDBOX_API: `http://${host}:${port}`,
      PAYMENT_SANDBOX_SECRET_KEY: sandbox.secretKey,
      PAYMENT_SANDBOX_WEBHOOK_SECRET: sandbox.webhookSecret,
    },
    stop: () => sandbox.stop(),
  };
}

/** Starts the instances, waits for each one's readiness, then opens the proxy. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!isPostgresUrl(options.databaseUrl))
    throw new Error(
      "A cluster needs PostgreSQL: set DATABASE_URL=postgres://… (a SQLite file is one process's database; `npm start` runs one instance on it).",
    );
  const host = options.host ?? "127.0.0.1";
  const publicPort = options.port || (await freePort(host));
  const appUrl = `http://localhost:${publicPort}`;
  const count = options.instances ?? 2;
  const sandbox = await sharedSandbox(options, `http://127.0.0.1:${publicPort}`);
  const withSandbox = { ...options, env: { ...options.env, ...sandbox?.env } };
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++)
    instances.push(startInstance(`api-${i + 1}`, await freePort(), withSandbox, options.env?.APP_URL ?? appUrl));

  const stopAll = async () => {
    await Promise.all(instances.map(stopInstance));
    await sandbox?.stop();
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (const instance of instances) {
    for (;;) {
      if ((await readiness(instance.url)) === 200) {
        instance.ready = true;
        break;
      }
      if (instance.child.exitCode !== null || Date.now() > deadline) {
        await stopAll();
        throw new Error(`${instance.name} did not become ready (exit code ${instance.child.exitCode})`);
      }
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  // Readiness every second: an instance shutting down (503) or gone is skipped until it is back.
  const checks = setInterval(() => {
    for (const instance of instances) void check(instance);
  }, READY_CHECK_MS);
  checks.unref();

  // Idle connections to the instances close after 30 s, before the instances' own 65 s (server.ts).
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });
  const proxy = createProxyServer({ agent, xfwd: true });
  let next = 0;
  const roundRobin = (usable: (instance: Instance) => boolean): Instance | undefined => {
    for (let tried = 0; tried < instances.length; tried++) {
      const instance = instances[next++ % instances.length] as Instance;
      if (instance.child.exitCode === null && usable(instance)) return instance;
    }
    return undefined;
  };
  const pick = () => roundRobin((i) => i.ready) ?? roundRobin((i) => !i.draining && i.missed >= MISSED_CHECKS);
  const refuse = (res: ServerResponse, status: number, message: string) => {
    if (res.headersSent) return res.destroy();
    res.writeHead(status, { "Content-Type": "application/json", "Retry-After": "1" });
    res.end(JSON.stringify({ error: { code: "unavailable", message } }));
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The proxy is the edge: a client's own X-Forwarded-* must not pass for the address it saw.
    for (const name of ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"])
      delete req.headers[name];
    const instance = pick();
    if (!instance) return refuse(res, 503, "No API instance is ready");
    proxy.web(req, res, { target: instance.url }, (err: Error & { code?: string }) => {
      // A refused connection: the instance is gone, skipped until its readiness says 200 again.
      if (err.code === "ECONNREFUSED") instance.ready = false;
      refuse(res, 502, `${instance.name}: ${err.message}`);
    });
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(publicPort, host, () => done());
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(checks);
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      // The instances finish what the proxy already sent them; their replies still go out.
      await stopAll();
      server.closeAllConnections();
      await closed;
      agent.destroy();
    })();
    return stopping;
  };
  return {
    url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${publicPort}`,
    instanceUrls: instances.map((i) => i.url),
    stop,
  };
}

async function main(): Promise<void> {
  const databaseUrl = databaseUrlFromEnv();
  if (!isPostgresUrl(databaseUrl)) {
    console.error(
      `npm run start:cluster needs PostgreSQL: set DATABASE_URL=postgres://user@host:5432/preflight.\n` +
        `The default database is a SQLite file (${databaseUrl}), which belongs to one process; use \`npm start\` for one instance.`,
    );
    process.exit(1);
  }
  const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
  if (!Number.isInteger(instances) || instances < 1) throw new Error(`CLUSTER_INSTANCES is not a count: ${instances}`);
  const port = Number(process.env.PORT ?? 8787);
  const { PORT: _public, HOST: _host, ...env } = process.env;
  const cluster = await startCluster({
    databaseUrl,
    instances,
    port,
    host: process.env.HOST ?? "0.0.0.0",
    paymentSandboxPort: Number(process.env.PAYMENT_SANDBOX_PORT || 8788),
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
  });
  console.log(
    `Preflight cluster: ${instances} API instances (${cluster.instanceUrls.join(", ")}) behind http://localhost:${port}`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      console.log(`${signal}: draining the instances`);
      void cluster.stop().then(() => process.exit(0));
    });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
