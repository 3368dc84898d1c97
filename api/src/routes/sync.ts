import { routes } from "@preflight/sync-protocol/routes/index";
import { SYNC_PROTOCOL_VERSION } from "@preflight/sync-protocol/schemas/sync";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { routeMounter } from "../http/mount-route.ts";
import type { Replayer } from "../sync/replay.ts";
import { pushesRunning } from "./pushes-running.ts";

/** A device on another protocol version must update, not park its changes as refused. */
const sameProtocol: MiddlewareHandler<AppEnv> = async (c, next) => {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError("bad_request", "Malformed JSON in request body");
  }
  const protocol = (raw as { protocol?: unknown } | null)?.protocol;
  if (protocol !== undefined && protocol !== SYNC_PROTOCOL_VERSION)
    throw new ApiError(
      "protocol_mismatch",
      `This server speaks sync protocol ${SYNC_PROTOCOL_VERSION}; please update the app`,
    );
  await next();
};

/** POST /sync/push: the outbox's batch replay; GET /sync/check: sync availability (spec). */
export function syncRoutes(replayer: Replayer, deps: AppDeps) {
  // Pushes being applied just now, per user, on every instance: GET /sync/check says is_syncing while any runs.
  const running = pushesRunning(deps);
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.syncCheck, async (c) => {
    // Read before the query: on SQLite a push holds the one connection until it commits.
    const isSyncing = await running.any(c.var.user.id);
    const last = await deps.db
      .selectFrom("mutations")
      .select((eb) => eb.fn.max("received_at").as("sync_date"))
      .where("user_id", "=", c.var.user.id)
      .executeTakeFirst();
    return c.json({
      available: true,
      is_syncing: isSyncing,
      sync_date: last?.sync_date ?? null,
    });
  });
  mount(
    routes.push,
    async (c, { body: { clientId, mutations, sentAt } }) => {
      const done = await running.start(c.var.user.id);
      try {
        return c.json({ results: await replayer.push(c.var.user, clientId, mutations, sentAt) });
      } finally {
        // Bookkeeping only: the push's reply stands even if this fails (the row goes stale in a minute).
        await done().catch(() => undefined);
      }
    },
    { before: [sameProtocol] },
  );
  return app;
}
