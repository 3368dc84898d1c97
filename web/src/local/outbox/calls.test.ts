/**
 * The drain's per-call knowledge lives beside the action that queues the call: the drain runs
 * whatever handling is registered for an entry's call, inside the transaction that drops or parks
 * the entry, and names no call itself.
 */
import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { MUTATIONS } from "@preflight/sync-protocol/mutations";
import type { Mutation, PushResult } from "@preflight/sync-protocol/schemas/sync";
import type { TestResult } from "@preflight/sync-protocol/schemas/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTest, finishTest } from "../actions/test.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import { callHandling, registerCallHandling } from "./calls.ts";
import { type DrainDeps, drainUnlocked } from "./drain.ts";

/** A server that answers each mutation with `answer(m)`. */
function answering(answer: (m: Mutation) => Omit<PushResult, "id" | "seq">): typeof fetch {
  return (async (_url: string | URL | Request, init?: RequestInit) => {
    const { mutations } = JSON.parse(String(init?.body)) as { mutations: Mutation[] };
    return Response.json({ results: mutations.map((m) => ({ id: m.id, seq: m.seq, ...answer(m) })) });
  }) as typeof fetch;
}

function deps(fetch: typeof globalThis.fetch): DrainDeps {
  return { fetch, now: () => new Date(Date.UTC(2026, 10, 21, 10)), random: () => 0.5 };
}

async function queueTest() {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
  const test = await createTest(scope, {
    test_type: "practice",
    title: "P",
    count: 2,
    display_answers: "after_test",
    seed: 1,
  });
  return { scope, test };
}

describe("call handling registered beside the actions", () => {
  beforeEach(resetDatabases);
  let unregister: (() => void) | null = null;
  afterEach(() => {
    unregister?.();
    unregister = null;
  });

  it("the drain hands an applied call's reply to its registered handling, in the transaction that drops the entry", async () => {
    const { scope, test } = await queueTest();
    const seen: unknown[] = [];
    unregister = registerCallHandling("POST /test/generate/{test_type}", {
      tables: ["userTests"],
      onApplied: async (reply, entry, db) => {
        seen.push([reply, entry.call, await db.outbox.get(entry.seq)]);
        await db.userTests.update(test.id, { title: "as the server has it" });
      },
    });
    const reply = { success: true, user_test_id: test.id };
    expect(await drainUnlocked(deps(answering(() => ({ status: "applied", reply }))))).toMatchObject({ sent: 1 });
    expect(seen).toEqual([[reply, "POST /test/generate/practice", undefined]]);
    expect((await scope.db.userTests.get(test.id))?.title).toBe("as the server has it");
  });

  it("the drain lets a refused call's registered handling undo the device's change, then parks it", async () => {
    const { scope, test } = await queueTest();
    unregister = registerCallHandling("POST /test/generate/{test_type}", {
      tables: ["userTests"],
      onRefused: async (entry, db) => {
        expect((await db.outbox.get(entry.seq))?.status).toBe("pending");
        await db.userTests.delete(test.id);
      },
    });
    const refused = { status: "failed", error: { code: "forbidden", message: "no" } } as const;
    expect(await drainUnlocked(deps(answering(() => refused)))).toMatchObject({ failed: 1 });
    expect(await scope.db.userTests.get(test.id)).toBeUndefined();
    expect((await scope.db.outbox.toArray()).map((e) => e.status)).toEqual(["failed"]);
  });

  it("a call with no handling registered is only sent and dropped", async () => {
    const { scope } = await queueTest();
    expect(callHandling("POST /test/generate/practice")).toBeUndefined();
    expect(await drainUnlocked(deps(answering(() => ({ status: "applied", reply: {} }))))).toMatchObject({ sent: 1 });
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("the finish's handling (actions/test.ts) takes in the server's marking", async () => {
    const { scope, test } = await queueTest();
    await finishTest(scope, test.id);
    const marked: TestResult = {
      id: test.id,
      title: "P",
      test_type: "practice",
      score: 1,
      total_score: 2,
      percentage: 50,
      pass: false,
      marked: true,
      answered: 1,
    };
    const server = answering((m) => ({
      status: "applied",
      reply: m.call.startsWith("POST /test/current/finish/") ? { success: true, result: marked } : { success: true },
    }));
    expect(await drainUnlocked(deps(server))).toMatchObject({ sent: 2 });
    expect((await scope.db.userTests.get(test.id))?.marked).toEqual(marked);
  });

  it("the drain names no queued call, and imports no action but the registrations, which come with sending", () => {
    const read = (file: string) => readFileSync(new URL(file, import.meta.url), "utf8");
    const actionImports = (source: string) =>
      [...source.matchAll(/from "\.\.\/actions\/[^"]+"|import "\.\.\/actions\/[^"]+"/g)].map((m) => m[0]);
    for (const file of ["./drain.ts", "./sending.ts"]) {
      const source = read(file);
      for (const template of Object.keys(MUTATIONS)) {
        const path = template.split(" ")[1]?.split("{")[0] as string;
        expect(source, `${file}: ${template}`).not.toContain(path);
      }
    }
    expect(actionImports(read("./drain.ts"))).toEqual([]);
    expect(actionImports(read("./sending.ts"))).toEqual(['import "../actions/drain-handling.ts"']);
  });
});
