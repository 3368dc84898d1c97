/**
 * The one way to serve a catalogue entry (sync-protocol/routes): the entry's session or role
 * check, its path params, query and body parsed (a bad value is a 400 with the API's error
 * body), the handler given typed input, and, in development and tests, the handler's JSON reply
 * parsed against the entry, so a reply that drifts from the contract fails loudly.
 */
import { randomUUID } from "node:crypto";
import { zValidator } from "@hono/zod-validator";
import { callFor } from "@preflight/sync-protocol/mutations";
import { honoPath, type RouteEntry, type RouteInput, routeKey, unread } from "@preflight/sync-protocol/routes/index";
import { ERROR_CODES, type ErrorCode, errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { requireUser } from "../auth/session.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError, validationError } from "../errors.ts";
import type { Replayer } from "../sync/replay.ts";
import { readFormBody } from "./form-body.ts";
import { readMultipartBody } from "./multipart-body.ts";

export type RouteHandler<E extends RouteEntry> = (
  c: Context<AppEnv>,
  input: RouteInput<E>,
) => Response | Promise<Response>;

/** A queued write's entry is served by the replay path; every other entry by its handler. */
type HandlerFor<E extends RouteEntry> = E extends { mutation: string } ? Replayer : RouteHandler<E>;

/** Replies are checked unless the deps say otherwise or NODE_ENV is "production". */
export function checksReplies(deps: AppDeps): boolean {
  return deps.checkReplies ?? process.env.NODE_ENV !== "production";
}

/**
 * `before`: checks that run after the session check and the path params (`c.req.valid("param")`)
 * and before the query and body are parsed.
 */
export interface MountOptions {
  before?: MiddlewareHandler<AppEnv>[];
}

export function mountRoute<E extends RouteEntry>(
  app: Hono<AppEnv>,
  entry: E,
  handler: HandlerFor<E>,
  deps: AppDeps,
  options: MountOptions = {},
): void {
  const chain: MiddlewareHandler<AppEnv>[] = [];
  if (entry.auth !== "none") chain.push(requireUser(deps));
  if (entry.auth !== "none" && entry.auth !== "session") chain.push(requireRole(entry.auth));
  chain.push(zValidator("param", entry.params, failAsBadRequest));
  chain.push(...(options.before ?? []));
  if (entry.query !== unread) chain.push(zValidator("query", entry.query, failAsBadRequest));
  if (entry.mutation === undefined) {
    if (entry.bodyKind === "json") chain.push(zValidator("json", entry.body, failAsBadRequest));
    if (entry.bodyKind === "optional-json") chain.push(optionalJson(entry.body));
    if (entry.bodyKind === "form") chain.push(formBody(entry.body));
    if (entry.bodyKind === "multipart") chain.push(multipartBody(entry.body));
  }
  const serve =
    entry.mutation === undefined
      ? (handler as RouteHandler<E>)
      : replayed(entry as E & { mutation: NonNullable<E["mutation"]> }, handler as Replayer, deps);
  const check = checksReplies(deps);
  const key = routeKey(entry);
  chain.push(async (c) => {
    const input = {
      params: c.req.valid("param" as never),
      query: entry.query === unread ? undefined : c.req.valid("query" as never),
      body: entry.bodyKind === "none" || entry.mutation ? undefined : c.req.valid("json" as never),
    } as unknown as RouteInput<E>;
    const res = await serve(c, input);
    return check && entry.replyKind === "json" ? checkReply(key, entry.reply, res, c) : res;
  });
  const path = honoPath(entry.path);
  const [first, ...rest] = chain as [MiddlewareHandler<AppEnv>, ...MiddlewareHandler<AppEnv>[]];
  app.on(entry.method, path, first, ...rest);
}

function failAsBadRequest(result: { success: boolean; error?: unknown }): void {
  if (!result.success) throw validationError(result.error as z.ZodError);
}

function requireRole(role: AppEnv["Variables"]["user"]["role"]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.user.role !== role) throw new ApiError("forbidden", "You do not have access to this page");
    await next();
  };
}

/** A body the spec leaves optional: none, or JSON that fits the schema (else 400). */
function optionalJson(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const text = await c.req.text();
    let raw: unknown = {};
    if (text.trim() !== "") {
      try {
        raw = JSON.parse(text);
      } catch {
        throw new ApiError("bad_request", "Malformed JSON in request body");
      }
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    c.req.addValidatedData("json", parsed.data as object);
    await next();
  };
}

/** JSON or an ordinary form post, checked by the schema (else 400). */
function formBody(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const parsed = schema.safeParse(await readFormBody(c, schema));
    if (!parsed.success) throw validationError(parsed.error);
    c.req.addValidatedData("json", parsed.data as object);
    await next();
  };
}

/** A multipart/form-data body, checked by the schema (else 400; another type 415). */
function multipartBody(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const parsed = schema.safeParse(await readMultipartBody(c, schema));
    if (!parsed.success) throw validationError(parsed.error);
    c.req.addValidatedData("json", parsed.data as object);
    await next();
  };
}

const IDEMPOTENCY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A queued write served online: it runs through the same replay path as the outbox, so an
 * `Idempotency-Key` header makes a retry harmless. A GET form applies as an empty body.
 */
function replayed<E extends RouteEntry & { mutation: NonNullable<RouteEntry["mutation"]> }>(
  entry: E,
  replayer: Replayer,
  deps: AppDeps,
): RouteHandler<E> {
  return async (c) => {
    let body: unknown = {};
    if (entry.bodyKind !== "none") {
      try {
        body = await c.req.json();
      } catch {
        throw new ApiError("bad_request", "Malformed JSON in request body");
      }
    }
    const parsed = entry.body.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    return replayOnline(c, replayer, deps, callFor(entry.mutation, c.req.param()), parsed.data);
  };
}

/**
 * Applies one queued call (already parsed) as the outbox would, keyed by the request's
 * `Idempotency-Key` (else a fresh id), and answers with its stored reply or its refusal.
 */
export async function replayOnline(
  c: Context<AppEnv>,
  replayer: Replayer,
  deps: AppDeps,
  call: string,
  body: unknown,
): Promise<Response> {
  const key = c.req.header("Idempotency-Key");
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
    throw new ApiError("bad_request", "Idempotency-Key must be a uuid");
  const result = await replayer.apply(c.var.user, {
    id: key ?? randomUUID(),
    call,
    body,
    createdAt: deps.clock.now().toISOString(),
  });
  if (result.status === "failed") {
    const code = (result.error.code in ERROR_CODES ? result.error.code : "bad_request") as ErrorCode;
    return c.json({ error: result.error }, ERROR_CODES[code] as ContentfulStatusCode);
  }
  if (result.status === "out_of_order") throw new ApiError("out_of_order", "Out of order");
  return c.json(result.reply as object);
}

/** Parses a JSON reply against the entry (an error reply against the error body); a mismatch is a 500. */
async function checkReply(key: string, schema: z.ZodType, res: Response, c: Context<AppEnv>): Promise<Response> {
  // A redirect (a browser sent on to a page) carries no reply to check.
  if (res.status >= 300 && res.status < 400) return res;
  const type = res.headers.get("content-type") ?? "";
  let problem: string | undefined;
  if (!type.includes("json")) {
    problem = `content type ${type || "(none)"} is not JSON`;
  } else {
    const body: unknown = await res.clone().json();
    const parsed = (res.status < 400 ? schema : errorBodySchema).safeParse(body);
    if (!parsed.success) problem = parsed.error.message;
  }
  if (problem === undefined) return res;
  console.error(`Reply of ${key} (status ${res.status}) does not match its catalogue entry: ${problem}`);
  return c.json({ error: { code: "internal", message: `Reply of ${key} does not match its catalogue entry` } }, 500);
}

/** mountRoute bound to one app and its deps: `const mount = routeMounter(app, deps); mount(routes.x, handler)`. */
export function routeMounter(app: Hono<AppEnv>, deps: AppDeps) {
  return <E extends RouteEntry>(entry: E, handler: HandlerFor<E>, options?: MountOptions): void =>
    mountRoute(app, entry, handler, deps, options);
}
