/**
 * The demo's licences (issue 15; README): an account of its own for the installed app, so
 * activating its keys changes no other demo account, and three keys:
 *
 *   account licence@preflight.test (password preflight), account number 40000001
 *   PFDM-VALI-DKEY-3SEA  valid until the end of the year five years on, 3 seats, adds 365 days
 *   PFDM-EXPI-REDK-EY00  expired at the end of last year
 *   PFDM-USED-UPKE-Y001  1 seat, already held by another installation (used up)
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { hashPassword } from "../auth/password.ts";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";

export const DEMO_LICENCE_ACCOUNT = {
  email: "licence@preflight.test",
  password: "preflight",
  accountNumber: "40000001",
} as const;

export const DEMO_LICENCE_KEYS = {
  valid: "PFDM-VALI-DKEY-3SEA",
  expired: "PFDM-EXPI-REDK-EY00",
  usedUp: "PFDM-USED-UPKE-Y001",
} as const;

/** The installation that holds the used-up key's one seat. */
export const DEMO_USED_UP_INSTALLATION = "00000000-0000-4000-8000-000000000001";

const stored = (key: string) => key.replace(/-/g, "");

export async function seedDemoLicences(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const year = now.getUTCFullYear();
  const userId = randomUUID();
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: DEMO_LICENCE_ACCOUNT.email,
      password_hash: await hashPassword(DEMO_LICENCE_ACCOUNT.password),
      firstname: "Lee",
      lastname: "Licence",
      role: "student",
      syllabus_id: 3,
      class_id: null,
      subscription_start: null,
      subscription_end: null,
      student_id: null,
      account_number: DEMO_LICENCE_ACCOUNT.accountNumber,
      created_at: now.toISOString(),
    })
    .execute();
  const key = { licence_type_id: 1, user_id: userId, created_at: now.toISOString() };
  await db
    .insertInto("licence_keys")
    .values([
      {
        ...key,
        key: stored(DEMO_LICENCE_KEYS.valid),
        seats: 3,
        expires_at: `${year + 5}-12-31`,
        subscription_days: 365,
        note: "demo: valid, 3 seats",
      },
      {
        ...key,
        key: stored(DEMO_LICENCE_KEYS.expired),
        seats: 3,
        expires_at: `${year - 1}-12-31`,
        subscription_days: 365,
        note: "demo: expired",
      },
      {
        ...key,
        key: stored(DEMO_LICENCE_KEYS.usedUp),
        seats: 1,
        expires_at: null,
        subscription_days: null,
        note: "demo: used up",
      },
    ])
    .execute();
  await db
    .insertInto("licence_activations")
    .values({
      licence_key: stored(DEMO_LICENCE_KEYS.usedUp),
      user_id: userId,
      install_reference: DEMO_USED_UP_INSTALLATION,
      activated_at: now.toISOString(),
    })
    .execute();
}
