import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { mountMutation } from "../../sync/direct.ts";
import type { Replayer } from "../../sync/replay.ts";

/** Spec area: results review. */
export function resultsRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  mountMutation(app, replayer, "POST /api/review", deps.clock);
  return app;
}
