/**
 * Entries of the queued writes, built from the mutation catalogue. A module of its own: the
 * catalogue brings the bodies of every queued write, and an area of the route catalogue with none
 * (auth, content, sync…) is loaded by the app without building them (web/src/local/api-contract.ts).
 */
import { z } from "zod";
import { MUTATIONS, type MutationTemplate, PARAM_VALUE } from "../mutations.ts";
import { type Method, type RouteEntry, unread } from "./route.ts";

/** A path parameter of a queued call: the characters the mutation catalogue can resolve. */
export const callParamSchema = z.string().regex(PARAM_VALUE, "must be letters, digits, - or _");

/**
 * A queued write as an entry: method, path and body come from its template in the mutation
 * catalogue, every path parameter is a call parameter, and it needs a session.
 */
export function mutationRoute<T extends MutationTemplate, R extends z.ZodType>(
  template: T,
  reply: R,
  options: { method?: Method } = {},
): RouteEntry<z.ZodObject<Record<string, typeof callParamSchema>>, typeof unread, (typeof MUTATIONS)[T], R> & {
  mutation: T;
} {
  const [method, path] = template.split(" ") as [Method, string];
  const names = [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
  return {
    method: options.method ?? method,
    path,
    params: z.object(Object.fromEntries(names.map((name) => [name, callParamSchema]))),
    query: unread,
    body: MUTATIONS[template],
    // A GET form of a write applies as an empty body.
    bodyKind: options.method === "GET" ? "none" : "json",
    reply,
    replyKind: "json",
    auth: "session",
    mutation: template,
  };
}
