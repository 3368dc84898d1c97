/**
 * The worker's drain triggers on a platform without Background Sync (Safari: no SyncManager, no
 * registration.sync): the queue still drains when the worker starts, when the page opens (its
 * message), on `online` (the page's message, forced) and in the worker itself.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTest, saveAnswer } from "../../web/src/local/actions/test.ts";
import { drainOutbox } from "../../web/src/local/outbox/drain.ts";
import { FakePushServer } from "../../web/src/local/outbox/fake-push-server.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../../web/src/local/test-support.ts";
import { installDrainTriggers } from "./triggers.ts";

/**
 * The page's own scheduler, loaded by a path the worker's type check does not follow: it is
 * page code (window, document), type-checked with the web package.
 */
const PAGE_SCHEDULER = "../../web/src/local/outbox/drain-scheduler.ts";
async function pageScheduler(): Promise<{ startDrainTriggers(): () => void }> {
  return import(/* @vite-ignore */ PAGE_SCHEDULER);
}

async function queueThree() {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
  const test = await createTest(scope, {
    test_type: "practice",
    title: "P",
    count: 2,
    display_answers: "after_test",
    seed: 1,
  });
  for (const q of test.question_ids) await saveAnswer(scope, test.id, q, [q * 100 + 1]);
  return scope;
}

/** A worker global with no Background Sync, recording each drain it was asked for. */
function workerScope(server: FakePushServer) {
  const scope = new EventTarget();
  const drains: boolean[] = [];
  const kept: Promise<unknown>[] = [];
  const drain = (force: boolean) => {
    drains.push(force);
    return drainOutbox({ fetch: server.fetch, now: () => new Date(), random: () => 0.5 }, { force });
  };
  const extendable = (type: string, extra: object = {}) =>
    Object.assign(new Event(type), { waitUntil: (p: Promise<unknown>) => kept.push(p) }, extra);
  return { scope, drains, kept, drain, extendable };
}

const settle = (kept: Promise<unknown>[]) => Promise.all(kept);

describe("service worker drain triggers without Background Sync", () => {
  beforeEach(async () => {
    await resetDatabases();
    vi.stubGlobal("navigator", {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it("the platform really has no Background Sync here", () => {
    expect("SyncManager" in globalThis).toBe(false);
  });

  it("[DR11] drains when the worker starts", async () => {
    const db = (await queueThree()).db;
    const server = new FakePushServer();
    const worker = workerScope(server);
    installDrainTriggers(worker.scope, async (force) => {
      const outcome = await worker.drain(force);
      worker.kept.push(Promise.resolve(outcome));
      return outcome;
    });
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(worker.drains).toEqual([false]);
    expect(server.applied.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it("[DR11] drains on activate, on the page's message (forced as the page says) and on online in the worker", async () => {
    const server = new FakePushServer();
    const worker = workerScope(server);
    installDrainTriggers(worker.scope, worker.drain);
    worker.scope.dispatchEvent(worker.extendable("activate"));
    worker.scope.dispatchEvent(
      Object.assign(new MessageEvent("message", { data: { type: "drain", force: true } }), {
        waitUntil: (p: Promise<unknown>) => worker.kept.push(p),
      }),
    );
    worker.scope.dispatchEvent(new MessageEvent("message", { data: { type: "something-else" } }));
    worker.scope.dispatchEvent(new Event("online"));
    worker.scope.dispatchEvent(worker.extendable("sync", { tag: "another-tag" }));
    expect(worker.drains).toEqual([false, false, true, true]);
    expect(worker.kept).toHaveLength(2);
    await settle(worker.kept);
  });

  it("[DR11] where Background Sync exists, the outbox tag drains forced and the worker is kept alive for it", async () => {
    const db = (await queueThree()).db;
    const server = new FakePushServer();
    const worker = workerScope(server);
    installDrainTriggers(worker.scope, worker.drain);
    worker.scope.dispatchEvent(worker.extendable("sync", { tag: "outbox" }));
    await settle(worker.kept);
    expect(worker.drains).toEqual([false, true]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("[DR10][DR11] page open and online reach the worker as messages, and the worker drains what waits", async () => {
    const db = (await queueThree()).db;
    const server = new FakePushServer({ fault: (n) => (n === 1 ? "throw" : null) });
    const worker = workerScope(server);
    installDrainTriggers(worker.scope, worker.drain);
    await vi.waitFor(() => expect(worker.drains).toEqual([false])); // worker start: the network is down
    await vi.waitFor(async () => expect(server.requests).toHaveLength(1));

    // The page: controlled by the worker, no registration.sync (Safari).
    const page = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
    const posted: unknown[] = [];
    vi.stubGlobal("window", Object.assign(page, { setInterval, clearInterval }));
    vi.stubGlobal("document", doc);
    vi.stubGlobal("navigator", {
      serviceWorker: {
        controller: {
          postMessage: (data: unknown) => {
            posted.push(data);
            worker.scope.dispatchEvent(
              Object.assign(new MessageEvent("message", { data }), {
                waitUntil: (p: Promise<unknown>) => worker.kept.push(p),
              }),
            );
          },
        },
        ready: Promise.resolve({}),
      },
    });
    const stop = (await pageScheduler()).startDrainTriggers();
    try {
      // Page open: an unforced wake, which the back-off from the failed start holds back.
      expect(posted).toEqual([{ type: "drain", force: false }]);
      await settle(worker.kept);
      expect(await db.outbox.count()).toBe(3);
      // The network returns: forced, so the back-off does not delay it.
      page.dispatchEvent(new Event("online"));
      expect(posted).toEqual([
        { type: "drain", force: false },
        { type: "drain", force: true },
      ]);
      await settle(worker.kept);
      expect(await db.outbox.count()).toBe(0);
      expect(server.applied.map((m) => m.seq)).toEqual([1, 2, 3]);
    } finally {
      stop();
    }
  });
});
