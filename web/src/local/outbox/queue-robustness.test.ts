/**
 * The outbox under a broken network and a slow disk, in the manner of workbox-background-sync's
 * Queue tests: fail the n-th request in each way a network fails and look at what is left; then
 * shake the timing of storage and fetch at random and check that the server still applied every
 * change exactly once, in the order the student made them.
 */
import "fake-indexeddb/auto";
import { SYNC_PUSH_BATCH_SIZE } from "@preflight/sync-protocol/rules/constants";
import { seededRandom } from "@preflight/sync-protocol/rules/selection";
import type { DBCore, Middleware } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getMeta, userDb } from "../store/db.ts";
import { queuedAnswers, resetDatabases, STUDENT } from "../test-support.ts";
import { type DrainDeps, drainOutbox, drainUnlocked, drainWhenFree } from "./drain.ts";
import { FakePushServer, type PushFault } from "./fake-push-server.ts";
import { isDrainRunning } from "./jobs.ts";

const NOW = Date.UTC(2026, 10, 21, 10);
const BATCH = SYNC_PUSH_BATCH_SIZE;
/** Two full pushes and a short third: BATCH, BATCH and 21 entries (a test and its answers). */
const ENTRIES = 2 * BATCH + 21;

function deps(fetch: typeof globalThis.fetch): DrainDeps {
  return { fetch, now: () => new Date(NOW), random: () => 0.5 };
}

const queue = queuedAnswers;

const seqs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("the n-th request fails", () => {
  beforeEach(resetDatabases);

  const faults: [string, PushFault, string][] = [
    ["a thrown network error", "throw", "retry-later"],
    ["a 500", 500, "retry-later"],
    ["a 401", 401, "paused"],
    ["a 429", 429, "retry-later"],
    ["a lost response", "lose-response", "retry-later"],
  ];
  for (const [name, fault, outcome] of faults) {
    for (const n of [1, 2, 3]) {
      it(`${name} on request ${n} of 3 leaves exactly the unsent entries, in order; the rest goes once`, async () => {
        const { scope, saves } = await queue(ENTRIES - 1);
        const server = new FakePushServer({ fault: (i) => (i === n ? fault : null) });
        const first = await drainUnlocked(deps(server.fetch));
        expect(first.kind).toBe(outcome);

        // A lost response was applied on the server but is still on the device, to be resent.
        const sentBefore = (n - 1) * BATCH;
        const left = await scope.db.outbox.orderBy("seq").toArray();
        expect(left.map((e) => e.seq)).toEqual(seqs(sentBefore + 1, ENTRIES));
        expect(left.every((e) => e.status === "pending")).toBe(true);
        expect(server.applied.map((m) => m.seq)).toEqual(
          seqs(1, fault === "lose-response" ? Math.min(n * BATCH, ENTRIES) : sentBefore),
        );
        if (fault === 401) expect(await getMeta(scope.db, "paused")).toBe("server said 401");

        await scope.db.meta.delete("paused"); // what signing in again does (ID8)
        expect(await drainUnlocked(deps(server.fetch), { force: true })).toMatchObject({ kind: "drained" });
        expect(await scope.db.outbox.count()).toBe(0);
        expect(server.applied.map((m) => m.seq)).toEqual(seqs(1, ENTRIES));
        expect(server.appliedBodies().slice(1)).toEqual(saves);
      });
    }
  }

  it("every request failing keeps everything, however often the drain runs", async () => {
    const { scope } = await queue(10);
    const server = new FakePushServer({ fault: (i) => (["throw", 500, 429, 503, 408] as const)[i % 5] ?? null });
    for (let i = 0; i < 10; i++)
      expect((await drainUnlocked(deps(server.fetch), { force: true })).kind).toBe("retry-later");
    expect((await scope.db.outbox.orderBy("seq").toArray()).map((e) => [e.seq, e.status])).toEqual(
      seqs(1, 11).map((s) => [s, "pending"]),
    );
    expect(server.applied).toEqual([]);
    expect(await getMeta(scope.db, "drainBackoff")).toMatchObject({ failures: 10 });
  });
});

/** A Dexie middleware that yields a random number of turns before every storage operation. */
function slowStorage(random: () => number): Middleware<DBCore> {
  const wait = async () => {
    for (let i = Math.floor(random() * 4); i > 0; i--) await Promise.resolve();
  };
  return {
    stack: "dbcore",
    name: "random-delays",
    // Right above IndexedDB, where every request names its transaction (no Dexie zone needed).
    level: -2,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          get: async (req) => {
            await wait();
            return table.get(req);
          },
          getMany: async (req) => {
            await wait();
            return table.getMany(req);
          },
          query: async (req) => {
            await wait();
            return table.query(req);
          },
          count: async (req) => {
            await wait();
            return table.count(req);
          },
          mutate: async (req) => {
            await wait();
            return table.mutate(req);
          },
        };
      },
    }),
  };
}

/** Web Locks as one browser keeps them: one holder per name; `ifAvailable` answers null when taken. */
class FakeLocks {
  private held = new Set<string>();
  private waiters: (() => void)[] = [];
  async request<T>(
    name: string,
    optionsOrWork: { ifAvailable?: boolean } | ((lock: { name: string } | null) => Promise<T>),
    maybeWork?: (lock: { name: string } | null) => Promise<T>,
  ): Promise<T> {
    const options = typeof optionsOrWork === "function" ? {} : optionsOrWork;
    const work = (typeof optionsOrWork === "function" ? optionsOrWork : maybeWork) as (
      lock: { name: string } | null,
    ) => Promise<T>;
    if (this.held.has(name)) {
      if (options.ifAvailable) return work(null);
      while (this.held.has(name)) await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.held.add(name);
    try {
      return await work({ name });
    } finally {
      this.held.delete(name);
      for (const wake of this.waiters.splice(0)) wake();
    }
  }
  async query() {
    return { held: [...this.held].map((name) => ({ name })), pending: [] };
  }
}

describe("random delays around storage and fetch", () => {
  let middleware: Middleware<DBCore> | null = null;
  beforeEach(resetDatabases);
  afterEach(() => {
    if (middleware) userDb(STUDENT.id).unuse({ stack: "dbcore", name: "random-delays" });
    middleware = null;
    vi.unstubAllGlobals();
  });

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    for (const locked of [true, false]) {
      it(`seed ${seed}${locked ? ", page and worker under one lock" : ", two drainers with no Web Locks"}: every change applied exactly once, in order`, async () => {
        const random = seededRandom(seed);
        middleware = slowStorage(random);
        userDb(STUDENT.id).use(middleware);
        const locks = new FakeLocks();
        vi.stubGlobal("navigator", locked ? { locks } : {});
        const server = new FakePushServer({
          delay: () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 3))),
          fault: () => {
            const roll = random();
            return roll < 0.15 ? "throw" : roll < 0.25 ? "lose-response" : roll < 0.3 ? 503 : null;
          },
        });
        const drainDeps: DrainDeps = { fetch: server.fetch, now: () => new Date(NOW), random };

        // The student keeps answering while two runners (the page and the worker) keep draining.
        let studentDone = false;
        const runner = async () => {
          let running = false;
          for (let i = 0; i < 400; i++) {
            const outcome = await drainOutbox(drainDeps, { force: true });
            if (outcome.kind === "busy") running = true;
            if (studentDone && outcome.kind === "idle") return running;
            await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 2)));
          }
          throw new Error("the queue never emptied");
        };
        const student = (async () => {
          const made = await queue(40);
          studentDone = true;
          return made;
        })();
        const [{ saves, scope }] = await Promise.all([student, runner(), runner()]);

        expect(await scope.db.outbox.count()).toBe(0);
        expect(server.applied.map((m) => m.seq)).toEqual(seqs(1, 41));
        expect(new Set(server.applied.map((m) => m.id)).size).toBe(41);
        expect(server.applied[0]?.call).toBe("POST /test/generate/practice");
        expect(server.appliedBodies().slice(1)).toEqual(saves);
      });
    }
  }

  it("tells when a drain holds the outbox lock", async () => {
    const locks = new FakeLocks();
    vi.stubGlobal("navigator", { locks });
    expect(await isDrainRunning()).toBe(false);
    let seen = false;
    await locks.request("outbox", async () => {
      seen = await isDrainRunning();
    });
    expect(seen).toBe(true);
    expect(await isDrainRunning()).toBe(false);
  });

  it("[DR9] a drain while another holds the outbox lock is busy at once and sends nothing; with no Web Locks it drains", async () => {
    const { scope } = await queue(2);
    const server = new FakePushServer();
    const locks = new FakeLocks();
    vi.stubGlobal("navigator", { locks });
    const outcome = await locks.request("outbox", () => drainOutbox(deps(server.fetch), { force: true }));
    expect(outcome).toEqual({ kind: "busy" });
    expect(server.applied).toHaveLength(0);
    expect(await scope.db.outbox.count()).toBe(3);

    vi.stubGlobal("navigator", {});
    expect(await drainOutbox(deps(server.fetch), { force: true })).toMatchObject({ kind: "drained", sent: 3 });
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("the sync button and the jobs panel wait while another drainer holds the lock, then drain themselves", async () => {
    const { scope } = await queue(2);
    const server = new FakePushServer();
    const locks = new FakeLocks();
    vi.stubGlobal("navigator", { locks });
    let release = () => {};
    const held = locks.request("outbox", () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = drainWhenFree(deps(server.fetch), { force: true });
    setTimeout(() => release(), 100);
    expect(await waiting).toMatchObject({ kind: "drained", sent: 3 });
    await held;
    expect(await scope.db.outbox.count()).toBe(0);
  });
});
