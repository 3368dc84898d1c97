/**
 * Forgotten and reset password (spec accounts 2, 4, 5, 7), and the mounting of the other account
 * calls that need no anti-forgery form: GET /api/profile, POST /profile/email, POST /email/confirm.
 *
 * POST /password/email {email, offline}: online, the account gets a link to the reset form
 * (`/password/reset?token=…&email=…`); offline (the installed app, which cannot open a link
 * into itself), an 8-character code to type in the reset form's token field. Both live 60
 * minutes. The reply is the same, byte for byte, whether or not the address has an account,
 * and a second request for the address within a minute is refused (429) either way.
 *
 * POST /password/reset {token, email, password, password_confirmation}: the token is the link's
 * token of that account, or else its offline code (typed in any case, dashes and spaces
 * ignored; five wrong tries kill it). A reset sets the password, activates the account (the
 * mail proved the address), ends every session of the account, retires every other reset token
 * and code, and mails a notice. Anything wrong, an unknown address included, is the one
 * refusal 'This password reset token is invalid or has expired.'.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { ACCOUNT_MESSAGES, type AccountFormReply, RESET_TOKEN_TTL_MS } from "@preflight/sync-protocol/schemas/accounts";
import { Hono } from "hono";
import { consumeCode, consumeToken, issueToken, retireTokens } from "../../auth/account-tokens.ts";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, bucket, clearFailures, countFailure, refuseWhileLimited } from "../../auth/limits-store.ts";
import { hashPassword } from "../../auth/password.ts";
import { hashToken } from "../../auth/session.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { queueMail } from "../../mail/outbox.ts";
import { claimMailRequest } from "../../mail/requests.ts";
import { passwordChangedMail, resetCodeMail, resetLinkMail } from "./account-mails.ts";
import { emailChangeRoutes } from "./email-change.ts";
import { profileDataRoutes } from "./profile-data.ts";

/** Sessions a reset ends are marked so (the device then reads 'Session expired'). */
export const PASSWORD_RESET_REASON = "password_reset";

export function passwordRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  mount(routes.passwordEmail, async (c, { body: { email, offline } }) => {
    // Every request counts, per address and per e-mail whether or not it has an account.
    const limited = [bucket(LIMITS.resetMailAccount, email), addressBucket(LIMITS.resetMailAddress, deps, c)];
    await refuseWhileLimited(deps, c, ...limited);
    await countFailure(deps, ...limited);
    await deps.db.transaction().execute(async (trx) => {
      await claimMailRequest(trx, deps.clock, email, "password_reset");
      const user = await trx
        .selectFrom("users")
        .select(["id", "email", "firstname"])
        .where("email", "=", email)
        .executeTakeFirst();
      if (!user) return;
      const mail = offline
        ? resetCodeMail(user, await issueToken(trx, deps.clock, user.id, "password_reset_code", RESET_TOKEN_TTL_MS))
        : resetLinkMail(deps, user, await issueToken(trx, deps.clock, user.id, "password_reset", RESET_TOKEN_TTL_MS));
      await queueMail(trx, deps.clock, mail);
    });
    deps.mail?.kick();
    const reply: AccountFormReply = offline
      ? {
          success: true,
          message: ACCOUNT_MESSAGES.resetCodeSent,
          redirect: `/password/reset?offline=1&email=${encodeURIComponent(email)}`,
        }
      : { success: true, message: ACCOUNT_MESSAGES.resetLinkSent, redirect: "/login" };
    return c.json(reply);
  });

  mount(routes.passwordReset, async (c, { body: { token, email, password } }) => {
    // The offline code is short enough to guess: wrong ones count per e-mail and per address.
    const account = bucket(LIMITS.resetAccount, email);
    const address = addressBucket(LIMITS.resetAddress, deps, c);
    await refuseWhileLimited(deps, c, account, address);
    // Hashed before looking anything up: the work is the same whether or not the address exists.
    const passwordHash = await hashPassword(password);
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select(["id", "email", "firstname"])
        .where("email", "=", email)
        .executeTakeFirst();
      if (!user) return "invalid" as const;
      // A link token counts only for the account it was mailed to; anything else is tried as the
      // account's offline code (and counts as a wrong try when it is not).
      const linkOwner = await trx
        .selectFrom("account_tokens")
        .select("user_id")
        .where("id", "=", hashToken(token))
        .executeTakeFirst();
      const byLink =
        linkOwner?.user_id === user.id && (await consumeToken(trx, deps.clock, token, ["password_reset"])) !== null;
      if (!byLink && !(await consumeCode(trx, deps.clock, user.id, token))) return "invalid" as const;

      const now = deps.clock.now().toISOString();
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, active: 1 })
        .where("id", "=", user.id)
        .execute();
      await trx
        .updateTable("sessions")
        .set({ ended_at: now, ended_reason: PASSWORD_RESET_REASON })
        .where("user_id", "=", user.id)
        .where("ended_at", "is", null)
        .execute();
      await retireTokens(trx, deps.clock, user.id, ["password_reset", "password_reset_code", "activation"]);
      await queueMail(trx, deps.clock, passwordChangedMail(deps, user));
      return "done" as const;
    });
    // A wrong code's try is kept (committed above) before the refusal.
    if (outcome === "invalid") {
      await countFailure(deps, account, address);
      throw new ApiError("bad_request", ACCOUNT_MESSAGES.resetInvalid, {
        fields: { token: [ACCOUNT_MESSAGES.resetInvalid] },
      });
    }
    await clearFailures(deps, account);
    deps.mail?.kick();
    const reply: AccountFormReply = { success: true, message: ACCOUNT_MESSAGES.resetDone, redirect: "/login" };
    return c.json(reply);
  });

  app.route("/", emailChangeRoutes(deps));
  app.route("/", profileDataRoutes(deps));
  return app;
}
