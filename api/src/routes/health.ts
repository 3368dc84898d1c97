import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { routeMounter } from "../http/mount-route.ts";

/** GET /api/health: the API answers (load balancers, the deploy check). */
export function healthRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  routeMounter(app, deps)(routes.health, (c) => c.json({ ok: true as const }));
  return app;
}
