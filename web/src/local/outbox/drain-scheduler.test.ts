/**
 * The page's drain triggers when no service worker controls the page (first visit, or a
 * browser without one): the page drains itself on open, on `online`, on becoming visible and on
 * the timer; restarting the triggers installs them again without doubling them.
 */
import "fake-indexeddb/auto";
import { DRAIN_TIMER_MS } from "@preflight/sync-protocol/rules/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTest } from "../actions/test.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import { restartDrainTriggers, startDrainTriggers } from "./drain-scheduler.ts";
import { FakePushServer } from "./fake-push-server.ts";

function fakePage() {
  const page = Object.assign(new EventTarget(), { setInterval, clearInterval });
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  vi.stubGlobal("window", page);
  vi.stubGlobal("document", doc);
  vi.stubGlobal("navigator", { serviceWorker: { controller: null } });
  return { page, doc };
}

async function queueOne() {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([multipleChoice(1)]);
  await createTest(scope, { test_type: "practice", title: "P", count: 1, display_answers: "after_test", seed: 1 });
  return scope;
}

describe("page drain triggers with no service worker", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("[DR10] drains in the page on open and again when the network returns", async () => {
    const { page } = fakePage();
    const scope = await queueOne();
    const server = new FakePushServer({ fault: (n) => (n === 1 ? "throw" : null) });
    vi.stubGlobal("fetch", server.fetch);
    const stop = startDrainTriggers();
    try {
      await vi.waitFor(() => expect(server.requests).toHaveLength(1));
      expect(await scope.db.outbox.count()).toBe(1);
      page.dispatchEvent(new Event("online"));
      await vi.waitFor(async () => expect(await scope.db.outbox.count()).toBe(0));
    } finally {
      stop();
    }
  });

  it("[DR10] drains when the page becomes visible and on the timer", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { doc } = fakePage();
    const scope = await queueOne();
    let calls = 0;
    vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>) => {
      calls++;
      throw new TypeError(`offline ${String(args[0])}`);
    });
    const stop = startDrainTriggers();
    try {
      await vi.waitFor(() => expect(calls).toBe(1));
      await scope.db.meta.delete("drainBackoff");
      doc.dispatchEvent(new Event("visibilitychange"));
      await vi.waitFor(() => expect(calls).toBe(2));
      await scope.db.meta.delete("drainBackoff");
      vi.advanceTimersByTime(DRAIN_TIMER_MS);
      await vi.waitFor(() => expect(calls).toBe(3));
    } finally {
      stop();
    }
  });

  it("restarting installs the triggers once more, never twice", async () => {
    const { page } = fakePage();
    await queueOne();
    let calls = 0;
    vi.stubGlobal("fetch", async () => {
      calls++;
      throw new TypeError("offline");
    });
    expect(restartDrainTriggers()).toBe(false);
    const stop = startDrainTriggers();
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(restartDrainTriggers()).toBe(true);
    await vi.waitFor(() => expect(calls).toBe(1)); // the restart's own wake is held by the back-off
    page.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(calls).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(2);
    stop();
    expect(restartDrainTriggers()).toBe(false);
  });
});
