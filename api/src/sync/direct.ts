import { randomUUID } from "node:crypto";
import { callFor, MUTATIONS, type MutationTemplate } from "@preflight/sync-protocol/mutations";
import { ERROR_CODES, type ErrorCode } from "@preflight/sync-protocol/schemas/errors";
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv, Clock } from "../deps.ts";
import { ApiError, validationError } from "../errors.ts";
import type { Replayer } from "./replay.ts";

const IDEMPOTENCY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Mounts a catalogue call as an ordinary route for online-only clients. It runs through the
 * same replay path as the outbox, so an `Idempotency-Key` header makes a retry harmless.
 * `alsoGet` mounts the spec's GET form of a body-less write too (it applies as an empty body).
 */
export function mountMutation(
  app: Hono<AppEnv>,
  replayer: Replayer,
  template: MutationTemplate,
  clock: Clock,
  options: { alsoGet?: boolean } = {},
): void {
  const [, pathTemplate] = template.split(" ") as [string, string];
  const honoPath = pathTemplate.replace(/\{([a-z_]+)\}/g, ":$1");
  const apply = async (c: Context<AppEnv>, body: unknown) => {
    const key = c.req.header("Idempotency-Key");
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
      throw new ApiError("bad_request", "Idempotency-Key must be a uuid");
    const parsed = MUTATIONS[template].safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const result = await replayer.apply(c.var.user, {
      id: key ?? randomUUID(),
      call: callFor(template, c.req.param()),
      body: parsed.data,
      createdAt: clock.now().toISOString(),
    });
    if (result.status === "failed") {
      const code = (result.error.code in ERROR_CODES ? result.error.code : "bad_request") as ErrorCode;
      return c.json({ error: result.error }, ERROR_CODES[code] as ContentfulStatusCode);
    }
    if (result.status === "out_of_order") throw new ApiError("out_of_order", "Out of order");
    return c.json(result.reply as object);
  };
  app.post(honoPath, async (c: Context<AppEnv>) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError("bad_request", "Malformed JSON in request body");
    }
    return apply(c, body);
  });
  if (options.alsoGet) app.get(honoPath, (c: Context<AppEnv>) => apply(c, {}));
}
