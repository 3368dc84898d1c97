/**
 * No state change by a link or by another site's page: every state-changing request must show
 * it comes from the app itself, checked once for the whole API.
 *
 * - A write (POST, PUT, PATCH, DELETE) is refused when the browser says it comes from another
 *   site (`Sec-Fetch-Site: cross-site`), and otherwise accepted when the browser says it comes
 *   from this site (`same-origin`, `same-site`, or `none`: typed by the user), or its `Origin`
 *   is this origin or APP_URL's. This is hono/csrf's rule, applied to every content type (hono/csrf
 *   looks at form types only, and refuses a write that carries neither header).
 * - A request with neither header is not from a browser's page (curl, the tests, the device's
 *   own scripts): there is no cookie for another site to borrow, so it passes.
 * - A write's body is JSON (`application/json`, a type no page of another site can send without
 *   asking first); any other type (text/plain, multipart, a form post) is refused before a
 *   handler reads it.
 * - The joining forms (the catalogue's "form" entries: registration, free trial) take ordinary
 *   form posts and keep their own, stricter check (routes/accounts/anti-forgery.ts: hono/csrf,
 *   which also refuses a form post with no Origin, and a double-submit token).
 * - A multipart entry (the catalogue's "multipart" kind: feedback with screenshots) takes
 *   multipart/form-data, a type another site's page can send, so it must show it comes from the
 *   app: the same Origin / Sec-Fetch-Site rule, and a request with neither header is refused too
 *   (fromAppPage in the route's `before`, after the session check).
 *   With the session cookie's SameSite=Lax (another site's post carries no session) this is the
 *   spec's anti-forgery `token` for this call.
 * - A GET that writes (the spec's `GET /analysis/progress/reset/{subject_id}`) must come from
 *   the app's own page (`Sec-Fetch-Site: same-origin`, sameOriginPageOnly in the route's
 *   `before`): a link followed from another site, or a sender that does not say, changes nothing.
 *
 *   POST /test/current/save  Origin: https://evil.example            → 403 cross_origin
 *   POST /zoom               Sec-Fetch-Site: cross-site              → 403 cross_origin
 *   POST /zoom               Content-Type: text/plain  {"zoom": 2}   → 415 unsupported_media_type
 *   GET  /analysis/progress/reset/010  (a link on another site)      → 403 cross_origin
 */
import { type RouteEntry, routes } from "@preflight/sync-protocol/routes/index";
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError } from "../errors.ts";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BROWSER_SITES = new Set(["same-origin", "same-site", "none"]);
const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

export const CROSS_ORIGIN_MESSAGE = "This request did not come from the Preflight app, so nothing was changed.";
export const BODY_TYPE_MESSAGE = "Send the request body as JSON (Content-Type: application/json).";

/** A catalogue path as a pattern over request paths: `{id}` is one path segment. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[a-z_]+\}/g, "[^/]+");
  return new RegExp(`^${escaped}$`);
}

function matcher(entries: RouteEntry[]): (method: string, path: string) => boolean {
  const patterns = entries.map((entry) => ({ method: entry.method, pattern: pathPattern(entry.path) }));
  return (method, path) => patterns.some((p) => p.method === method && p.pattern.test(path));
}

/** The joining forms (the catalogue's "form" entries) keep their own, stricter check. */
const isFormEntry = matcher((Object.values(routes) as RouteEntry[]).filter((entry) => entry.bodyKind === "form"));

/** Multipart entries take multipart/form-data, and only from a page that says it is the app's. */
const isMultipartEntry = matcher(
  (Object.values(routes) as RouteEntry[]).filter((entry) => entry.bodyKind === "multipart"),
);
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

/** The same-origin proof for every write but the joining forms'. */
export function sameOriginWrites(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const appOrigin = deps.appUrl ? new URL(deps.appUrl).origin : undefined;
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method) || isFormEntry(c.req.method, c.req.path)) return next();
    const site = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const multipart = isMultipartEntry(c.req.method, c.req.path);
    const fromBrowser = site !== undefined || origin !== undefined;
    if (fromBrowser) {
      const siteSaysOurs = site !== undefined && BROWSER_SITES.has(site);
      const originIsOurs = origin === new URL(c.req.url).origin || (!!appOrigin && origin === appOrigin);
      if (site === "cross-site" || !(siteSaysOurs || originIsOurs))
        throw new ApiError("cross_origin", CROSS_ORIGIN_MESSAGE);
    }

    const type = c.req.header("Content-Type");
    if (multipart && type !== undefined && MULTIPART_TYPE.test(type)) return next();
    if (type !== undefined && !JSON_TYPE.test(type)) throw new ApiError("unsupported_media_type", BODY_TYPE_MESSAGE);
    return next();
  };
}

/**
 * For a GET that writes (mounted in its route's `before`, after the session and path checks):
 * only the app's own page may send it, never a link followed from another site.
 */
export function sameOriginPageOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header("Sec-Fetch-Site") !== "same-origin") throw new ApiError("cross_origin", CROSS_ORIGIN_MESSAGE);
    await next();
  };
}

/**
 * For a write whose body type any page can send (a multipart entry; mounted in its route's
 * `before`): a request that says nothing of where it comes from is refused, as hono/csrf refuses
 * a form post without Origin. Where it says, sameOriginWrites has judged it already.
 */
export function fromAppPage(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header("Sec-Fetch-Site") === undefined && c.req.header("Origin") === undefined)
      throw new ApiError("cross_origin", CROSS_ORIGIN_MESSAGE);
    await next();
  };
}
