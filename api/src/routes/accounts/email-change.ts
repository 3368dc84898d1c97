/**
 * The e-mail change, confirmed by mail (issue 12). Online only: it needs the current password,
 * and the new address must prove itself before anything changes.
 *
 * POST /profile/email {email, current_password} (signed in): mails a confirmation link
 * (`/email/confirm?token=…`, 24 hours) to the new address and a notice to the old one. When the
 * new address already has an account, that address is told so instead of getting a link, and
 * the reply is the same: the asker learns nothing about the address. Until the link is followed
 * the profile shows the address as pending (also through the profile sync step: the request
 * touches the account's row, so the step's change number moves).
 *
 * POST /email/confirm {token} (no session: the link may be opened in any browser): moves the
 * account to the new address if it is still free (409 otherwise, and the change is dropped),
 * and ends every session of the account, so it signs in again with the new address.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  ACCOUNT_MESSAGES,
  type AccountFormReply,
  EMAIL_CHANGE_TOKEN_TTL_MS,
  type emailChangeReplySchema,
} from "@preflight/sync-protocol/schemas/accounts";
import { PROFILE_MESSAGES } from "@preflight/sync-protocol/schemas/profile";
import { Hono } from "hono";
import type { Transaction } from "kysely";
import type { z } from "zod";
import { consumeToken, issueToken } from "../../auth/account-tokens.ts";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, bucket, clearFailures, countFailure, refuseWhileLimited } from "../../auth/limits-store.ts";
import { verifyPassword } from "../../auth/password.ts";
import type { Database } from "../../db/schema.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { queueMail } from "../../mail/outbox.ts";
import { claimMailRequest } from "../../mail/requests.ts";
import { emailChangeConfirmMail, emailChangeNoticeMail, emailTakenMail } from "./account-mails.ts";

/** Sessions the change ends are marked so (the device then reads 'Session expired'). */
export const EMAIL_CHANGED_REASON = "email_changed";

type EmailChangeReply = z.infer<typeof emailChangeReplySchema>;

const fieldRefusal = (field: string, message: string) =>
  new ApiError("bad_request", message, { fields: { [field]: [message] } });

/** Counts as a change of the account's row for the profile step (the stamp trigger fires on `email`). */
async function touchAccount(trx: Transaction<Database>, userId: string, email: string): Promise<void> {
  await trx.updateTable("users").set({ email }).where("id", "=", userId).execute();
}

export function emailChangeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  mount(routes.changeEmail, async (c, { body: { email: newEmail, current_password } }) => {
    const user = await deps.db
      .selectFrom("users")
      .select(["id", "email", "firstname", "password_hash", "offline_account"])
      .where("id", "=", c.var.user.id)
      .executeTakeFirst();
    if (!user) throw new ApiError("not_found", "Your profile could not be found, please contact support.");
    if (user.offline_account === 1) throw new ApiError("forbidden", ACCOUNT_MESSAGES.offlineAccount);
    const account = bucket(LIMITS.emailChangeUser, user.id);
    const address = addressBucket(LIMITS.emailChangeAddress, deps, c);
    await refuseWhileLimited(deps, c, account, address);
    if (!(await verifyPassword(current_password, user.password_hash))) {
      await countFailure(deps, account, address);
      throw fieldRefusal("current_password", PROFILE_MESSAGES.currentPasswordWrong);
    }
    await clearFailures(deps, account);
    if (newEmail === user.email) throw fieldRefusal("email", ACCOUNT_MESSAGES.emailChangeSame);

    await deps.db.transaction().execute(async (trx) => {
      await claimMailRequest(trx, deps.clock, newEmail, "email_change");
      const taken = await trx.selectFrom("users").select("id").where("email", "=", newEmail).executeTakeFirst();
      // A token is issued either way, so the profile reads the same; a taken address never gets it.
      const token = await issueToken(trx, deps.clock, user.id, "email_change", EMAIL_CHANGE_TOKEN_TTL_MS, {
        newEmail,
      });
      await queueMail(
        trx,
        deps.clock,
        taken ? emailTakenMail(deps, newEmail) : emailChangeConfirmMail(deps, user, newEmail, token),
      );
      await queueMail(trx, deps.clock, emailChangeNoticeMail(deps, user, newEmail));
      await touchAccount(trx, user.id, user.email);
    });
    deps.mail?.kick();
    const reply: EmailChangeReply = {
      success: true,
      message: ACCOUNT_MESSAGES.emailChangeSent,
      pending_email: newEmail,
    };
    return c.json(reply);
  });

  mount(routes.confirmEmail, async (c, { body: { token } }) => {
    const outcome = await confirmChange(deps, token).catch((err: unknown) => {
      // Another account took the address between the check and the write (users.email is unique).
      if (isUniqueViolation(err)) return "taken" as const;
      throw err;
    });
    if (outcome === "invalid") throw fieldRefusal("token", ACCOUNT_MESSAGES.emailChangeInvalid);
    if (outcome === "taken") throw new ApiError("conflict", PROFILE_MESSAGES.emailTaken);
    const reply: AccountFormReply = { success: true, message: ACCOUNT_MESSAGES.emailChanged, redirect: "/login" };
    return c.json(reply);
  });

  return app;
}

function confirmChange(deps: AppDeps, token: string) {
  return deps.db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, deps.clock, token, ["email_change"]);
    if (!used?.newEmail) return "invalid" as const;
    const user = await trx.selectFrom("users").select("email").where("id", "=", used.userId).executeTakeFirst();
    if (!user) return "invalid" as const;
    const taken = await trx.selectFrom("users").select("id").where("email", "=", used.newEmail).executeTakeFirst();
    if (taken) {
      // The change is dropped (the token stays used), and the profile step sees it go.
      await touchAccount(trx, used.userId, user.email);
      return "taken" as const;
    }
    await trx.updateTable("users").set({ email: used.newEmail }).where("id", "=", used.userId).execute();
    await trx
      .updateTable("sessions")
      .set({ ended_at: deps.clock.now().toISOString(), ended_reason: EMAIL_CHANGED_REASON })
      .where("user_id", "=", used.userId)
      .where("ended_at", "is", null)
      .execute();
    return "changed" as const;
  });
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
