import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import { sql } from "kysely";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { routeMounter } from "../http/mount-route.ts";

/**
 * GET /api/health: the process answers (the deploy check). GET /api/ready: it should be sent
 * requests: its database answers and it is not shutting down (the proxy's health check).
 */
export function healthRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.health, (c) => c.json({ ok: true as const }));
  mount(routes.ready, async (c) => {
    if (deps.lifecycle?.draining) throw new ApiError("unavailable", "This server is shutting down");
    try {
      await sql`select 1`.execute(deps.db);
    } catch {
      throw new ApiError("unavailable", "This server cannot reach its database");
    }
    return c.json({ ok: true as const });
  });
  return app;
}
