/**
 * The joining forms' anti-forgery token (registration, free trial); their body is the catalogue's
 * "form" kind, read by mountRoute (http/form-body.ts).
 *
 * Double submit: the form's GET (`GET /api/register`, `GET /api/free-trial`) sets a cookie
 * holding a random token and hands the same value out in its reply; the page posts it back in
 * the body (`_token`, or `token` for the free trial as the spec names them) and the post is
 * accepted only when the two are equal (compared in constant time). A page of another site can
 * neither read the cookie (HttpOnly) nor the reply (no CORS), and never sends the cookie with
 * its own post (SameSite=Strict), so it cannot forge a post that passes.
 *
 *   GET /api/register → Set-Cookie: pf_form=Q2x…43 chars; HttpOnly; SameSite=Strict; Path=/
 *                       { "_token": "Q2x…", … }
 *   POST /register {"_token": "Q2x…", …} with Cookie: pf_form=Q2x… → accepted
 *
 * One token per browser, shared by both forms (a GET reuses a live cookie), so two open forms
 * never spoil each other; it lives FORM_TOKEN_MAX_AGE_S from the last GET, after which the post
 * says the form has expired. Over https (auth/secure-request.ts) the cookie is `__Host-pf_form` (Secure, no Domain), so
 * a sibling sub-domain cannot plant a token of its choosing.
 *
 * Posts are also refused when a browser says they come from another origin (hono/csrf: the
 * Origin or Sec-Fetch-Site header must name this origin or APP_URL's). It only looks at form
 * content types, which are the ones a foreign page can send without a CORS preflight, and it
 * catches what double submit cannot: a same-site page that planted its own cookie.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/schemas/accounts";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { isSecureRequest, securePrefix } from "../../auth/secure-request.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";

export const FORM_TOKEN_COOKIE = "pf_form";
/** A form left open longer than this (since its GET) must be reloaded before it is posted. */
export const FORM_TOKEN_MAX_AGE_S = 2 * 60 * 60;
/** 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Over https only the `__Host-` cookie counts: a sibling sub-domain can plant the plain one. */
const prefix = (deps: AppDeps, c: Context) => (isSecureRequest(deps, c) ? ("host" as const) : undefined);

/** The browser's form token (a live cookie's, else a new one), its cookie (re)set for another FORM_TOKEN_MAX_AGE_S. */
export function issueFormToken(deps: AppDeps, c: Context): string {
  const current = getCookie(c, FORM_TOKEN_COOKIE, prefix(deps, c));
  const token = current && TOKEN_PATTERN.test(current) ? current : randomBytes(32).toString("base64url");
  const options = { httpOnly: true, sameSite: "Strict", path: "/", maxAge: FORM_TOKEN_MAX_AGE_S } as const;
  setCookie(c, FORM_TOKEN_COOKIE, token, { ...options, ...securePrefix(deps, c) });
  // The reply carries the browser's own token: never from a cache.
  c.header("Cache-Control", "no-store");
  return token;
}

/** Throws 403 forbidden ('This form has expired…') unless the posted token equals the cookie's. */
export function checkFormToken(deps: AppDeps, c: Context, posted: string): void {
  const cookie = getCookie(c, FORM_TOKEN_COOKIE, prefix(deps, c));
  if (!cookie || !sameToken(cookie, posted)) throw new ApiError("forbidden", ACCOUNT_MESSAGES.formExpired);
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function sameToken(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** hono/csrf's origin check on the joining posts, refusing with the API's error body. */
export function sameOriginPosts(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const check = csrf({
    origin: (origin, c) =>
      origin === new URL(c.req.url).origin || (!!deps.appUrl && origin === new URL(deps.appUrl).origin),
  });
  return async (c, next) => {
    try {
      await check(c, next);
    } catch (err) {
      if (err instanceof HTTPException && err.status === 403)
        throw new ApiError("forbidden", ACCOUNT_MESSAGES.formExpired);
      throw err;
    }
  };
}
