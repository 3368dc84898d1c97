import { createHash, randomBytes } from "node:crypto";
import { SESSION_EXPIRED } from "@preflight/sync-protocol/rules/server-error";
import DataLoader from "dataloader";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppDeps, AppEnv, SessionLifetime } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { securePrefix } from "./secure-request.ts";

/** The session cookie's name over http; over https it is `__Host-pf_session` (secure-request.ts). */
export const SESSION_COOKIE = "pf_session";
/** Read by the page to show the LOGGED OUT dialog after a sign-in elsewhere (spec). */
export const LOGGED_OUT_COOKIE = "pf_logged_out";

/**
 * Students study offline for days and their outbox waits for the next sign-in, so sessions are
 * long: one ends after 30 days without a request ('idle_timeout') and 90 days after sign-in
 * whatever its use ('expired'). Either way the device reads 'Session expired', signs in again,
 * and then sends what it kept.
 */
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleDays: 30, maxDays: 90 };
export const IDLE_TIMEOUT_REASON = "idle_timeout";
export const EXPIRED_REASON = "expired";
/** `last_seen_at` is written at most this often, not on every request: plenty for a days-long idle limit. */
export const LAST_SEEN_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function sessionLifetime(deps: AppDeps): SessionLifetime {
  return deps.sessionLifetime ?? DEFAULT_SESSION_LIFETIME;
}

/**
 * SESSION_IDLE_DAYS and SESSION_MAX_DAYS, each falling back to its default when unset or not a
 * positive number.
 */
export function sessionLifetimeFromEnv(env: Record<string, string | undefined>): SessionLifetime {
  const days = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    idleDays: days(env.SESSION_IDLE_DAYS, DEFAULT_SESSION_LIFETIME.idleDays),
    maxDays: days(env.SESSION_MAX_DAYS, DEFAULT_SESSION_LIFETIME.maxDays),
  };
}

/** The session token from either cookie name (a browser keeps the one it was given). */
function sessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE, "host") ?? getCookie(c, SESSION_COOKIE);
}

export const SIGNED_IN_ELSEWHERE = "signed_in_elsewhere";
/** The same, once the device has been told (the LOGGED OUT cookie was sent). */
export const SIGNED_IN_ELSEWHERE_TOLD = "signed_in_elsewhere_told";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session and ends every other session of the user: one device at a time. */
export async function startSession(deps: AppDeps, c: Context, userId: string): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const id = hashToken(token);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("sessions")
      .set({ ended_at: now, ended_reason: SIGNED_IN_ELSEWHERE })
      .where("user_id", "=", userId)
      .where("ended_at", "is", null)
      .execute();
    await trx
      .insertInto("sessions")
      .values({ id, user_id: userId, created_at: now, last_seen_at: now, ended_at: null, ended_reason: null })
      .execute();
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    maxAge: (sessionLifetime(deps).maxDays * DAY_MS) / 1000,
    ...securePrefix(deps, c),
  });
  deleteCookie(c, LOGGED_OUT_COOKIE, { path: "/" });
}

export async function endSession(deps: AppDeps, c: Context): Promise<void> {
  const token = sessionToken(c);
  if (token) {
    await deps.db
      .updateTable("sessions")
      .set({ ended_at: deps.clock.now().toISOString(), ended_reason: "logged_out" })
      .where("id", "=", hashToken(token))
      .where("ended_at", "is", null)
      .execute();
  }
  deleteCookie(c, SESSION_COOKIE, { path: "/", ...securePrefix(deps, c) });
}

/**
 * Ends a session past its idle or absolute limit (throws 'Session expired'), or else notes that
 * it was seen, at most once per LAST_SEEN_INTERVAL_MS.
 */
async function keepAlive(deps: AppDeps, id: string, createdAt: string, lastSeenAt: string): Promise<void> {
  const now = deps.clock.now();
  const { idleDays, maxDays } = sessionLifetime(deps);
  const since = (iso: string) => now.getTime() - new Date(iso).getTime();
  const ended =
    since(createdAt) >= maxDays * DAY_MS
      ? EXPIRED_REASON
      : since(lastSeenAt) >= idleDays * DAY_MS
        ? IDLE_TIMEOUT_REASON
        : null;
  if (ended) {
    await deps.db
      .updateTable("sessions")
      .set({ ended_at: now.toISOString(), ended_reason: ended })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .execute();
    throw new ApiError("unauthenticated", SESSION_EXPIRED);
  }
  if (since(lastSeenAt) >= LAST_SEEN_INTERVAL_MS)
    await deps.db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute();
}

async function readSessions(deps: AppDeps, ids: readonly string[]) {
  const rows = await deps.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as session_id",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.ended_at",
      "sessions.ended_reason",
      "users.id",
      "users.email",
      "users.role",
      "users.syllabus_id",
      "users.school_id",
    ])
    .where("sessions.id", "in", [...new Set(ids)])
    .execute();
  const byId = new Map(rows.map((row) => [row.session_id, row]));
  return ids.map((id) => byId.get(id));
}

type SessionRow = Awaited<ReturnType<typeof readSessions>>[number];
const loaders = new WeakMap<AppDeps, DataLoader<string, SessionRow>>();

/**
 * The session rows of the requests read in one turn of the event loop, in one query (a busy
 * server checks hundreds of sessions a second). Nothing is kept between turns: a session ended a
 * moment ago is seen ended by the next request.
 */
function sessionRows(deps: AppDeps): DataLoader<string, SessionRow> {
  let loader = loaders.get(deps);
  if (!loader) {
    loader = new DataLoader((ids) => readSessions(deps, ids), {
      cache: false,
      maxBatchSize: 500,
      batchScheduleFn: (run) => setImmediate(run),
    });
    loaders.set(deps, loader);
  }
  return loader;
}

/** Requires a live session; a session ended by a sign-in elsewhere says so (401 session_replaced). */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = sessionToken(c);
    if (!token) throw new ApiError("unauthenticated", "Please sign in");
    const row = await sessionRows(deps).load(hashToken(token));
    // A cookie the server no longer knows, or a session that ended: spec study 8, 'Session expired'.
    if (!row) throw new ApiError("unauthenticated", SESSION_EXPIRED);
    if (!row.ended_at) await keepAlive(deps, row.session_id, row.created_at, row.last_seen_at);
    else {
      // The dead cookie is left alone: a reply to an old request can arrive after the student
      // signed in again, and deleting the cookie by name would delete the new session's.
      if (row.ended_reason === SIGNED_IN_ELSEWHERE || row.ended_reason === SIGNED_IN_ELSEWHERE_TOLD) {
        // The LOGGED OUT dialog's cookie is set once per ended session: only the request that
        // moves the session to "told" sets it, so the dialog does not come back on every page.
        const told = await deps.db
          .updateTable("sessions")
          .set({ ended_reason: SIGNED_IN_ELSEWHERE_TOLD })
          .where("id", "=", row.session_id)
          .where("ended_reason", "=", SIGNED_IN_ELSEWHERE)
          .executeTakeFirst();
        if (Number(told.numUpdatedRows) > 0) setCookie(c, LOGGED_OUT_COOKIE, "1", { path: "/", sameSite: "Lax" });
        throw new ApiError(
          "session_replaced",
          "You have been logged out because your account was signed in on another device.",
        );
      }
      throw new ApiError("unauthenticated", SESSION_EXPIRED);
    }
    c.set("user", {
      id: row.id,
      email: row.email,
      role: row.role,
      syllabus_id: row.syllabus_id,
      school_id: row.role === "instructor" ? (row.school_id ?? null) : null,
      sessionId: row.session_id,
    });
    await next();
  };
}
