import "fake-indexeddb/auto";
import { CLIENT_ERROR_LIMITS, clientErrorsBodySchema } from "@preflight/sync-protocol/schemas/diagnostics";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deviceDb } from "../store/db.ts";
import { signedInScope } from "../test-support.ts";
import { ErrorReporter, errorParts } from "./error-reporter.ts";

const sent: unknown[] = [];
let answer: () => Response = () => new Response("{}", { status: 500 });

function reporter(start = Date.UTC(2026, 10, 21, 9)) {
  let clock = start;
  const r = new ErrorReporter(
    deviceDb,
    () => clock,
    () => "/dashboard",
  );
  return { r, advance: (ms: number) => (clock += ms) };
}

describe("client error reports on the device", () => {
  beforeEach(async () => {
    sent.length = 0;
    await deviceDb().pendingErrors.clear();
    await deviceDb().session.clear();
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return answer();
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("waits signed out, counts a repeat on the waiting report, and sends it once signed in", async () => {
    const { r } = reporter();
    // The same throw site twice: the same message and stack.
    const thrown = new TypeError("x is undefined");
    await r.capture("error", thrown);
    await r.capture("error", thrown);
    await r.send();
    expect(sent).toEqual([]);
    const [row] = await deviceDb().pendingErrors.toArray();
    expect(row).toMatchObject({ kind: "error", message: "TypeError: x is undefined", count: 2, page: "/dashboard" });

    await signedInScope();
    answer = () => new Response(JSON.stringify({ success: true, accepted: 1, dropped: 0 }), { status: 200 });
    await r.send();
    expect(sent).toHaveLength(1);
    const body = clientErrorsBodySchema.parse(sent[0]);
    expect(body.errors[0]).toMatchObject({ id: row?.id, count: 2, kind: "error" });
    expect(await deviceDb().pendingErrors.count()).toBe(0);
  });

  it("keeps a storm to 5 reports a minute, and keeps them while the server cannot be reached", async () => {
    await signedInScope();
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    const { r, advance } = reporter();
    for (let i = 0; i < 50; i++) await r.capture("unhandledrejection", new Error(`storm ${i}`));
    await r.send();
    expect(await deviceDb().pendingErrors.count()).toBe(5);
    advance(CLIENT_ERROR_LIMITS.windowMs);
    await r.capture("render", new Error("after a minute"));
    expect(await deviceDb().pendingErrors.count()).toBe(6);

    // Back online: sent five at a time, each batch one call.
    answer = () => new Response(JSON.stringify({ success: true, accepted: 5, dropped: 0 }), { status: 200 });
    sent.length = 0;
    await r.send();
    expect(sent.map((b) => clientErrorsBodySchema.parse(b).errors.length)).toEqual([5, 1]);
    expect(await deviceDb().pendingErrors.count()).toBe(0);
  });

  it("keeps the reports the server's limit holds back, and drops one it refuses", async () => {
    await signedInScope();
    const { r } = reporter();
    answer = () =>
      new Response(JSON.stringify({ error: { code: "too_many_requests", message: "wait" } }), {
        status: 429,
        headers: { "Retry-After": "30" },
      });
    await r.capture("error", new Error("held back"));
    await r.send();
    expect(await deviceDb().pendingErrors.count()).toBe(1);
    answer = () => new Response(JSON.stringify({ error: { code: "bad_request", message: "bad" } }), { status: 400 });
    await r.send();
    expect(await deviceDb().pendingErrors.count()).toBe(0);
  });

  it("describes an error by its name, message and stack, and anything else as text", () => {
    const error = new RangeError("too far");
    expect(errorParts(error)).toEqual({ message: "RangeError: too far", stack: error.stack });
    expect(errorParts("plain reason")).toEqual({ message: "plain reason", stack: null });
    expect(errorParts({ code: 7 })).toEqual({ message: '{"code":7}', stack: null });
    expect(errorParts(`a\u0000b\nc`).message).toBe("a?b c");
    expect(errorParts("x".repeat(5_000)).message).toHaveLength(CLIENT_ERROR_LIMITS.maxMessageChars);
  });
});
