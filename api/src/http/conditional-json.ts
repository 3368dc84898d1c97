import { createHash } from "node:crypto";
import type { Context } from "hono";

/**
 * A JSON reply the device asks for at every start, sent with a strong ETag of its body. A device
 * that sends back the ETag of the reply it kept (If-None-Match) gets 304 with no body when the
 * reply is unchanged: a slow connection carries nothing and the device parses nothing. Without
 * a Cache-Control of its own, the reply is private and revalidated (security-headers.ts).
 */
export function conditionalJson(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  c.header("ETag", etag);
  if (matches(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
  c.header("Content-Type", "application/json; charset=UTF-8");
  return c.body(body);
}

/** If-None-Match names the ETag: itself, in a list, or weak (RFC 9110 compares them weakly here). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
}
