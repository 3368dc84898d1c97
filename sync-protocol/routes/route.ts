import { z } from "zod";
import type { MutationTemplate } from "../mutation-templates.ts";

/**
 * Who may make a call: anyone, any signed-in user, or a signed-in user of one role (an
 * instructor's handler checks the school of what it names too).
 */
export type RouteAuth = "none" | "session" | "maintenance" | "instructor";

/**
 * What a success reply is: JSON parsed against `reply`, or another kind the entry only names
 * (a content pack with Range, an image, a text reply, a redirect).
 */
export type ReplyKind = "json" | "text" | "binary" | "redirect";

/**
 * How the body is read: "json" as Hono's JSON validator reads it (no JSON content type is `{}`),
 * "optional-json" lets an empty body stand for `{}` whatever its type, "form" takes JSON or an
 * ordinary form post (application/x-www-form-urlencoded; a field whose schema is a list may be
 * repeated or named `name[]`), "multipart" a multipart/form-data body (text fields as text, each
 * file as `{ bytes }`, a field whose schema is a list may be repeated or named `name[]`), "none"
 * reads nothing. The schema checks the object either way.
 */
export type BodyKind = "json" | "optional-json" | "form" | "multipart" | "none";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One HTTP call the API serves. The path uses the spec's `{param}` style. */
export interface RouteEntry<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  path: string;
  params: P;
  query: Q;
  body: B;
  bodyKind: BodyKind;
  reply: R;
  replyKind: ReplyKind;
  auth: RouteAuth;
  /** A queued write: its template in the mutation catalogue (sync-protocol/mutations.ts). */
  mutation?: MutationTemplate;
}

/** Anything: the schema of a part of a call the route does not read. */
export const unread = z.unknown();
const noParams = z.object({});

/** An entry with its defaults: no params, query or body read, a JSON reply. */
export function route<
  P extends z.ZodType = typeof noParams,
  Q extends z.ZodType = typeof unread,
  B extends z.ZodType = typeof unread,
  R extends z.ZodType = typeof unread,
>(
  entry: Pick<RouteEntry, "method" | "path" | "auth"> &
    Partial<Pick<RouteEntry, "bodyKind" | "replyKind" | "mutation">> & {
      params?: P;
      query?: Q;
      body?: B;
      reply: R;
    },
): RouteEntry<P, Q, B, R> {
  return {
    params: noParams as unknown as P,
    query: unread as unknown as Q,
    body: unread as unknown as B,
    bodyKind: entry.body ? "json" : "none",
    replyKind: "json",
    ...entry,
  };
}

/** The parsed input a handler gets. */
export interface RouteInput<E extends RouteEntry> {
  params: z.infer<E["params"]>;
  query: z.infer<E["query"]>;
  body: z.infer<E["body"]>;
}

export { routeKey } from "./route-key.ts";

/** The path in Hono's `:param` style. */
export function honoPath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/g, ":$1");
}
