import type { Context } from "hono";
import type { AppDeps } from "../deps.ts";

/**
 * Whether the browser reached us over https: always when SECURE_COOKIES is set, when the request
 * URL itself is https, and behind a proxy that ends TLS (TRUST_PROXY) when it says
 * `X-Forwarded-Proto: https`. The header is ignored without TRUST_PROXY: anyone can send it.
 */
export function isSecureRequest(deps: AppDeps, c: Context): boolean {
  if (deps.secureCookies) return true;
  if (new URL(c.req.url).protocol === "https:") return true;
  if (!deps.trustProxy) return false;
  // A chain of proxies lists one protocol each; the first is the browser's.
  const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}

/**
 * Cookie options for a secure request: `Secure` and the `__Host-` prefix (Path=/, no Domain),
 * so a sibling sub-domain or a plain-http page cannot plant or overwrite the cookie.
 */
export function securePrefix(deps: AppDeps, c: Context): { secure: true; prefix: "host" } | { secure: false } {
  return isSecureRequest(deps, c) ? { secure: true, prefix: "host" } : { secure: false };
}
