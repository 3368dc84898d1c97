/**
 * A device: the real client engine (web/src/local: actions, outbox, drain, session) on
 * fake-indexeddb, talking to the in-process server through a cookie jar (sign-in, downloads) and
 * a FaultyNetwork (the drain).
 *
 * A reload drops everything the page held in memory: the Dexie connections are closed and the
 * engine's modules are evaluated again (vi.resetModules), so the `userDb()` cache and any other
 * module state start empty; only IndexedDB (the "disk") survives. Import "fake-indexeddb/auto"
 * before this module.
 */
import { vi } from "vitest";
import type { LocalScope } from "../../web/src/local/outbox/action.ts";
import { FaultyNetwork } from "./faults.ts";
import { CookieJar, networkFetch, STUDENT_EMAIL, STUDENT_PASSWORD, type World } from "./world.ts";

async function loadEngine() {
  const [db, clientId, test, question, reviewMarks, drain, session, bank, pull] = await Promise.all([
    import("../../web/src/local/store/db.ts"),
    import("../../web/src/local/outbox/client-id.ts"),
    import("../../web/src/local/actions/test.ts"),
    import("../../web/src/local/actions/question.ts"),
    import("../../web/src/local/actions/review-marks.ts"),
    import("../../web/src/local/outbox/drain.ts"),
    import("../../web/src/local/account/session.ts"),
    import("../../web/src/local/content/bank.ts"),
    import("../../web/src/local/pull/question-data.ts"),
  ]);
  return { db, clientId, test, question, reviewMarks, drain, session, bank, pull };
}
export type Engine = Awaited<ReturnType<typeof loadEngine>>;

/** Tables a fresh install starts without; the bank and the authorities are kept (downloaded once). */
const PER_DEVICE_TABLES = [
  "userTests",
  "answers",
  "outbox",
  "notices",
  "meta",
  "flags",
  "notes",
  "reviewMarks",
  "seenInExam",
  "reviews",
] as const;

export class Device {
  readonly jar = new CookieJar();
  readonly net: FaultyNetwork;
  engine!: Engine;
  /** The service worker's own copy of the engine (its own modules and Dexie connections). */
  worker!: Engine;
  scope!: LocalScope;
  userId = "";
  reloads = 0;
  /** How far this device's clock is off the server's (a wrong or corrected device clock). */
  clockOffsetMs = 0;

  constructor(readonly world: World) {
    this.net = new FaultyNetwork(world, this.jar);
  }

  /** The page's own fetch (sign-in, downloads): a clean network with this device's cookies. */
  readonly pageFetch = (): typeof fetch => networkFetch(this.world, this.jar);

  /** Installs the app, signs in (the real signIn), downloads the bank and the authorities. */
  async install(): Promise<void> {
    vi.stubGlobal("fetch", this.pageFetch());
    vi.resetModules();
    this.worker = await loadEngine();
    vi.resetModules();
    this.engine = await loadEngine();
    await this.signIn();
    await this.engine.bank.refreshBank(this.scope.db);
    await this.engine.pull.refreshAuthorities(this.scope.db);
  }

  /** The real sign-in: a new session cookie, and the pause and back-off lifted (ID8). */
  async signIn(): Promise<void> {
    vi.stubGlobal("fetch", this.pageFetch());
    // A cheap offline verifier: the properties sign in thousands of times (ID11's cost is for people).
    const session = await this.engine.session.signIn(STUDENT_EMAIL, STUDENT_PASSWORD, { verifierIterations: 1000 });
    this.userId = session.userId;
    this.rescope();
  }

  private rescope(): void {
    this.scope = {
      db: this.engine.db.userDb(this.userId),
      userId: this.userId,
      // Every intent is one second after the last on the server's clock; the device reads it
      // through its own offset.
      now: () => new Date(this.world.clock.tick(1000).getTime() + this.clockOffsetMs),
      onEnqueued: () => {},
    };
  }

  /** A new device for the same account: a new clientId and an empty outbox; bank kept. */
  async reset(): Promise<void> {
    const db = this.scope.db;
    await db.transaction("rw", [...PER_DEVICE_TABLES], async () => {
      for (const table of PER_DEVICE_TABLES) await db.table(table).clear();
    });
    await this.engine.clientId.clientIdOf(db);
    this.clockOffsetMs = 0;
    this.net.queue.length = 0;
    this.net.held.length = 0;
    this.net.history.length = 0;
    this.net.log.length = 0;
  }

  /** The page reloads: memory gone, IndexedDB kept. */
  async reload(): Promise<void> {
    this.engine.db.userDb(this.userId).close();
    this.engine.db.deviceDb().close();
    vi.resetModules();
    this.engine = await loadEngine();
    this.rescope();
    this.reloads++;
  }

  /** One drain as the page would run it, over the faulty network. */
  drain(options: { force?: boolean } = { force: true }) {
    return this.drainIn(this.engine, options);
  }

  /** One drain in the service worker, over the same network and cookies. */
  workerDrain(options: { force?: boolean } = { force: true }) {
    return this.drainIn(this.worker, options);
  }

  private drainIn(engine: Engine, options: { force?: boolean }) {
    return engine.drain.drainUnlocked(
      { fetch: this.net.fetch, now: () => this.world.clock.now(), random: () => 0.5 },
      options,
    );
  }

  async clientId(): Promise<string> {
    return this.engine.clientId.clientIdOf(this.scope.db);
  }

  async paused(): Promise<string | undefined> {
    return this.engine.db.getMeta<string>(this.scope.db, "paused");
  }

  /** Entries the drain still has to send (pending, or a skip owed for a parked one). */
  async unsettled(): Promise<number> {
    return this.scope.db.outbox.filter((e) => e.status === "pending" || e.needsSkip === true).count();
  }
}
