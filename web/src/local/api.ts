/**
 * Online-only calls from the page, one way: `call("x", input)` (or `call(routes.x, input)`). The
 * entry in the route catalogue (sync-protocol/routes) gives the method, the path and what the
 * call sends; the reply comes back parsed with the entry's reply schema, never cast.
 *
 * Example: `call("lastProgressTestResult", { params: { id: 7 } })` sends
 * GET /api/user/last-pt-result/7 and answers `{ can_access, remaining_time }`.
 *
 * By name, the call's area of the catalogue (its schemas, and zod) is loaded with the call
 * (api-contract.ts), not with the page: the first page's modules call by name. An area that
 * cannot be loaded (a first visit that lost the connection before it arrived) fails the call as
 * NetworkError "offline", as the request itself would.
 *
 * A file reply (an export) comes through `callRaw(...)` the same way (local/api-file.ts reads it).
 *
 * A failed call throws one of three errors, each saying why:
 *  - NetworkError: no answer at all (`reason` "offline", "timeout" or "aborted");
 *  - ApiCallError: the server's error body (`code` from the contract's error codes, `message`,
 *    `details`), or "http_error" when an error reply has no such body;
 *  - ReplyShapeError: a success reply that does not match the contract (the issues in it).
 *
 * Every ApiCallError and NetworkError is also told to the one installed failure listener (the
 * global request policy, app/request-policy.ts) before the caller gets it, unless the call says
 * `globalPolicy: false` (device upkeep that reports its own failures: the outbox, pulls, the
 * content updater, the session check and sign-in).
 */

import type { routes as catalogue, RouteEntry } from "@preflight/sync-protocol/routes/index";
import { routeKey } from "@preflight/sync-protocol/routes/route-key";
import { REQUEST_TIMEOUT_MS } from "@preflight/sync-protocol/rules/constants";
import type { ErrorCode } from "@preflight/sync-protocol/schemas/errors";
import type { z } from "zod";
import { platformFetch } from "../platform.ts";

/** The route catalogue's entries by name, as call() takes them. */
export type Routes = typeof catalogue;
export type RouteName = keyof Routes;
/** The entry a route argument stands for: itself, or the catalogue's entry of that name. */
export type EntryOf<R extends RouteEntry | RouteName> = R extends RouteName ? Routes[R] : R;

let contract: Promise<typeof import("./api-contract.ts")> | null = null;

/**
 * The contract's loader (api-contract.ts), loaded once: the catalogue's entries come with their
 * area of it, and the error body's schema. A failed load is tried again at the next call and
 * reads as NetworkError "offline" (a first visit that lost the connection before it arrived), as
 * the request itself would.
 */
function loadContract(): Promise<typeof import("./api-contract.ts")> {
  contract ??= import("./api-contract.ts").catch((err: unknown) => {
    contract = null;
    throw new NetworkError("offline", err);
  });
  return contract;
}

/** The catalogue's entry of that name. */
export async function routeEntry<N extends RouteName>(name: N): Promise<Routes[N]> {
  return (await loadContract()).routeEntry(name);
}

/** The schema of the server's error body; null when it cannot be loaded. */
export function loadErrorBodySchema() {
  return loadContract()
    .then((loaded) => loaded.loadErrorBodySchema())
    .catch(() => null);
}

async function entryOf(route: RouteEntry | RouteName): Promise<RouteEntry> {
  return typeof route === "string" ? routeEntry(route) : route;
}

/** The issues as lines, with where each is in the reply. */
function issuesText(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => `✖ ${issue.message}${issue.path.length ? `\n  → at ${issue.path.map(String).join(".")}` : ""}`)
    .join("\n");
}

export class ApiCallError extends Error {
  readonly status: number;
  /** The contract's error code, or "http_error" when the error reply had no error body. */
  readonly code: ErrorCode | "http_error";
  /** The error body's details (a validation error's `{ fields }` map). */
  readonly details: unknown;
  constructor(status: number, code: ErrorCode | "http_error", message: string, details?: unknown) {
    super(message);
    this.name = "ApiCallError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Why no answer came: no connection, none within REQUEST_TIMEOUT_MS, or the call was cancelled. */
export type NetworkFailure = "offline" | "timeout" | "aborted";

const NETWORK_FAILURE_TEXT: Record<NetworkFailure, string> = {
  offline: "The server could not be reached",
  timeout: `The server did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`,
  aborted: "The request was cancelled",
};

/** Raised when the server cannot be reached at all; `reason` says how it failed. */
export class NetworkError extends Error {
  readonly reason: NetworkFailure;
  constructor(reason: NetworkFailure, cause?: unknown) {
    super(cause === undefined ? NETWORK_FAILURE_TEXT[reason] : `${NETWORK_FAILURE_TEXT[reason]} (${String(cause)})`, {
      cause,
    });
    this.name = "NetworkError";
    this.reason = reason;
  }
}

/** A success reply the contract does not allow: the client refuses it rather than guess. */
export class ReplyShapeError extends Error {
  /** Method and path of the call, e.g. "GET /api/syllabi". */
  readonly route: string;
  readonly status: number;
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(route: string, status: number, issues: readonly z.core.$ZodIssue[]) {
    super(`${route} answered ${status} with a reply the contract does not allow: ${issuesText(issues)}`);
    this.name = "ReplyShapeError";
    this.route = route;
    this.status = status;
    this.issues = issues;
  }
}

/** A part of the input, required unless its schema allows leaving it out; absent if the route reads none. */
type Part<K extends string, S extends z.ZodType> =
  unknown extends z.input<S>
    ? unknown
    : Record<string, never> extends z.input<S>
      ? { [key in K]?: z.input<S> }
      : { [key in K]: z.input<S> };

/**
 * What a call sends, typed from its entry: path params, query and body (each only if the route
 * has one). Params typed by name only as a record (a queued write's entry) may be given; a
 * `{param}` of the path left without a value is refused when the URL is built.
 */
export type CallInput<E extends RouteEntry> = (string extends keyof z.input<E["params"]>
  ? { params?: z.input<E["params"]> }
  : { params: z.input<E["params"]> }) &
  Part<"query", E["query"]> &
  Part<"body", E["body"]> & {
    /** Extra request headers, e.g. Idempotency-Key or If-None-Match. */
    headers?: Record<string, string>;
    /**
     * "form": send the body as an ordinary form post (application/x-www-form-urlencoded, a list
     * as repeated fields), for entries whose body kind is "form"; JSON otherwise.
     */
    encoding?: "json" | "form";
    /** false: the caller handles every failure itself; the global request policy is not told. */
    globalPolicy?: false;
  };

/** The input argument: optional when the entry needs nothing. */
type InputArg<E extends RouteEntry> =
  Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export type CallReply<E extends RouteEntry> = z.output<E["reply"]>;

/** A reply with its status and headers; a 304 (the caller sent If-None-Match) has no reply. */
export type CallResponse<E extends RouteEntry> =
  | { notModified: false; status: number; headers: Headers; reply: CallReply<E> }
  | { notModified: true; status: 304; headers: Headers };

interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  encoding?: "json" | "form";
  globalPolicy?: false;
}

/** A failed call as the failure listener hears it: "GET /api/syllabi" and the error the caller gets. */
export interface CallFailure {
  route: string;
  error: ApiCallError | NetworkError;
}

let failureListener: ((failure: CallFailure) => void) | null = null;

/** Installs the one listener told of every failed call (the app shell's request policy); returns its removal. */
export function onCallFailure(listener: (failure: CallFailure) => void): () => void {
  failureListener = listener;
  return () => {
    if (failureListener === listener) failureListener = null;
  };
}

/** Runs a call; a failure goes to the listener (unless the call opted out), then on to the caller. */
async function reported<T>(entry: RouteEntry, input: LooseInput, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (input.globalPolicy !== false && (err instanceof ApiCallError || err instanceof NetworkError)) {
      try {
        failureListener?.({ route: routeKey(entry), error: err });
      } catch (listenerError) {
        console.error("the request policy failed", listenerError);
      }
    }
    throw err;
  }
}

/** Calls the route (an entry or its name in the catalogue) and answers its reply, parsed with the entry's reply schema. */
export async function call<R extends RouteEntry | RouteName>(
  route: R,
  ...[input]: InputArg<EntryOf<R>>
): Promise<CallReply<EntryOf<R>>> {
  const loose = (input ?? {}) as LooseInput;
  const entry = (await entryOf(route)) as EntryOf<R>;
  return reported(entry, loose, async () => {
    const response = await send(entry, loose);
    if (response.status === 304) throw new ReplyShapeError(routeKey(entry), 304, notModifiedIssue);
    return readReply(entry, response);
  });
}

/** As call, with the status and headers; a 304 answers `notModified` (for calls that send If-None-Match). */
export async function callResponse<R extends RouteEntry | RouteName>(
  route: R,
  ...[input]: InputArg<EntryOf<R>>
): Promise<CallResponse<EntryOf<R>>> {
  const loose = (input ?? {}) as LooseInput;
  const entry = (await entryOf(route)) as EntryOf<R>;
  return reported(entry, loose, async (): Promise<CallResponse<EntryOf<R>>> => {
    const response = await send(entry, loose);
    if (response.status === 304) return { notModified: true, status: 304, headers: response.headers };
    return {
      notModified: false,
      status: response.status,
      headers: response.headers,
      reply: await readReply(entry, response),
    };
  });
}

/**
 * The request of a call whose reply call() does not read (a file: local/api-file.ts callFile):
 * the successful Response as it came, with call()'s session, timeout, errors and failure report.
 */
export async function callRaw<R extends RouteEntry | RouteName>(
  route: R,
  ...[input]: InputArg<EntryOf<R>>
): Promise<Response> {
  const loose = (input ?? {}) as LooseInput;
  const entry = await entryOf(route);
  return reported(entry, loose, () => send(entry, loose, true));
}

const notModifiedIssue: z.core.$ZodIssue[] = [
  { code: "custom", path: [], message: "304 Not Modified to a call that sent no validator", input: undefined },
];

/**
 * The entry's path with each `{param}` filled in (URI-encoded), and the query string: what
 * call() fetches, and the address of a download link (a binary reply the page does not read).
 */
export function callUrl(entry: Pick<RouteEntry, "path">, input: Pick<LooseInput, "params" | "query">): string {
  const path = entry.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === null) throw new Error(`${entry.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = formFields(input.query).toString();
  return search ? `${path}?${search}` : path;
}

async function send(entry: RouteEntry, input: LooseInput, file = false): Promise<Response> {
  if (!file && entry.replyKind !== "json" && entry.replyKind !== "text")
    throw new Error(`call() reads JSON and text replies; ${routeKey(entry)} answers ${entry.replyKind}`);
  const headers: Record<string, string> = entry.replyKind === "json" ? { Accept: "application/json" } : {};
  let body: string | undefined;
  if (input.encoding === "form" && entry.bodyKind !== "form")
    throw new Error(`${routeKey(entry)} takes no form post (its body kind is ${entry.bodyKind})`);
  if (input.body !== undefined && entry.bodyKind !== "none") {
    headers["Content-Type"] = input.encoding === "form" ? "application/x-www-form-urlencoded" : "application/json";
    body = input.encoding === "form" ? formFields(input.body).toString() : JSON.stringify(input.body);
  }
  const url = callUrl(entry, input);
  let response: Response;
  try {
    response = await platformFetch(url, {
      method: entry.method,
      credentials: "same-origin",
      headers: { ...headers, ...input.headers },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw networkError(err);
  }
  if (!response.ok && response.status !== 304) throw await errorOf(response);
  return response;
}

/** A body or query as form fields: each value as text, a list as repeated fields, absent values left out. */
function formFields(body: unknown): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(body ?? {}))
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null) fields.append(name, String(item));
  return fields;
}

/** The success reply, read as its kind and parsed with the entry's reply schema. */
async function readReply<E extends RouteEntry>(entry: E, response: Response): Promise<CallReply<E>> {
  const text = await readText(response);
  let reply: unknown = text;
  if (entry.replyKind === "json") {
    try {
      reply = text ? JSON.parse(text) : null;
    } catch {
      throw new ReplyShapeError(routeKey(entry), response.status, [
        { code: "custom", path: [], message: `not JSON: ${text.slice(0, 80)}`, input: text },
      ]);
    }
  }
  const parsed = (entry.reply as E["reply"]).safeParse(reply);
  if (!parsed.success) throw new ReplyShapeError(routeKey(entry), response.status, parsed.error.issues);
  return parsed.data;
}

/** The server's error body as ApiCallError; a validation error's `errors` map stands in for missing details. */
async function errorOf(response: Response): Promise<ApiCallError> {
  const text = await readText(response);
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: an error reply without an error body
  }
  // The error schema comes with the catalogue; a reply came, so it can be loaded (or the error stays plain).
  const errorBodySchema = await loadErrorBodySchema();
  const parsed = errorBodySchema?.safeParse(body);
  if (!parsed?.success)
    return new ApiCallError(response.status, "http_error", `The server answered ${response.status}`);
  const { code, message, details } = parsed.data.error;
  const fields = parsed.data.errors;
  return new ApiCallError(response.status, code, message, details ?? (fields ? { fields } : undefined));
}

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (err) {
    // The connection dropped or the timeout struck while the body was arriving.
    throw networkError(err);
  }
}

/** A failure of the fetch or of reading its body, as the NetworkError it stands for. */
export function networkError(err: unknown): NetworkError {
  const name = err instanceof Error || err instanceof DOMException ? err.name : "";
  if (name === "TimeoutError") return new NetworkError("timeout", err);
  if (name === "AbortError") return new NetworkError("aborted", err);
  return new NetworkError("offline", err);
}
