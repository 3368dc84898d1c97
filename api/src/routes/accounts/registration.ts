import { randomUUID } from "node:crypto";
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  ACCOUNT_MESSAGES,
  ACTIVATION_TOKEN_TTL_MS,
  type RegistrationFormReply,
} from "@preflight/sync-protocol/schemas/accounts";
import { Hono } from "hono";
import type { Transaction } from "kysely";
import { consumeToken, issueToken } from "../../auth/account-tokens.ts";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, countFailure, refuseWhileLimited } from "../../auth/limits-store.ts";
import { hashPassword } from "../../auth/password.ts";
import type { Database } from "../../db/schema.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { queueMail } from "../../mail/outbox.ts";
import { claimMailRequest } from "../../mail/requests.ts";
import { allowedSchools, offeredSyllabi } from "../../read/schools.ts";
import { checkFormToken, issueFormToken, sameOriginPosts } from "./anti-forgery.ts";
import { freeTrialRoutes } from "./free-trial.ts";
import { activationMail, alreadyRegisteredMail } from "./join-mails.ts";
import { type Account, accountByEmail, fieldError, formReply, isRowId } from "./registration-common.ts";

/**
 * Joining (spec accounts §1–§9): GET /api/register, POST /register, POST /register/activate,
 * POST /register/resend, and the free trial's GET /api/free-trial, POST /free-trial.
 *
 * "Allowed schools" (spec: a list passed to the registration form) are the schools with
 * `open_registration` = 1: a newcomer may register for, or take a free trial of, an active
 * syllabus of one of them; a closed school's syllabi are for the students it enrols itself.
 *
 * No reply tells whether an address has an account: registering an address that has one
 * answers like a new registration, and the difference goes by mail to the address (a fresh
 * activation link when the account is still inactive, else a note that someone tried, with
 * sign-in and forgotten-password links). The account details of an existing account are never
 * changed by a registration, so registering someone else's address again changes nothing.
 *
 * A new account, its activation token and its mail are written in one transaction, so an
 * account never exists without its mail queued; the mail leaves after commit.
 */
export function registrationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  const sameOrigin = sameOriginPosts(deps);
  mount(routes.registrationForm, async (c) => {
    const reply: RegistrationFormReply = {
      _token: issueFormToken(deps, c),
      schools: await allowedSchools(deps.db),
      syllabi: await offeredSyllabi(deps.db, "allowed"),
    };
    return c.json(reply);
  });
  mount(
    routes.register,
    async (c, { body }) => {
      checkFormToken(deps, c, body._token);
      // Every registration counts against the address, so one client cannot flood the outbox.
      const address = addressBucket(LIMITS.registerAddress, deps, c);
      await refuseWhileLimited(deps, c, address);
      await countFailure(deps, address);
      const syllabus = isRowId(body.syllabus_id) ? await offeredSyllabi(deps.db, "allowed", body.syllabus_id) : [];
      if (!syllabus.length) throw fieldError("syllabus_id", ACCOUNT_MESSAGES.examUnavailable);
      // Hashed whether or not the address has an account, so both take the same time.
      const passwordHash = await hashPassword(body.password);
      await deps.db.transaction().execute(async (trx) => {
        await claimMailRequest(trx, deps.clock, body.email, "registration");
        const existing = await accountByEmail(trx, body.email);
        if (existing?.active === 1) {
          await queueMail(trx, deps.clock, alreadyRegisteredMail(deps, existing));
          return;
        }
        let account = existing;
        if (!account) {
          account = { id: randomUUID(), email: body.email, firstname: body.firstname, active: 0 };
          await trx
            .insertInto("users")
            .values({
              id: account.id,
              email: body.email,
              password_hash: passwordHash,
              firstname: body.firstname,
              lastname: body.lastname,
              role: "student",
              syllabus_id: body.syllabus_id,
              class_id: null,
              subscription_start: null,
              subscription_end: null,
              student_id: null,
              active: 0,
              created_at: deps.clock.now().toISOString(),
            })
            .execute();
        }
        await sendActivation(deps, trx, account);
      });
      deps.mail?.kick();
      return c.json(formReply(ACCOUNT_MESSAGES.registered));
    },
    { before: [sameOrigin] },
  );
  mount(routes.activate, async (c, { body: { token } }) => {
    const address = addressBucket(LIMITS.activationAddress, deps, c);
    await refuseWhileLimited(deps, c, address);
    const activated = await deps.db.transaction().execute(async (trx) => {
      const used = await consumeToken(trx, deps.clock, token, ["activation"]);
      if (!used) return false;
      await trx.updateTable("users").set({ active: 1 }).where("id", "=", used.userId).execute();
      return true;
    });
    if (!activated) {
      await countFailure(deps, address);
      throw fieldError("token", ACCOUNT_MESSAGES.activationInvalid);
    }
    return c.json(formReply(ACCOUNT_MESSAGES.activated));
  });
  mount(routes.resendActivation, async (c, { body: { email } }) => {
    await deps.db.transaction().execute(async (trx) => {
      // Claimed for every address, so the one-minute refusal says nothing about accounts.
      await claimMailRequest(trx, deps.clock, email, "activation");
      const account = await accountByEmail(trx, email);
      if (account?.active === 0) await sendActivation(deps, trx, account);
    });
    deps.mail?.kick();
    return c.json(formReply(ACCOUNT_MESSAGES.activationResent));
  });
  app.route("/", freeTrialRoutes(deps, sameOrigin));
  return app;
}

/** A fresh activation token (older ones retired) and its mail, in the caller's transaction. */
async function sendActivation(deps: AppDeps, trx: Transaction<Database>, account: Account): Promise<void> {
  const token = await issueToken(trx, deps.clock, account.id, "activation", ACTIVATION_TOKEN_TTL_MS);
  await queueMail(trx, deps.clock, activationMail(deps, account, token));
}
