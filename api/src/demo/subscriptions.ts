/**
 * The demo's shop (issue 15): EUR (the default), GBP and USD; 1, 3, 6 and 12 months; a 10 %
 * discount voucher and a 7 free days voucher, both valid for years with a redemption limit.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";

export const DEMO_CURRENCIES = [
  { id: 1, code: "EUR", name: "Euro", is_default: 1 as const },
  { id: 2, code: "GBP", name: "Pound sterling", is_default: 0 as const },
  { id: 3, code: "USD", name: "US dollar", is_default: 0 as const },
];

/** Each type with its prices in minor units, by currency code. */
export const DEMO_SUBSCRIPTION_TYPES = [
  { id: 1, description: "1 month", length_days: 30, prices: { EUR: 2900, GBP: 2500, USD: 3200 } },
  { id: 2, description: "3 months", length_days: 90, prices: { EUR: 6900, GBP: 5900, USD: 7500 } },
  { id: 3, description: "6 months", length_days: 180, prices: { EUR: 11900, GBP: 9900, USD: 12900 } },
  { id: 4, description: "12 months", length_days: 365, prices: { EUR: 19900, GBP: 16900, USD: 21900 } },
];

export const DEMO_DISCOUNT_VOUCHER = { code: "PREFLIGHT10", percent: 10, max_redemptions: 1000 };
export const DEMO_FREE_DAYS_VOUCHER = { code: "WELCOME7", days: 7, max_redemptions: 1000 };

export async function seedDemoSubscriptions(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const year = now.getUTCFullYear();
  await db.insertInto("currencies").values(DEMO_CURRENCIES).execute();
  await db
    .insertInto("subscription_types")
    .values(
      DEMO_SUBSCRIPTION_TYPES.map((t, i) => ({
        id: t.id,
        description: t.description,
        length_days: t.length_days,
        position: i + 1,
        active: 1 as const,
      })),
    )
    .execute();
  await db
    .insertInto("subscription_prices")
    .values(
      DEMO_SUBSCRIPTION_TYPES.flatMap((t) =>
        DEMO_CURRENCIES.map((c) => ({
          subscription_type_id: t.id,
          currency_id: c.id,
          amount_minor: t.prices[c.code as keyof typeof t.prices],
        })),
      ),
    )
    .execute();
  const validity = {
    valid_from: `${year - 1}-01-01T00:00:00.000Z`,
    valid_until: `${year + 10}-01-01T00:00:00.000Z`,
    created_at: now.toISOString(),
  };
  await db
    .insertInto("vouchers")
    .values([
      { id: 1, kind: "discount", days: null, ...DEMO_DISCOUNT_VOUCHER, ...validity },
      { id: 2, kind: "free_days", percent: null, ...DEMO_FREE_DAYS_VOUCHER, ...validity },
    ])
    .execute();
}
