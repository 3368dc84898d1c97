/**
 * Licence activation (spec accounts §2, §7, §8; sync-protocol/schemas/licence.ts): the installed
 * app, before anyone signs in on it, proves a licence key with its account number and takes one
 * of the key's seats for this installation.
 *
 *   POST /licence/validate {licence_key}  the key exists and has not expired: its licence, seats
 *   POST /licence/activate {licence_key, install_reference, account_number}
 *       the key is the account's and not expired; this installation takes a seat unless it holds
 *       one already (then nothing changes). The key's first activation adds its subscription days.
 *   POST /app/activate {licence_key, install_reference}  this installation holds a seat: go to
 *       the legacy migration.
 *
 * Wrong guesses (an unknown key, a key with another account number, an installation without a
 * seat) are counted per address, and wrong keys per account number too (auth/limits.ts). A
 * refused key is `licence_invalid` (422) with the reason; an expired or used-up key is no guess
 * and is not counted.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { formatDate } from "@preflight/sync-protocol/rules/format";
import {
  type AppActivateReply,
  LEGACY_MIGRATION_PATH,
  LICENCE_MESSAGES,
  type LicenceActivateReply,
  type LicenceValidateReply,
} from "@preflight/sync-protocol/schemas/licence";
import { Hono } from "hono";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, bucket, clearFailures, countFailure, refuseWhileLimited } from "../../auth/limits-store.ts";
import type { Db } from "../../db/schema.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { extendSubscription } from "../subscription/effects.ts";

const invalid = (message: string) => new ApiError("licence_invalid", message);

async function findKey(db: Db, key: string) {
  return db
    .selectFrom("licence_keys")
    .innerJoin("licence_types", "licence_types.id", "licence_keys.licence_type_id")
    .select([
      "licence_keys.key",
      "licence_keys.user_id",
      "licence_keys.seats",
      "licence_keys.expires_at",
      "licence_keys.subscription_days",
      "licence_types.id as type_id",
      "licence_types.code as type_code",
      "licence_types.title as type_title",
    ])
    .where("licence_keys.key", "=", key)
    .executeTakeFirst();
}

async function seatsUsed(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom("licence_activations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("licence_key", "=", key)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The expiry refusal, when the key's last valid day is before today. */
function refuseExpired(expiresAt: string | null, now: Date): void {
  if (expiresAt !== null && expiresAt < now.toISOString().slice(0, 10))
    throw invalid(LICENCE_MESSAGES.expired(formatDate(new Date(`${expiresAt}T12:00:00Z`))));
}

export function licenceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  mount(routes.licenceValidate, async (c, { body }) => {
    const address = addressBucket(LIMITS.licenceAddress, deps, c);
    await refuseWhileLimited(deps, c, address);
    const key = await findKey(deps.db, body.licence_key);
    if (!key) {
      await countFailure(deps, address);
      throw invalid(LICENCE_MESSAGES.unknownKey);
    }
    refuseExpired(key.expires_at, deps.clock.now());
    const reply: LicenceValidateReply = {
      valid: true,
      licence_type: { id: key.type_id, code: key.type_code, title: key.type_title },
      seats: key.seats,
      seats_used: await seatsUsed(deps.db, key.key),
      expires_at: key.expires_at,
    };
    return c.json(reply);
  });

  mount(routes.licenceActivate, async (c, { body }) => {
    const address = addressBucket(LIMITS.licenceAddress, deps, c);
    const account = bucket(LIMITS.licenceAccount, body.account_number);
    await refuseWhileLimited(deps, c, address, account);
    const key = await findKey(deps.db, body.licence_key);
    if (!key) {
      await countFailure(deps, address, account);
      throw invalid(LICENCE_MESSAGES.unknownKey);
    }
    const owner = await deps.db
      .selectFrom("users")
      .select("id")
      .where("account_number", "=", body.account_number)
      .executeTakeFirst();
    // An unknown account number and another account's number get the same reply.
    if (!owner || owner.id !== key.user_id) {
      await countFailure(deps, address, account);
      throw invalid(LICENCE_MESSAGES.wrongAccount);
    }
    const now = deps.clock.now();
    refuseExpired(key.expires_at, now);
    const reply = await deps.db.transaction().execute(async (trx): Promise<LicenceActivateReply> => {
      // The key's row is locked (PostgreSQL; SQLite has one writer), so two installations taking
      // the last seat at once cannot both have it.
      let lock = trx.selectFrom("licence_keys").select("key").where("key", "=", key.key);
      if (deps.dialect === "postgres") lock = lock.forUpdate();
      await lock.execute();
      const held = await trx
        .selectFrom("licence_activations")
        .select("install_reference")
        .where("licence_key", "=", key.key)
        .where("install_reference", "=", body.install_reference)
        .executeTakeFirst();
      const used = await seatsUsed(trx, key.key);
      const answer = (new_seat: boolean, seats_used: number): LicenceActivateReply => ({
        activated: true,
        new_seat,
        seats: key.seats,
        seats_used,
        expires_at: key.expires_at,
      });
      if (held) return answer(false, used);
      if (used >= key.seats) throw invalid(LICENCE_MESSAGES.usedUp(key.seats));
      await trx
        .insertInto("licence_activations")
        .values({
          licence_key: key.key,
          user_id: key.user_id,
          install_reference: body.install_reference,
          activated_at: now.toISOString(),
        })
        .execute();
      // The key's subscription is added once, by its first installation.
      if (used === 0 && key.subscription_days !== null)
        await extendSubscription(trx, deps.dialect, now, key.user_id, "licence", key.subscription_days);
      return answer(true, used + 1);
    });
    await clearFailures(deps, account);
    return c.json(reply);
  });

  mount(routes.appActivate, async (c, { body }) => {
    const address = addressBucket(LIMITS.licenceAddress, deps, c);
    await refuseWhileLimited(deps, c, address);
    const seat = await deps.db
      .selectFrom("licence_activations")
      .innerJoin("licence_keys", "licence_keys.key", "licence_activations.licence_key")
      .select(["licence_keys.expires_at"])
      .where("licence_activations.licence_key", "=", body.licence_key)
      .where("licence_activations.install_reference", "=", body.install_reference)
      .executeTakeFirst();
    if (!seat) {
      await countFailure(deps, address);
      throw invalid(LICENCE_MESSAGES.notActivated);
    }
    refuseExpired(seat.expires_at, deps.clock.now());
    const reply: AppActivateReply = { success: true, redirect: LEGACY_MIGRATION_PATH };
    return c.json(reply);
  });

  return app;
}
