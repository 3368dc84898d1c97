import type { Kysely } from "kysely";

/**
 * Subscriptions, payment and vouchers (spec accounts §2–§9; issue 15). The subscriptions a
 * student holds stay in `user_subscriptions` (migration 0009); these are what is sold and paid.
 *
 * - `currencies`: one is the default (`is_default` = 1).
 * - `subscription_types` and `subscription_prices`: each type's price per currency, in minor units.
 * - `vouchers`: a discount (`percent`) or free days (`days`), valid between two instants, redeemed
 *   at most `max_redemptions` times (null: unlimited); `voucher_redemptions` holds one row per
 *   voucher and account (the unique key makes a voucher single use per account).
 * - `checkouts`: a purchase sent to the payment provider, with the amount the server computed;
 *   only the provider's verified webhook moves it from 'pending'.
 * - `payment_events`: every webhook event applied, keyed by the provider's event id, so a
 *   replayed event changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("currencies")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("subscription_types")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("length_days", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("subscription_prices")
    .addColumn("subscription_type_id", "integer", (c) => c.notNull().references("subscription_types.id"))
    .addColumn("currency_id", "integer", (c) => c.notNull().references("currencies.id"))
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("subscription_prices_pk", ["subscription_type_id", "currency_id"])
    .execute();

  await db.schema
    .createTable("vouchers")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("percent", "integer")
    .addColumn("days", "integer")
    .addColumn("valid_from", "text", (c) => c.notNull())
    .addColumn("valid_until", "text", (c) => c.notNull())
    .addColumn("max_redemptions", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("checkouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("subscription_type_id", "integer", (c) => c.notNull().references("subscription_types.id"))
    .addColumn("currency_id", "integer", (c) => c.notNull().references("currencies.id"))
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("voucher_id", "integer", (c) => c.references("vouchers.id"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("user_subscription_id", "text", (c) => c.references("user_subscriptions.id"))
    .execute();
  await db.schema.createIndex("checkouts_user").on("checkouts").column("user_id").execute();

  await db.schema
    .createTable("voucher_redemptions")
    .addColumn("voucher_id", "integer", (c) => c.notNull().references("vouchers.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("redeemed_at", "text", (c) => c.notNull())
    .addColumn("checkout_id", "text", (c) => c.references("checkouts.id"))
    .addUniqueConstraint("voucher_redemptions_once", ["voucher_id", "user_id"])
    .execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("checkout_id", "text")
    .addPrimaryKeyConstraint("payment_events_pk", ["provider", "event_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("voucher_redemptions").execute();
  await db.schema.dropTable("checkouts").execute();
  await db.schema.dropTable("vouchers").execute();
  await db.schema.dropTable("subscription_prices").execute();
  await db.schema.dropTable("subscription_types").execute();
  await db.schema.dropTable("currencies").execute();
}
