import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createTest } from "../actions/test.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import { drainUnlocked } from "./drain.ts";
import { FakePushServer } from "./fake-push-server.ts";

// Whether the drain has loaded what sending needs (the reply's schema, the calls' handlings).
const loaded = vi.hoisted(() => ({ sending: false, unreachable: false }));
vi.mock("./sending.ts", async (importOriginal) => {
  if (loaded.unreachable) throw new TypeError("Failed to fetch dynamically imported module");
  loaded.sending = true;
  return importOriginal();
});

const server = new FakePushServer();
const deps = { fetch: server.fetch, now: () => new Date(Date.UTC(2026, 10, 21, 10)), random: () => 0.5 };

describe("the drain loads what sending needs only when it has something to send", () => {
  beforeEach(resetDatabases);

  it("an empty outbox: nothing sent, the protocol's schemas and the calls' handlings not loaded", async () => {
    await signedInScope();
    expect(await drainUnlocked(deps)).toEqual({ kind: "idle" });
    expect(loaded.sending).toBe(false);
  });

  it("a queued change whose sending code cannot be fetched (offline before the app was stored): kept, and tried again later", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    await createTest(scope, { test_type: "practice", title: "P", count: 2, display_answers: "after_test", seed: 1 });
    loaded.unreachable = true;
    try {
      expect(await drainUnlocked(deps)).toMatchObject({ kind: "retry-later", sent: 0 });
    } finally {
      loaded.unreachable = false;
    }
    expect(await scope.db.outbox.where("status").equals("pending").count()).toBe(1);
    expect(await scope.db.meta.get("drainBackoff")).toBeDefined();
  });

  it("a queued change: loaded, and sent", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    await createTest(scope, { test_type: "practice", title: "P", count: 2, display_answers: "after_test", seed: 1 });
    expect(await drainUnlocked(deps)).toEqual({ kind: "drained", sent: 1, failed: 0 });
    expect(loaded.sending).toBe(true);
  });
});
