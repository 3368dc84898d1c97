/**
 * The server side of the sync property test: the real API (createApp) on a SQLite FILE in a temp
 * dir, or on a PostgreSQL schema of its own (TEST_DATABASE_URL), so a "server restart" (close the
 * database, open it again, build a new app) keeps every row, exactly as a process restart would. One clock drives the server and the devices, so
 * "the latest intent wins" rules see one monotonic time line across runs.
 *
 * Also: the wire form of a request (so the fault layer can hold, duplicate and replay it) and a
 * cookie jar per device, which keeps the pf_session cookie the way a browser would.
 */
import { randomBytes, scryptSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IMAGES_DIR } from "@preflight/fixtures/index.ts";
import pg from "pg";
import { createApp } from "../../api/src/app.ts";
import { type DbHandle, type Dialect, migrateToLatest, openDatabase } from "../../api/src/db/connect.ts";
import { seedDemo } from "../../api/src/demo/seed.ts";
import type { AppDeps, Clock } from "../../api/src/deps.ts";

export const STUDENT_EMAIL = "student@preflight.test";
export const STUDENT_PASSWORD = "preflight";

/** One time line for the server and every device; moves only when told to. */
export class WorldClock implements Clock {
  constructor(private ms = Date.parse("2026-11-21T09:00:00.000Z")) {}
  now(): Date {
    return new Date(this.ms);
  }
  /** Moves time on and returns the new instant (a device's clock for one intent). */
  tick(ms = 1000): Date {
    this.ms += ms;
    return new Date(this.ms);
  }
}

/** A request as it went on the wire, so it can be delivered later, twice, or cut short. */
export interface WireRequest {
  path: string;
  method: string;
  headers: [string, string][];
  body: string | undefined;
}

export function toWire(
  input: string | URL | Request,
  init: RequestInit | undefined,
  cookie: string | null,
): WireRequest {
  const headers = new Headers(init?.headers);
  if (cookie) headers.set("Cookie", cookie);
  const body = init?.body;
  if (body !== undefined && body !== null && typeof body !== "string") throw new Error("only string bodies are sent");
  return {
    path: String(input),
    method: init?.method ?? "GET",
    headers: [...headers.entries()],
    body: body ?? undefined,
  };
}

export class World {
  /** How many requests reached the app (any app incarnation), for the fault proofs. */
  delivered = 0;
  /** The paths of the last requests that reached the app, in arrival order (kept short). */
  readonly arrivals: string[] = [];
  /** Requests inside the app right now, and the most there ever were at once. */
  inFlight = 0;
  maxInFlight = 0;
  restarts = 0;
  private constructor(
    readonly dir: string,
    private readonly reopen: () => DbHandle,
    private readonly dropDatabase: () => Promise<void>,
    readonly clock: WorldClock,
    public deps: AppDeps,
    private app: ReturnType<typeof createApp>,
  ) {}

  static async open(on: Dialect = "sqlite"): Promise<World> {
    const dir = mkdtempSync(join(tmpdir(), "preflight-sync-"));
    const clock = new WorldClock();
    const { reopen, drop, migrations } = on === "postgres" ? await postgresSchema() : sqliteFile(dir);
    const { db, dialect } = reopen();
    await migrateToLatest(db, migrations);
    await seedDemo(db, clock);
    // Stored scrypt parameters are per hash; a cheap one (N=1024) for the student keeps the
    // many sign-ins of the property fast. The login route is the real one.
    const salt = randomBytes(16);
    const key = scryptSync(STUDENT_PASSWORD, salt, 64, { N: 1024, r: 8, p: 1 });
    await db
      .updateTable("users")
      .set({ password_hash: `scrypt$1024$8$1$${salt.toString("base64")}$${key.toString("base64")}` })
      .where("email", "=", STUDENT_EMAIL)
      .execute();
    // The cheap hash stays cheap: sign-in would otherwise replace it with a full-cost argon2id one.
    const deps: AppDeps = { db, dialect, clock, imagesDir: IMAGES_DIR, upgradePasswordHashes: false };
    return new World(dir, reopen, drop, clock, deps, createApp(deps));
  }

  /**
   * The process dies and starts again: a new connection to the same file, a new app. Requests
   * already inside the app finish first and new ones wait for the new app, so no request meets a
   * closed database (a harness artefact, not a fault: a crash between transactions is what the
   * fault layer models).
   */
  async restart(): Promise<void> {
    while (this.restarting) await this.restarting;
    this.restarting = (async () => {
      while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      await this.deps.db.destroy();
      const { db, dialect } = this.reopen();
      this.deps = { ...this.deps, db, dialect };
      this.app = createApp(this.deps);
      this.restarts++;
    })();
    try {
      await this.restarting;
    } finally {
      this.restarting = null;
    }
  }

  private restarting: Promise<void> | null = null;

  get db() {
    return this.deps.db;
  }

  /** Hands a request to whichever app is up now. */
  async deliver(req: WireRequest): Promise<Response> {
    while (this.restarting) await this.restarting;
    this.delivered++;
    this.arrivals.push(req.path);
    if (this.arrivals.length > 20) this.arrivals.shift();
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      return await this.app.request(req.path, { method: req.method, headers: req.headers, body: req.body });
    } finally {
      this.inFlight--;
    }
  }

  async close(): Promise<void> {
    await this.deps.db.destroy();
    await this.dropDatabase();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A SQLite file: the world's crashes are process deaths, which NORMAL survives as FULL does; a
 * disk sync per commit would only slow the property's thousand runs.
 */
function sqliteFile(dir: string) {
  const file = join(dir, "preflight.sqlite");
  return { reopen: () => openDatabase(file, { sqliteSynchronous: "NORMAL" }), drop: async () => {}, migrations: {} };
}

/** A schema of its own on TEST_DATABASE_URL's server, dropped with the world. */
async function postgresSchema() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("a PostgreSQL world needs TEST_DATABASE_URL");
  const schema = `w_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  return {
    reopen: () => openDatabase(url, { schema }),
    drop: () => admin(`drop schema ${schema} cascade`),
    migrations: { schema },
  };
}

/** A browser's cookie store for one device: only pf_session matters here. */
export class CookieJar {
  cookie: string | null = null;

  /** Takes in the Set-Cookie headers of a response the browser actually received. */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (name !== "pf_session") continue;
      const expired = value === "" || attributes.some((a) => /^max-age=0$/i.test(a));
      this.cookie = expired ? null : `${name}=${value}`;
    }
  }
}

/** A clean network from a device to the in-process server: cookies sent and kept. */
export function networkFetch(world: World, jar: CookieJar): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await world.deliver(toWire(input, init, jar.cookie));
    jar.take(response);
    return response;
  }) as typeof fetch;
}

/** Signs in from a device with its own jar (a second device, when the jar is new). */
export async function loginFrom(world: World, jar: CookieJar): Promise<string> {
  const response = await networkFetch(world, jar)("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: STUDENT_EMAIL, password: STUDENT_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return user.id;
}
