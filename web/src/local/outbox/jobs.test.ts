import "fake-indexeddb/auto";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getMeta } from "../store/db.ts";
import { queuedAnswers, resetDatabases } from "../test-support.ts";
import { type DrainDeps, drainUnlocked } from "./drain.ts";
import { FakePushServer } from "./fake-push-server.ts";
import { readJobs, restartQueue, retryFailed, runJobs } from "./jobs.ts";

const NOW = Date.UTC(2026, 10, 21, 10);

function deps(fetch: typeof globalThis.fetch): DrainDeps {
  return { fetch, now: () => new Date(NOW), random: () => 0.5 };
}

const queue = queuedAnswers;

/** Refuses the save with this seq, as an effect would (e.g. the test was finished elsewhere). */
const refuseSeq =
  (seq: number) =>
  (m: Mutation): { code: string; message: string } | null =>
    m.seq === seq && m.call === "POST /test/current/save"
      ? { code: "test_finished", message: "This test has already been finished." }
      : null;

describe("jobs: reading the queue", () => {
  beforeEach(resetDatabases);

  it("lists this user's entries in seq order with the time each parked one was refused", async () => {
    const { scope } = await queue(3);
    const server = new FakePushServer({ refuse: refuseSeq(3) });
    await drainUnlocked(deps(server.fetch), { throughSeq: 3 });
    const jobs = await readJobs(scope.db, scope.userId);
    expect(jobs.entries.map((e) => [e.seq, e.status])).toEqual([
      [3, "failed"],
      [4, "pending"],
    ]);
    expect([...jobs.failedAt.values()]).toEqual([new Date(NOW).toISOString()]);
    expect(jobs.paused).toBeNull();
  });
});

describe("jobs: run now", () => {
  beforeEach(resetDatabases);

  it("[DR19] running one entry sends every entry before it first, in order, and leaves the rest", async () => {
    const { scope } = await queue(5);
    const server = new FakePushServer();
    const report = await runJobs(scope.db, scope.userId, deps(server.fetch), { throughSeq: 4 });
    expect(report.outcome).toEqual({ kind: "drained", sent: 4, failed: 0 });
    expect(server.applied.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(report.pending).toBe(2);
    expect((await scope.db.outbox.orderBy("seq").toArray()).map((e) => e.seq)).toEqual([5, 6]);
    // Not a full sync while changes still wait.
    expect(await getMeta(scope.db, "lastSyncAt")).toBeUndefined();
  });

  it("[DR19] run all ignores the back-off and reports what was refused", async () => {
    const { scope } = await queue(3);
    await scope.db.meta.put({ key: "drainBackoff", value: { failures: 4, nextAttemptAt: "2099-01-01T00:00:00Z" } });
    const server = new FakePushServer({ refuse: refuseSeq(2) });
    const report = await runJobs(scope.db, scope.userId, deps(server.fetch));
    expect(report).toEqual({
      outcome: { kind: "drained", sent: 3, failed: 1 },
      pending: 0,
      failedCalls: ["POST /test/current/save"],
    });
    expect(await getMeta(scope.db, "lastSyncAt")).toBe(new Date(NOW).toISOString());
  });

  it("a network failure leaves every entry pending and says so", async () => {
    const { scope } = await queue(2);
    const server = new FakePushServer({ fault: () => "throw" });
    const report = await runJobs(scope.db, scope.userId, deps(server.fetch));
    expect(report.outcome.kind).toBe("retry-later");
    expect(report.pending).toBe(3);
  });
});

describe("jobs: retry failed", () => {
  beforeEach(resetDatabases);

  it("[DR19] a change the server refused and recorded is queued again under a new id and the next seq, applied once", async () => {
    const { scope } = await queue(4);
    let refusing = true;
    let loseReplyOf: number | null = null;
    const server = new FakePushServer({
      refuse: (m) => (refusing ? refuseSeq(3)(m) : null),
      fault: (n) => (n === loseReplyOf ? "lose-response" : null),
    });
    await runJobs(scope.db, scope.userId, deps(server.fetch));
    const [parked] = await scope.db.outbox.toArray();
    expect(parked).toMatchObject({ seq: 3, status: "failed", attempts: 1 });
    expect(await scope.db.notices.get(parked?.id ?? "")).toMatchObject({ seen: 0 });

    refusing = false;
    expect(await retryFailed(scope.db, scope.userId)).toBe(1);
    const [again] = await scope.db.outbox.toArray();
    expect(again).toMatchObject({
      seq: 6,
      status: "pending",
      call: parked?.call,
      body: parked?.body,
      createdAt: parked?.createdAt,
      attempts: 1,
      lastError: null,
    });
    expect(again?.id).not.toBe(parked?.id);
    expect(await scope.db.notices.get(parked?.id ?? "")).toMatchObject({ seen: 1 });

    // Sent twice (the first reply lost on the way back): applied once, under the new id.
    loseReplyOf = server.requests.length + 1;
    expect((await runJobs(scope.db, scope.userId, deps(server.fetch))).outcome.kind).toBe("retry-later");
    const report = await runJobs(scope.db, scope.userId, deps(server.fetch));
    expect(report.pending).toBe(0);
    expect(server.applied.filter((m) => m.id === again?.id)).toHaveLength(1);
    expect(server.applied.filter((m) => m.id === parked?.id)).toHaveLength(0);
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("[DR19] retried entries keep their order among themselves and behind what was already waiting", async () => {
    const { scope } = await queue(5);
    const server = new FakePushServer({ refuse: (m) => refuseSeq(2)(m) ?? refuseSeq(4)(m) });
    await runJobs(scope.db, scope.userId, deps(server.fetch), { throughSeq: 5 });
    const parkedBodies = (await scope.db.outbox.where("status").equals("failed").sortBy("seq")).map((e) => e.body);
    await retryFailed(scope.db, scope.userId);
    const waiting = await scope.db.outbox.orderBy("seq").toArray();
    expect(waiting.map((e) => [e.seq, e.status])).toEqual([
      [6, "pending"],
      [7, "pending"],
      [8, "pending"],
    ]);
    expect(waiting.slice(1).map((e) => e.body)).toEqual(parkedBodies);
  });

  it("[DR19] a change refused whole whose skip was never delivered goes back as it was (same id, same seq)", async () => {
    const { scope } = await queue(2);
    // 1: the batch is refused whole; 2: the single first entry is refused whole (parked, skip
    // owed); 3: the network dies before the skip goes out.
    const server = new FakePushServer({ fault: (n) => (n <= 2 ? 400 : n === 3 ? "throw" : null) });
    await drainUnlocked(deps(server.fetch));
    const [parked] = await scope.db.outbox.toArray();
    expect(parked).toMatchObject({ seq: 1, status: "failed", needsSkip: true });

    await retryFailed(scope.db, scope.userId);
    expect(await scope.db.outbox.get(1)).toMatchObject({ id: parked?.id, status: "pending", needsSkip: false });
    await runJobs(scope.db, scope.userId, deps(server.fetch));
    expect(server.applied.map((m) => [m.seq, m.id === parked?.id])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("can retry one queue only", async () => {
    const { scope } = await queue(2);
    const server = new FakePushServer({ refuse: (m) => (m.seq === 1 ? { code: "conflict", message: "no" } : null) });
    await runJobs(scope.db, scope.userId, deps(server.fetch), { throughSeq: 1 });
    expect(await retryFailed(scope.db, scope.userId, (e) => e.call === "POST /test/current/save")).toBe(0);
    expect(await retryFailed(scope.db, scope.userId, (e) => e.call.startsWith("POST /test/generate/"))).toBe(1);
  });
});

describe("jobs: restart queue", () => {
  beforeEach(async () => {
    await resetDatabases();
    vi.stubGlobal("navigator", {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it("[DR19] forgets the back-off, the pause and the one-at-a-time push, then drains at once", async () => {
    const { scope } = await queue(1);
    await scope.db.meta.bulkPut([
      { key: "drainBackoff", value: { failures: 3, nextAttemptAt: "2099-01-01T00:00:00Z" } },
      { key: "paused", value: "server said 401" },
      { key: "pushBatchSize", value: 1 },
    ]);
    const server = new FakePushServer();
    vi.stubGlobal("fetch", server.fetch);
    const report = await restartQueue(scope.db);
    expect(report).toEqual({
      clearedBackoff: true,
      clearedPause: "server said 401",
      triggersRestarted: false,
      serviceWorker: false,
    });
    expect(server.applied.map((m) => m.seq)).toEqual([1, 2]);
    expect(await scope.db.meta.get("pushBatchSize")).toBeUndefined();
  });
});
