import type { Kysely } from "kysely";

/**
 * Licence keys (spec accounts §2, §5, §7, §9; issue 15): the installed app is activated with an
 * account number and a licence key.
 *
 * - `users.account_number`: 8 digits naming the account on its licence (unique). An account gets
 *   one with its first licence key; the two are delivered together.
 * - `licence_keys`: the key's 16 characters (A-Z, 0-9, kept without dashes), its licence type,
 *   the account it was issued to, its seats (installations) and the last day it is valid
 *   (`expires_at`, YYYY-MM-DD; null: no expiry). `subscription_days`: the days of subscription the
 *   key's first activation adds to the account (a 'licence' user_subscriptions row); null for a
 *   key that grants none (its account's subscription comes another way, e.g. from a school).
 * - `licence_activations`: each installation (`install_reference`) holding a seat of a key;
 *   the unique key makes the same installation's second activation take no second seat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("account_number", "text").execute();
  await db.schema.createIndex("users_account_number").on("users").column("account_number").unique().execute();

  await db.schema
    .createTable("licence_keys")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("licence_type_id", "integer", (c) => c.notNull().references("licence_types.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("seats", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text")
    .addColumn("subscription_days", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("licence_keys_user").on("licence_keys").column("user_id").execute();

  await db.schema
    .createTable("licence_activations")
    .addColumn("licence_key", "text", (c) => c.notNull().references("licence_keys.key"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("install_reference", "text", (c) => c.notNull())
    .addColumn("activated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("licence_activations_pk", ["licence_key", "install_reference"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("licence_activations").execute();
  await db.schema.dropTable("licence_keys").execute();
  await db.schema.dropIndex("users_account_number").execute();
  await db.schema.alterTable("users").dropColumn("account_number").execute();
}
