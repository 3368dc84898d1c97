import "fake-indexeddb/auto";
import { SYNC_CALL_TIMEOUT_MS } from "@preflight/sync-protocol/rules/constants";
import type { Mutation, PushResult } from "@preflight/sync-protocol/schemas/sync";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetProgress } from "../actions/analysis.ts";
import { createTest, saveAnswer } from "../actions/test.ts";
import { deviceDb, getMeta } from "../store/db.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../test-support.ts";
import { backoffDelay, type DrainDeps, drainUnlocked } from "./drain.ts";

type Reply = (mutations: Mutation[]) => Response | Promise<Response>;

/** A scripted server: the Nth call answers with the Nth reply (or applies everything). */
function scriptedFetch(replies: (Reply | "throw")[]) {
  const calls: Mutation[][] = [];
  const applyAll: Reply = (mutations) =>
    Response.json({
      results: mutations.map(
        (m): PushResult => ({ id: m.id, seq: m.seq, status: "applied", reply: { success: true } }),
      ),
    });
  const fetch = (async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { mutations: Mutation[] };
    calls.push(body.mutations);
    const reply = replies[calls.length - 1] ?? applyAll;
    if (reply === "throw") throw new TypeError("Failed to fetch");
    return reply(body.mutations);
  }) as typeof globalThis.fetch;
  return { fetch, calls, applyAll };
}

function deps(fetch: typeof globalThis.fetch, at = Date.UTC(2026, 10, 21, 10)): DrainDeps {
  return { fetch, now: () => new Date(at), random: () => 0.5 };
}

async function queueFive() {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([1, 2, 3, 4].map(multipleChoice));
  const test = await createTest(scope, {
    test_type: "practice",
    title: "P",
    count: 4,
    display_answers: "after_test",
    seed: 1,
  });
  for (const q of test.question_ids) await saveAnswer(scope, test.id, q, [q * 100 + 1]);
  return scope;
}

describe("drain", () => {
  beforeEach(resetDatabases);

  it("[DR1][DR13] sends pending mutations in seq order, removes each one the server applied and stamps the sync", async () => {
    const scope = await queueFive();
    const server = scriptedFetch([]);
    expect(await drainUnlocked(deps(server.fetch))).toEqual({ kind: "drained", sent: 5, failed: 0 });
    expect(server.calls[0]?.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(await scope.db.outbox.count()).toBe(0);
    expect(await getMeta(scope.db, "lastSyncAt")).toBe("2026-11-21T10:00:00.000Z");
  });

  it("says when it sent each batch, on the clock that stamped the changes, so the server can tell how long each waited", async () => {
    const scope = await queueFive();
    const bodies: { sentAt?: string; mutations: Mutation[] }[] = [];
    const server = scriptedFetch([]);
    const watching = (async (url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return server.fetch(url, init);
    }) as typeof globalThis.fetch;
    await drainUnlocked(deps(watching));
    expect(bodies[0]?.sentAt).toBe("2026-11-21T10:00:00.000Z");
    const saves = (await scope.db.answers.toArray()).length;
    expect(bodies[0]?.mutations.filter((m) => m.call === "POST /test/current/save")).toHaveLength(saves);
  });

  it.each([
    ["a thrown request", "throw" as const],
    ["a 500", () => new Response("boom", { status: 500 })],
    ["a 503", () => new Response("", { status: 503 })],
    ["a 429", () => new Response("", { status: 429 })],
    ["a 408", () => new Response("", { status: 408 })],
  ])(
    "[DR2][DR6][DR15] after %s the outbox still holds exactly the unsent entries in order, and backs off by the injected clock and chance",
    async (_name, reply) => {
      const scope = await queueFive();
      const server = scriptedFetch([reply]);
      const outcome = await drainUnlocked(deps(server.fetch));
      expect(outcome.kind).toBe("retry-later");
      expect((await scope.db.outbox.orderBy("seq").toArray()).map((e) => [e.seq, e.status])).toEqual([
        [1, "pending"],
        [2, "pending"],
        [3, "pending"],
        [4, "pending"],
        [5, "pending"],
      ]);
      expect(await getMeta(scope.db, "drainBackoff")).toEqual({
        failures: 1,
        nextAttemptAt: "2026-11-21T10:00:00.750Z",
      });
      // Before the back-off ends nothing is sent; after it, everything is.
      expect((await drainUnlocked(deps(server.fetch))).kind).toBe("waiting");
      expect(await drainUnlocked(deps(server.fetch, Date.UTC(2026, 10, 21, 10, 0, 1)))).toEqual({
        kind: "drained",
        sent: 5,
        failed: 0,
      });
    },
  );

  it("[DR2] a partial reply removes only what the server answered", async () => {
    const scope = await queueFive();
    const server = scriptedFetch([
      (mutations) =>
        Response.json({
          results: mutations.slice(0, 2).map((m) => ({ id: m.id, seq: m.seq, status: "applied", reply: null })),
        }),
      "throw",
    ]);
    expect((await drainUnlocked(deps(server.fetch))).kind).toBe("retry-later");
    expect((await scope.db.outbox.orderBy("seq").toArray()).map((e) => e.seq)).toEqual([3, 4, 5]);
  });

  it("[DR3] a 401 pauses replay and keeps every entry", async () => {
    const scope = await queueFive();
    const server = scriptedFetch([
      () => Response.json({ error: { code: "session_replaced", message: "x" } }, { status: 401 }),
    ]);
    expect(await drainUnlocked(deps(server.fetch))).toEqual({ kind: "paused", reason: "server said 401" });
    expect(await scope.db.outbox.count()).toBe(5);
    expect(await drainUnlocked(deps(server.fetch))).toEqual({ kind: "paused", reason: "server said 401" });
    expect(server.calls).toHaveLength(1);
  });

  it("[DR4] a refused mutation is parked as failed with its reason and told to the student; the rest moves on", async () => {
    const scope = await queueFive();
    const server = scriptedFetch([
      (mutations) =>
        Response.json({
          results: mutations.map((m) =>
            m.seq === 3
              ? {
                  id: m.id,
                  seq: m.seq,
                  status: "failed",
                  error: { code: "test_finished", message: "Already finished" },
                }
              : { id: m.id, seq: m.seq, status: "applied", reply: null },
          ),
        }),
    ]);
    expect(await drainUnlocked(deps(server.fetch))).toEqual({ kind: "drained", sent: 4, failed: 1 });
    const left = await scope.db.outbox.toArray();
    expect(left.map((e) => [e.seq, e.status, e.lastError])).toEqual([[3, "failed", "test_finished: Already finished"]]);
    expect(await scope.db.notices.toArray()).toMatchObject([
      { code: "test_finished", message: "Already finished", seen: 0 },
    ]);
  });

  it("a refused progress reset leaves the device too, so its graphs agree with the server", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    const subject = (await scope.db.questions.get(1))?.subject as string;
    const reset = await resetProgress(scope, subject);
    expect(await scope.db.progressResets.count()).toBe(1);
    const server = scriptedFetch([
      (mutations) =>
        Response.json({
          results: mutations.map((m) => ({
            id: m.id,
            seq: m.seq,
            status: "failed",
            error: { code: "not_found", message: "Subject is not in your question bank" },
          })),
        }),
    ]);
    expect(await drainUnlocked(deps(server.fetch))).toMatchObject({ kind: "drained", failed: 1 });
    expect(await scope.db.progressResets.get(reset.id)).toBeUndefined();
    expect(await scope.db.notices.toArray()).toMatchObject([{ id: reset.id, seen: 0 }]);
  });

  it("[DR5] out_of_order stops the drain and keeps the entries for a later resend", async () => {
    const scope = await queueFive();
    const server = scriptedFetch([
      (mutations) =>
        Response.json({ results: [{ id: mutations[0]?.id, seq: 1, status: "out_of_order", expectedSeq: 1 }] }),
    ]);
    expect((await drainUnlocked(deps(server.fetch))).kind).toBe("retry-later");
    expect(await scope.db.outbox.count()).toBe(5);
  });

  it("[DR12] drains for the signed-in account only, and only its entries", async () => {
    const scope = await queueFive();
    const first = await scope.db.outbox.orderBy("seq").first();
    if (!first) throw new Error("nothing queued");
    await scope.db.outbox.put({ ...first, seq: 99, id: "stray", userId: "user-2" });
    const server = scriptedFetch([]);

    await deviceDb().session.delete("current");
    expect(await drainUnlocked(deps(server.fetch))).toEqual({ kind: "no-session" });
    await signedInScope({ ...STUDENT, id: "user-2", email: "other@preflight.test" });
    expect(await drainUnlocked(deps(server.fetch))).toEqual({ kind: "idle" });
    expect(server.calls).toHaveLength(0);

    await signedInScope();
    expect(await drainUnlocked(deps(server.fetch))).toEqual({ kind: "drained", sent: 5, failed: 0 });
    expect(server.calls.flat().map((m) => m.userId)).toEqual(Array(5).fill(STUDENT.id));
    expect((await scope.db.outbox.toArray()).map((e) => e.id)).toEqual(["stray"]);
  });

  it("[DR14] the push carries the batch's first mutation id as its Idempotency-Key", async () => {
    const scope = await queueFive();
    const first = await scope.db.outbox.orderBy("seq").first();
    const keys: (string | null)[] = [];
    const server = scriptedFetch([]);
    const fetch = ((url: string, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get("Idempotency-Key"));
      return server.fetch(url, init);
    }) as typeof globalThis.fetch;
    expect(await drainUnlocked(deps(fetch))).toMatchObject({ kind: "drained", sent: 5 });
    expect(keys).toEqual([first?.id]);
  });

  describe("a push that gets no answer", () => {
    afterEach(() => vi.restoreAllMocks());

    it("[DR16] is aborted after SYNC_CALL_TIMEOUT_MS and counts as a network error: nothing removed, backs off", async () => {
      const scope = await queueFive();
      const timer = new AbortController();
      const timeout = vi.spyOn(AbortSignal, "timeout").mockReturnValue(timer.signal);
      const hung = ((_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () =>
            reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
          );
          setTimeout(() => timer.abort(), 0);
        })) as typeof globalThis.fetch;
      const outcome = await drainUnlocked(deps(hung));
      expect(timeout).toHaveBeenCalledWith(SYNC_CALL_TIMEOUT_MS);
      expect(outcome).toMatchObject({ kind: "retry-later", reason: expect.stringMatching(/^network: TimeoutError/) });
      expect(await scope.db.outbox.count()).toBe(5);
      expect(await getMeta(scope.db, "drainBackoff")).toMatchObject({ failures: 1 });
    });
  });

  it("[DR6] backs off exponentially with jitter up to a cap", () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(4, () => 1)).toBe(8000);
    expect(backoffDelay(30, () => 1)).toBe(60_000);
  });
});

describe("[DR7] drain when the server refuses a whole request", () => {
  beforeEach(resetDatabases);

  it("[DR8] narrows to single changes, parks the one the server will never take and sends a skip in its place", async () => {
    const scope = await queueFive();
    const seen: { seq: number; call: string }[][] = [];
    const tooLargeSeq = 3;
    const fetch = (async (_url: string, init?: RequestInit) => {
      const { mutations } = JSON.parse(String(init?.body)) as { mutations: Mutation[] };
      seen.push(mutations.map((m) => ({ seq: m.seq, call: m.call })));
      if (mutations.some((m) => m.seq === tooLargeSeq && m.call !== "POST /sync/skip"))
        return Response.json(
          { error: { code: "payload_too_large", message: "Request body too large" } },
          { status: 413 },
        );
      return Response.json({
        results: mutations.map((m) =>
          m.call === "POST /sync/skip"
            ? { id: m.id, seq: m.seq, status: "failed", error: { code: "skipped", message: "skipped" } }
            : { id: m.id, seq: m.seq, status: "applied", reply: null },
        ),
      });
    }) as typeof globalThis.fetch;

    expect(await drainUnlocked(deps(fetch))).toEqual({ kind: "drained", sent: 4, failed: 1 });
    expect(seen.map((batch) => batch.map((m) => m.seq))).toEqual([[1, 2, 3, 4, 5], [1], [2], [3], [3, 4, 5]]);
    expect(seen[4]?.[0]).toEqual({ seq: 3, call: "POST /sync/skip" });
    const left = await scope.db.outbox.toArray();
    expect(left.map((e) => [e.seq, e.status, e.needsSkip, e.lastError])).toEqual([
      [3, "failed", false, "http_413: Request body too large"],
    ]);
    expect(await scope.db.notices.count()).toBe(1);
  });

  it("[DR7] a server on another protocol version (426) pauses replay until the app is updated; nothing is parked", async () => {
    const scope = await queueFive();
    const server = scriptedFetch([
      () => Response.json({ error: { code: "protocol_mismatch", message: "please update the app" } }, { status: 426 }),
    ]);
    expect(await drainUnlocked(deps(server.fetch))).toEqual({
      kind: "paused",
      reason: "update required: please update the app",
    });
    expect((await scope.db.outbox.toArray()).every((e) => e.status === "pending")).toBe(true);
  });
});
