import { createHash, randomBytes } from "node:crypto";
import { SESSION_EXPIRED } from "@preflight/sync-protocol/rules/server-error";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError } from "../errors.ts";

export const SESSION_COOKIE = "pf_session";
/** Read by the page to show the LOGGED OUT dialog after a sign-in elsewhere (spec). */
export const LOGGED_OUT_COOKIE = "pf_logged_out";
const SESSION_MAX_AGE_S = 60 * 60 * 24 * 90;

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
    secure: deps.secureCookies ?? false,
    maxAge: SESSION_MAX_AGE_S,
  });
  deleteCookie(c, LOGGED_OUT_COOKIE, { path: "/" });
}

export async function endSession(deps: AppDeps, c: Context): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    await deps.db
      .updateTable("sessions")
      .set({ ended_at: deps.clock.now().toISOString(), ended_reason: "logged_out" })
      .where("id", "=", hashToken(token))
      .where("ended_at", "is", null)
      .execute();
  }
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

/** Requires a live session; a session ended by a sign-in elsewhere says so (401 session_replaced). */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (!token) throw new ApiError("unauthenticated", "Please sign in");
    const row = await deps.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.id as session_id",
        "sessions.ended_at",
        "sessions.ended_reason",
        "users.id",
        "users.email",
        "users.role",
        "users.syllabus_id",
      ])
      .where("sessions.id", "=", hashToken(token))
      .executeTakeFirst();
    // A cookie the server no longer knows, or a session that ended: spec study 8, 'Session expired'.
    if (!row) throw new ApiError("unauthenticated", SESSION_EXPIRED);
    if (row.ended_at) {
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
      sessionId: row.session_id,
    });
    await next();
  };
}
