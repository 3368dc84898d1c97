/**
 * POST /email-preferences/{user_id} {preferences} (spec accounts 7): the spec's call for the
 * Email Preferences card. It is the queued `POST /profile/preferences` under another address:
 * the same effect through the same replay path (an `Idempotency-Key` makes a retry harmless), so
 * there is one implementation. `user_id` must be the signed-in student's own.
 */
import { randomUUID } from "node:crypto";
import { callFor } from "@preflight/sync-protocol/mutations";
import { routes } from "@preflight/sync-protocol/routes/index";
import { ERROR_CODES, type ErrorCode } from "@preflight/sync-protocol/schemas/errors";
import type { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { mountRoute } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function mountEmailPreferences(app: Hono<AppEnv>, deps: AppDeps, replayer: Replayer): void {
  mountRoute(
    app,
    routes.emailPreferences,
    async (c, { body }) => {
      const key = c.req.header("Idempotency-Key");
      if (key !== undefined && !UUID.test(key)) throw new ApiError("bad_request", "Idempotency-Key must be a uuid");
      const result = await replayer.apply(c.var.user, {
        id: key ?? randomUUID(),
        call: callFor("POST /profile/preferences"),
        body: { user_preferences: body.preferences },
        createdAt: deps.clock.now().toISOString(),
      });
      if (result.status === "failed") {
        const code = (result.error.code in ERROR_CODES ? result.error.code : "bad_request") as ErrorCode;
        return c.json({ error: result.error }, ERROR_CODES[code] as ContentfulStatusCode);
      }
      if (result.status === "out_of_order") throw new ApiError("out_of_order", "Out of order");
      return c.json(result.reply as object);
    },
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
