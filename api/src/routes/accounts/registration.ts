import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";

/**
 * Joining (spec accounts §1–§9): GET /api/register, POST /register, POST /register/activate,
 * POST /register/resend, GET /api/free-trial, POST /free-trial.
 */
export function registrationRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
