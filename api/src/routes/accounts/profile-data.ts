/**
 * GET /api/profile (signed in): the profile page's data online (spec accounts 3: Profile). The
 * device gets the same through the profile sync step; both come from read/profile.ts.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { readProfile } from "../../read/profile.ts";

export function profileDataRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  routeMounter(app, deps)(routes.profileData, async (c) => {
    const profile = await readProfile(deps.db, deps.clock.now(), c.var.user.id);
    if (!profile) throw new ApiError("not_found", "Your profile could not be found, please contact support.");
    return c.json(profile);
  });
  return app;
}
