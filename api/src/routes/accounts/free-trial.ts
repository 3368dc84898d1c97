import { randomBytes, randomUUID } from "node:crypto";
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  ACCOUNT_MESSAGES,
  ACTIVATION_TOKEN_TTL_MS,
  FREE_TRIAL_DAYS,
  type FreeTrialFormReply,
} from "@preflight/sync-protocol/schemas/accounts";
import { Hono, type MiddlewareHandler } from "hono";
import type { Kysely } from "kysely";
import { issueToken } from "../../auth/account-tokens.ts";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, countFailure, refuseWhileLimited } from "../../auth/limits-store.ts";
import { hashPassword } from "../../auth/password.ts";
import type { Database } from "../../db/schema.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { queueMail } from "../../mail/outbox.ts";
import { claimMailRequest } from "../../mail/requests.ts";
import { checkFormToken, issueFormToken } from "./anti-forgery.ts";
import { alreadyHasAccountMail, freeTrialMail } from "./join-mails.ts";
import { accountByEmail, fieldError, formReply, isRowId } from "./registration-common.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The free trial (spec accounts §2, §5, §7): GET /api/free-trial, POST /free-trial.
 *
 * A new account gets the licence type's syllabus (an active one of an allowed school, the 2020
 * edition including example questions first), a free-trial subscription of FREE_TRIAL_DAYS from
 * today, and its login details by mail: the username and a link to choose a password (a
 * password_reset token; setting the password through it also activates the account). Until
 * then the account is inactive and its password is a hash of random bytes nobody knows. An
 * address that has an account gets the same reply and, by mail, a note that it already has one:
 * never a second trial.
 */
export function freeTrialRoutes(deps: AppDeps, sameOrigin: MiddlewareHandler<AppEnv>) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.freeTrialForm, async (c) => {
    const reply: FreeTrialFormReply = {
      token: issueFormToken(deps, c),
      licence_types: await trialLicenceTypes(deps.db),
      preferences: await deps.db
        .selectFrom("email_preferences")
        .select(["id", "type", "text"])
        .orderBy("position")
        .execute(),
    };
    return c.json(reply);
  });
  mount(
    routes.freeTrial,
    async (c, { body }) => {
      checkFormToken(deps, c, body.token);
      const address = addressBucket(LIMITS.freeTrialAddress, deps, c);
      await refuseWhileLimited(deps, c, address);
      await countFailure(deps, address);
      const syllabus = isRowId(body.licence_type_id) ? await trialSyllabus(deps.db, body.licence_type_id) : undefined;
      if (!syllabus) throw fieldError("licence_type_id", ACCOUNT_MESSAGES.licenceTypeUnavailable);
      const preferences = [...new Set(body.emailPreferences)].sort((a, b) => a - b);
      const known = new Set((await deps.db.selectFrom("email_preferences").select("id").execute()).map((p) => p.id));
      const unknown = preferences.filter((id) => !known.has(id));
      if (unknown.length) throw fieldError("emailPreferences", `Unknown email preferences: ${unknown.join(", ")}`);
      // A password nobody knows until the student chooses one through the mailed link.
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      const now = deps.clock.now();
      const start = now.toISOString().slice(0, 10);
      const end = new Date(Date.parse(`${start}T00:00:00Z`) + FREE_TRIAL_DAYS * DAY_MS).toISOString().slice(0, 10);

      await deps.db.transaction().execute(async (trx) => {
        await claimMailRequest(trx, deps.clock, body.email, "free_trial");
        const existing = await accountByEmail(trx, body.email);
        if (existing) {
          await queueMail(trx, deps.clock, alreadyHasAccountMail(deps, existing));
          return;
        }
        const id = randomUUID();
        await trx
          .insertInto("users")
          .values({
            id,
            email: body.email,
            password_hash: passwordHash,
            firstname: body.firstname,
            lastname: body.lastname,
            role: "student",
            syllabus_id: syllabus.id,
            class_id: null,
            subscription_start: start,
            subscription_end: end,
            student_id: null,
            email_preferences: JSON.stringify(preferences),
            active: 0,
            created_at: now.toISOString(),
          })
          .execute();
        await trx
          .insertInto("user_subscriptions")
          .values({
            id: randomUUID(),
            user_id: id,
            kind: "free_trial",
            length_days: FREE_TRIAL_DAYS,
            start_date: start,
            end_date: end,
            created_at: now.toISOString(),
          })
          .execute();
        const token = await issueToken(trx, deps.clock, id, "password_reset", ACTIVATION_TOKEN_TTL_MS);
        const recipient = { email: body.email, firstname: body.firstname };
        await queueMail(
          trx,
          deps.clock,
          freeTrialMail(deps, recipient, token, { licence: syllabus.licence, start, end }),
        );
      });
      deps.mail?.kick();
      return c.json(formReply(ACCOUNT_MESSAGES.freeTrialSuccess));
    },
    { before: [sameOrigin] },
  );
  return app;
}

/** The licence types a free trial can start on: those with an active syllabus of an allowed school. */
function trialLicenceTypes(db: Kysely<Database>) {
  return db
    .selectFrom("licence_types")
    .select(["licence_types.id", "licence_types.code", "licence_types.title"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("syllabi")
          .innerJoin("schools", "schools.id", "syllabi.school_id")
          .select("syllabi.id")
          .whereRef("syllabi.licence_type_id", "=", "licence_types.id")
          .where("syllabi.active", "=", 1)
          .where("schools.open_registration", "=", 1),
      ),
    )
    .orderBy("licence_types.id")
    .execute();
}

/** The licence type's trial syllabus: 2020 including examples, else 2020, else any, of an allowed school. */
async function trialSyllabus(db: Kysely<Database>, licenceTypeId: number) {
  const rows = await db
    .selectFrom("syllabi")
    .innerJoin("schools", "schools.id", "syllabi.school_id")
    .innerJoin("licence_types", "licence_types.id", "syllabi.licence_type_id")
    .select(["syllabi.id", "syllabi.edition", "syllabi.include_examples", "licence_types.code as licence"])
    .where("syllabi.licence_type_id", "=", licenceTypeId)
    .where("syllabi.active", "=", 1)
    .where("schools.open_registration", "=", 1)
    .orderBy("syllabi.id")
    .execute();
  const rank = (s: (typeof rows)[number]) => (s.edition === "2020" ? 0 : 2) + (s.include_examples ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0];
}
