import { pushRequestSchema } from "@preflight/sync-protocol/schemas/sync";
import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";
import type { Replayer } from "../sync/replay.ts";
import { validate } from "../validate.ts";

/** POST /sync/push: the outbox's batch replay. */
export function syncRoutes(replayer: Replayer) {
  return new Hono<AppEnv>().post("/push", validate("json", pushRequestSchema), async (c) => {
    const { clientId, mutations } = c.req.valid("json");
    return c.json({ results: await replayer.push(c.var.user, clientId, mutations) });
  });
}
