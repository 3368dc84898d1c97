/**
 * The four post-login sync steps (spec: POST user-sync/profile, user-sync/sync,
 * user-sync/syllabus, user-sync/school). Each takes {cursor} and replies {success: true, cursor,
 * ...changes since it}, or {success: false, message} when it cannot serve, which stops the
 * device's chain. Bad bodies are a 400 from the schema.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { profileStep } from "./profile.ts";
import { schoolStep } from "./school.ts";
import { syllabusStep } from "./syllabus.ts";
import { userStep } from "./user.ts";

export function userSyncRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.pullProfile, async (c, { body }) => c.json(await profileStep(deps, c.var.user, body.cursor)));
  mount(routes.pullUser, async (c, { body }) => c.json(await userStep(deps, c.var.user, body.cursor)));
  mount(routes.pullSyllabus, async (c, { body }) => c.json(await syllabusStep(deps, c.var.user, body.cursor)));
  mount(routes.pullSchool, async (c, { body }) => c.json(await schoolStep(deps, c.var.user, body.cursor)));
  return app;
}
