import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";
import { mountEmailPreferences } from "../accounts/email-preferences.ts";
import { syllabiDates } from "./course-dates.ts";

/**
 * Spec area: the student's profile, email preferences and course dates (writes are catalogue
 * calls; POST /email-preferences/{user_id} is the spec's name for the preferences write).
 */
export function profileRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.updateCourseDates, replayer);
  mount(routes.updateAccount, replayer);
  mount(routes.updatePreferences, replayer);
  mountEmailPreferences(app, deps, replayer);
  mount(routes.syllabiDates, async (c) => c.json(await syllabiDates(deps.db, c.var.user.id)));
  return app;
}
