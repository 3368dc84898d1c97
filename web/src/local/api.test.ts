/** call(): the URL built from the catalogue entry, the reply parsed with its schema, the failures named. */

import { routes } from "@preflight/sync-protocol/routes/index";
import { REQUEST_TIMEOUT_MS } from "@preflight/sync-protocol/rules/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiCallError, call, callResponse, NetworkError, ReplyShapeError } from "./api.ts";

interface Sent {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | null | undefined;
}

function readBody(init: RequestInit): unknown {
  if (typeof init.body !== "string") return init.body;
  return new Headers(init.headers).get("Content-Type") === "application/json" ? JSON.parse(init.body) : init.body;
}

/** A fake fetch answering `reply` to every request, recording what was sent. */
function server(reply: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    sent.push({
      url,
      method: init.method,
      headers: new Headers(init.headers),
      body: readBody(init),
      credentials: init.credentials,
      signal: init.signal,
    });
    return reply();
  });
  return sent;
}

const SYLLABI = { syllabi: [{ id: 3, title: "EASA ATPL" }], active_syllabus: { id: 3 } };

const errorReply =
  (status: number, error: object, extra: object = {}) =>
  () =>
    Response.json({ error, ...extra }, { status });

describe("call(routes.x, input)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fills the path's {params} URI-encoded and sends the method, the session cookie and a timeout", async () => {
    const sent = server(() => Response.json({ url: "/test/1", finished: false }));
    await call(routes.loadTest, { params: { test_type: "practice", test_id: "a b/c" } });
    expect(sent[0]).toMatchObject({ url: "/test/load/practice/a%20b%2Fc", method: "GET", credentials: "same-origin" });
    expect(sent[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
  });

  it("takes its input typed from the entry (checked by tsc)", () => {
    const typedOnly = () => {
      // @ts-expect-error a path param the route has is required
      void call(routes.loadTest);
      // @ts-expect-error a body the route does not read is refused
      void call(routes.syllabi, { body: { syllabus: 3 } });
      // @ts-expect-error the body has the entry's shape
      void call(routes.testResults, { body: { user_test_id: 5 } });
    };
    expect(typedOnly).toBeTypeOf("function");
  });

  it("fills a queued write's {params} too, and refuses a path left without one", async () => {
    const sent = server(() => Response.json({}));
    await call(routes.resetProgress, { params: { subject_id: "010" }, body: {} }).catch(() => null);
    expect(sent[0]?.url).toBe("/analysis/progress/reset/010");
    const missing = await call(routes.resetProgress, { body: {} }).catch((e: unknown) => e);
    expect(missing).not.toBeInstanceOf(NetworkError);
    expect((missing as Error).message).toMatch(/no value for \{subject_id\}/);
    expect(sent).toHaveLength(1);
  });

  it("writes the query string, leaving out what is undefined", async () => {
    const sent = server(() => Response.json({ data: [] }));
    await call(routes.questionTopics, { query: { subject_code: "010 & 020" } });
    expect(sent[0]?.url).toBe("/api/question_topic?subject_code=010+%26+020");
    const flagged = server(() => Response.json({ data: [], total: 0, pagination: "" }));
    await call(routes.flaggedQuestions, { query: { page: undefined }, body: {} }).catch(() => null);
    expect(flagged[0]?.url).toBe("/api/user/flagged");
  });

  it("sends the body as JSON with its content type, and extra headers", async () => {
    const sent = server(() => Response.json({ success: true, message: "Accepted" }));
    await call(routes.verifyPassword, {
      body: { test_id: 4, test_type: "exam", password: "secret" },
      headers: { "Idempotency-Key": "k1" },
    });
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.body).toEqual({ test_id: 4, test_type: "exam", password: "secret" });
    expect(sent[0]?.headers.get("Content-Type")).toBe("application/json");
    expect(sent[0]?.headers.get("Idempotency-Key")).toBe("k1");
  });

  it("sends an ordinary form post for a form entry when asked: urlencoded, a list as repeated fields", async () => {
    const sent = server(() => Response.json({ success: true, message: "Welcome", redirect: "/login" }));
    const trial = {
      firstname: "Amelia",
      lastname: "Earhart",
      email: "amelia@example.com",
      licence_type_id: 1,
      token: "t".repeat(43),
      emailPreferences: [1, 3],
    };
    await call(routes.freeTrial, { body: trial, encoding: "form" });
    expect(sent[0]?.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(sent[0]?.body).toBe(
      `firstname=Amelia&lastname=Earhart&email=amelia%40example.com&licence_type_id=1&token=${"t".repeat(43)}&emailPreferences=1&emailPreferences=3`,
    );
    await expect(
      call(routes.verifyPassword, { body: { test_id: 4, test_type: "exam", password: "x" }, encoding: "form" }),
    ).rejects.toThrow(/takes no form post/);
  });

  it("answers the reply parsed with the entry's schema (its output, transforms applied)", async () => {
    server(() => Response.json({ can_access: true, remaining_time: 30, extra: "dropped" }));
    const reply = await call(routes.lastProgressTestResult, { params: { id: 7 } });
    expect(reply).toEqual({ can_access: true, remaining_time: 30 });
  });

  it("reads a text reply as text", async () => {
    server(() => new Response("/results/5", { headers: { "Content-Type": "text/plain" } }));
    expect(await call(routes.testResults, { body: { user_test_id: "5" } })).toBe("/results/5");
  });

  it("refuses a reply the contract does not allow, saying which call and what is wrong", async () => {
    server(() => Response.json({ can_access: "yes", remaining_time: 30 }));
    const err = await call(routes.lastProgressTestResult, { params: { id: 7 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReplyShapeError);
    expect(err).toMatchObject({ route: "GET /api/user/last-pt-result/{id}", status: 200 });
    expect((err as ReplyShapeError).issues[0]?.path).toEqual(["can_access"]);
    expect((err as ReplyShapeError).message).toMatch(/can_access/);
  });

  it("refuses a JSON reply that is not JSON", async () => {
    server(() => new Response("<html>", { status: 200 }));
    await expect(call(routes.syllabi)).rejects.toBeInstanceOf(ReplyShapeError);
  });

  it("turns the error body into ApiCallError with its status, code, message and details", async () => {
    const details = { fields: { password: ["The password is wrong."] } };
    server(errorReply(422, { code: "bad_request", message: "The given data was invalid.", details }));
    const err = await call(routes.verifyPassword, { body: { test_id: 4, test_type: "exam", password: "x" } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiCallError);
    expect(err).toMatchObject({ status: 422, code: "bad_request", message: "The given data was invalid.", details });
  });

  it("takes a validation error's `errors` map as its details when the body has none", async () => {
    const errors = { email: ["The email field is required."] };
    server(errorReply(422, { code: "bad_request", message: "Invalid" }, { errors }));
    await expect(call(routes.syllabi)).rejects.toMatchObject({ details: { fields: errors } });
  });

  it("an error reply without an error body is ApiCallError 'http_error'", async () => {
    server(() => new Response("Bad gateway", { status: 502 }));
    await expect(call(routes.syllabi)).rejects.toMatchObject({
      name: "ApiCallError",
      status: 502,
      code: "http_error",
      message: "The server answered 502",
    });
  });

  it("no answer at all is NetworkError with its reason: offline, timeout or aborted", async () => {
    const failures = [
      [new TypeError("Failed to fetch"), "offline"],
      [new DOMException("The operation timed out.", "TimeoutError"), "timeout"],
      [new DOMException("The user aborted a request.", "AbortError"), "aborted"],
    ] as const;
    for (const [thrown, reason] of failures) {
      server(() => Promise.reject(thrown));
      const err = await call(routes.syllabi).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).toMatchObject({ reason, cause: thrown });
    }
  });

  it("a body cut off on the way is NetworkError too", async () => {
    const broken = new Response("{}");
    vi.spyOn(broken, "text").mockRejectedValue(new TypeError("network error"));
    server(() => broken);
    await expect(call(routes.syllabi)).rejects.toMatchObject({ name: "NetworkError", reason: "offline" });
  });

  it("callResponse answers 304 as not modified, and a reply with its status and headers", async () => {
    const sent = server(() => new Response(null, { status: 304, headers: { ETag: '"v1"' } }));
    const cached = await callResponse(routes.syllabi, { headers: { "If-None-Match": '"v1"' } });
    expect(sent[0]?.headers.get("If-None-Match")).toBe('"v1"');
    expect(cached).toMatchObject({ notModified: true, status: 304 });
    expect(cached.headers.get("ETag")).toBe('"v1"');

    server(() => Response.json(SYLLABI, { status: 200, headers: { ETag: '"v2"' } }));
    const fresh = await callResponse(routes.syllabi);
    expect(fresh).toMatchObject({ notModified: false, status: 200 });
    expect(fresh.notModified || fresh.reply).toEqual(SYLLABI);
    expect(fresh.headers.get("ETag")).toBe('"v2"');
  });

  it("call() refuses a 304, which only a call sending If-None-Match can take", async () => {
    server(() => new Response(null, { status: 304 }));
    await expect(call(routes.syllabi)).rejects.toBeInstanceOf(ReplyShapeError);
  });
});
