/**
 * The headers every reply carries (hono/secure-headers), and no-store on replies that used a
 * session, so a shared or back-button cache never keeps one student's data.
 *
 * The Content-Security-Policy allows script from this origin only: the built index.html has no
 * inline script (Vite emits a module file), so an injected `<script>` or `onclick` runs nowhere.
 * Styles may be inline (React's style props, lesson HTML and <model-viewer>'s shadow styles use
 * them); images, models and the viewer's textures come from this origin or as blob:/data: URLs
 * the page made itself; the service worker is a file of this origin. No page may frame the app.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../deps.ts";

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'", "data:", "blob:"],
  mediaSrc: ["'self'", "data:", "blob:"],
  workerSrc: ["'self'", "blob:"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: "nosniff",
  });
}

/**
 * A reply to a request that used a session (or sent a cookie) is not stored by any cache,
 * unless its route chose its own caching: a reply with an ETag but no Cache-Control is kept
 * private and revalidated instead, so the bank's and the packs' ETags still save downloads.
 */
export function noStoreForSessions(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const usedSession = c.get("user") !== undefined || c.req.header("Cookie") !== undefined;
    if (!usedSession || c.res.headers.has("Cache-Control")) return;
    c.res.headers.set("Cache-Control", c.res.headers.has("ETag") ? "private, no-cache" : "no-store");
  };
}
