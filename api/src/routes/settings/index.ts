import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";

/** The student's display settings (spec: zoom). */
export function settingsRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.zoom, replayer);
  return app;
}
