/**
 * What the subscription routes read: currencies, the offered subscription types with their
 * prices, vouchers and their redemptions, and a student's checkout.
 */
import type { Db } from "../../db/schema.ts";

export function currencies(db: Db) {
  return db.selectFrom("currencies").select(["id", "code", "name", "is_default"]).orderBy("id").execute();
}

export function currencyByCode(db: Db, code: string) {
  return db.selectFrom("currencies").select(["id", "code"]).where("code", "=", code).executeTakeFirst();
}

/** The active subscription types, in their order. */
export function offeredTypes(db: Db) {
  return db
    .selectFrom("subscription_types")
    .select(["id", "description", "length_days"])
    .where("active", "=", 1)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** Every price of the active types, with its currency's code. */
export function offeredPrices(db: Db) {
  return db
    .selectFrom("subscription_prices")
    .innerJoin("currencies", "currencies.id", "subscription_prices.currency_id")
    .innerJoin("subscription_types", "subscription_types.id", "subscription_prices.subscription_type_id")
    .select(["subscription_prices.subscription_type_id", "currencies.code", "subscription_prices.amount_minor"])
    .where("subscription_types.active", "=", 1)
    .execute();
}

/** An active type's price in one currency, or undefined when it is not sold in it. */
export function offeredPrice(db: Db, typeId: number, currencyId: number) {
  return db
    .selectFrom("subscription_types")
    .innerJoin("subscription_prices", "subscription_prices.subscription_type_id", "subscription_types.id")
    .select([
      "subscription_types.id",
      "subscription_types.description",
      "subscription_types.length_days",
      "subscription_prices.amount_minor",
    ])
    .where("subscription_types.id", "=", typeId)
    .where("subscription_types.active", "=", 1)
    .where("subscription_prices.currency_id", "=", currencyId)
    .executeTakeFirst();
}

export function voucherByCode(db: Db, code: string) {
  return db.selectFrom("vouchers").selectAll().where("code", "=", code).executeTakeFirst();
}

export type VoucherRow = NonNullable<Awaited<ReturnType<typeof voucherByCode>>>;

/** How often a voucher has been redeemed, and whether by this account. */
export async function redemptions(db: Db, voucherId: number, userId: string) {
  const rows = await db
    .selectFrom("voucher_redemptions")
    .select(["user_id"])
    .where("voucher_id", "=", voucherId)
    .execute();
  return { count: rows.length, byUser: rows.some((r) => r.user_id === userId) };
}

/** The account's own checkout, or undefined (another's is as unknown as a missing one). */
export function ownCheckout(db: Db, userId: string, checkoutId: string) {
  return db
    .selectFrom("checkouts")
    .select(["id", "status"])
    .where("id", "=", checkoutId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}
