import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";

/**
 * Forgotten and reset password, the e-mail change and the profile page's data (spec accounts):
 * POST /password/email, POST /password/reset, GET /api/profile, POST /profile/email,
 * POST /email/confirm, POST /email-preferences/{user_id}.
 */
export function passwordRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
