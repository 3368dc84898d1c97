/**
 * POST /email-preferences/{user_id} {preferences} (spec accounts 7): the spec's call for the
 * Email Preferences card. It is the queued `POST /profile/preferences` under another address:
 * the same effect through the same replay path (an `Idempotency-Key` makes a retry harmless), so
 * there is one implementation. `user_id` must be the signed-in student's own.
 */
import { callFor } from "@preflight/sync-protocol/mutations";
import { routes } from "@preflight/sync-protocol/routes/index";
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { mountRoute, replayOnline } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";

export function mountEmailPreferences(app: Hono<AppEnv>, deps: AppDeps, replayer: Replayer): void {
  mountRoute(
    app,
    routes.emailPreferences,
    (c, { body }) =>
      replayOnline(c, replayer, deps, callFor("POST /profile/preferences"), { user_preferences: body.preferences }),
    deps,
    {
      // Whose preferences is decided before the body is read.
      before: [
        async (c, next) => {
          // The path param has passed its schema by now.
          if (c.req.param("user_id")?.toLowerCase() !== c.var.user.id.toLowerCase())
            throw new ApiError("forbidden", "You can only change your own email preferences.");
          await next();
        },
      ],
    },
  );
}
