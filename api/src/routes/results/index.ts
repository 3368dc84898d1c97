import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";

/** Spec area: results review. */
export function resultsRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.markReviewed, replayer);
  return app;
}
