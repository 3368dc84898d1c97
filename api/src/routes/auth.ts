import { routes } from "@preflight/sync-protocol/routes/index";
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/schemas/accounts";
import { INACTIVITY_DEFAULTS, type MeReply } from "@preflight/sync-protocol/schemas/auth";
import { Hono } from "hono";
import { LIMITS } from "../auth/limits.ts";
import { addressBucket, bucket, clearFailures, countFailure, refuseWhileLimited } from "../auth/limits-store.ts";
import { checkPassword, DUMMY_HASH, hashPassword } from "../auth/password.ts";
import { endSession, startSession } from "../auth/session.ts";
import { type AppDeps, type AppEnv, DEFAULT_FEATURES } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { routeMounter } from "../http/mount-route.ts";
import { readUser } from "../read/user.ts";

const WRONG_CREDENTIALS = "These credentials do not match our records.";

async function userSummary(deps: AppDeps, userId: string): Promise<MeReply> {
  const user = await readUser(deps.db, userId);
  if (!user) throw new ApiError("unauthenticated", "Please sign in");
  const { id, email, firstname, lastname, role, syllabus_id, subscription_end, class_name } = user;
  return {
    user: {
      id,
      email,
      firstname,
      lastname,
      role,
      syllabus_id,
      subscription_end,
      class_name,
      features: deps.features ?? DEFAULT_FEATURES,
      inactivity: deps.inactivity ?? INACTIVITY_DEFAULTS,
    },
  };
}

export function authRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.login, async (c, { body: { email, password } }) => {
    // Counted per e-mail whether or not it has an account, so a refusal reveals nothing.
    const account = bucket(LIMITS.loginAccount, email.toLowerCase());
    const address = addressBucket(LIMITS.loginAddress, deps, c);
    await refuseWhileLimited(deps, c, account, address);
    const user = await deps.db
      .selectFrom("users")
      .select(["id", "password_hash", "active"])
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
    // Same message and similar work whether the e-mail is unknown or the password wrong.
    const check = await checkPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !check.ok) {
      await countFailure(deps, account, address);
      throw new ApiError("invalid_credentials", WRONG_CREDENTIALS);
    }
    await clearFailures(deps, account);
    // An older or cheaper hash is replaced now, while the password is at hand.
    if (check.stale && deps.upgradePasswordHashes !== false) {
      const upgraded = await hashPassword(password);
      await deps.db.updateTable("users").set({ password_hash: upgraded }).where("id", "=", user.id).execute();
    }
    // Told only to someone who knows the password; no session until the activation link is followed.
    if (user.active !== 1) throw new ApiError("inactive_account", ACCOUNT_MESSAGES.inactive);
    await startSession(deps, c, user.id);
    return c.json(await userSummary(deps, user.id));
  });
  mount(routes.logout, async (c) => {
    await endSession(deps, c);
    return c.json({ success: true as const });
  });
  mount(routes.me, async (c) => c.json(await userSummary(deps, c.var.user.id)));
  return app;
}
