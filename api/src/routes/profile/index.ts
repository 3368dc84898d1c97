import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { mountMutation } from "../../sync/direct.ts";
import type { Replayer } from "../../sync/replay.ts";
import { mountEmailPreferences } from "../accounts/email-preferences.ts";
import { syllabiDates } from "./course-dates.ts";

/**
 * Spec area: the student's profile, email preferences and course dates (writes are catalogue
 * calls; POST /email-preferences/{user_id} is the spec's name for the preferences write).
 */
export function profileRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  mountMutation(app, replayer, "POST /profile/course-dates", deps.clock);
  mountMutation(app, replayer, "POST /profile/account", deps.clock);
  mountMutation(app, replayer, "POST /profile/preferences", deps.clock);
  mountEmailPreferences(app, deps, replayer);
  app.get("/api/syllabi_dates", async (c) => c.json(await syllabiDates(deps.db, c.var.user.id)));
  return app;
}
