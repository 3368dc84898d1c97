import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { mountMutation } from "../../sync/direct.ts";
import type { Replayer } from "../../sync/replay.ts";

/** The student's display settings (spec: zoom). */
export function settingsRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  mountMutation(app, replayer, "POST /zoom", deps.clock);
  return app;
}
