/**
 * The user-active state behind the inactivity modal (spec 4): activity pings (next, prev, a
 * question served, POST /user-active) stamp user_activity; GET /user-active answers whether
 * the last activity, or the start of this session, lies within the inactivity time (deps.inactivity,
 * told to the device in the me reply; 30 minutes by default).
 */

import { routes } from "@preflight/sync-protocol/routes/index";
import { INACTIVITY_DEFAULTS } from "@preflight/sync-protocol/schemas/auth";
import type { SuccessReply, UserActiveReply } from "@preflight/sync-protocol/schemas/question";
import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { AppDeps, AppEnv, AuthedUser } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";

export async function touchActivity(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("user_activity")
    .values({ user_id: userId, last_active_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_active_at: at }))
    .execute();
}

export async function isActive(
  db: Kysely<Database>,
  user: AuthedUser,
  now: Date,
  minutes: number = INACTIVITY_DEFAULTS.minutes,
): Promise<boolean> {
  const [activity, session] = await Promise.all([
    db.selectFrom("user_activity").select("last_active_at").where("user_id", "=", user.id).executeTakeFirst(),
    db.selectFrom("sessions").select("created_at").where("id", "=", user.sessionId).executeTakeFirst(),
  ]);
  const times = [activity?.last_active_at, session?.created_at]
    .filter((t): t is string => t !== undefined)
    .map((t) => new Date(t).getTime());
  if (times.length === 0) return false;
  return now.getTime() - Math.max(...times) <= minutes * 60_000;
}

export function activityRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.userActive, async (c) => {
    const minutes = (deps.inactivity ?? INACTIVITY_DEFAULTS).minutes;
    const reply: UserActiveReply = { active: await isActive(deps.db, c.var.user, deps.clock.now(), minutes) };
    return c.json(reply);
  });
  mount(routes.touchActivity, async (c) => {
    await touchActivity(deps.db, c.var.user.id, deps.clock.now());
    const reply: SuccessReply & UserActiveReply = { success: true, active: true };
    return c.json(reply);
  });
  return app;
}
