/**
 * What changes a subscription (issue 15), each in one transaction: a paid checkout confirmed by
 * the provider's verified webhook, and a free-days voucher. Both add a user_subscriptions row
 * starting at the later of today and the current end, and move the account's end with it.
 */
import { randomUUID } from "node:crypto";
import { extendedPeriod } from "@preflight/sync-protocol/rules/pricing";
import { SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import type { Transaction } from "kysely";
import type { Dialect } from "../../db/connect.ts";
import type { Database, UserSubscriptionsTable } from "../../db/schema.ts";
import type { AppDeps } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { logError } from "../../http/log-line.ts";
import type { PaymentEvent } from "../../payments/provider.ts";
import type { VoucherRow } from "./queries.ts";

type Trx = Transaction<Database>;

/** Why a voucher cannot be used by this account now, or null when it can. */
export function voucherRefusal(
  voucher: VoucherRow,
  now: Date,
  uses: { count: number; byUser: boolean },
): ApiError | null {
  const t = now.getTime();
  if (t < Date.parse(voucher.valid_from) || t >= Date.parse(voucher.valid_until))
    return new ApiError("bad_request", SUBSCRIPTION_MESSAGES.voucherExpired);
  if (uses.byUser) return new ApiError("conflict", SUBSCRIPTION_MESSAGES.voucherAlreadyUsed);
  if (voucher.max_redemptions !== null && uses.count >= voucher.max_redemptions)
    return new ApiError("conflict", SUBSCRIPTION_MESSAGES.voucherUsedUp);
  return null;
}

/**
 * Adds `lengthDays` to the account's subscription from the later of today and its current end.
 * The account's row is locked first (PostgreSQL; SQLite has one writer), so two extensions at
 * once each start from the other's end. Returns the new row's id and the new end, or null when
 * the subscription has no expiry (nothing to extend).
 */
export async function extendSubscription(
  trx: Trx,
  dialect: Dialect,
  now: Date,
  userId: string,
  kind: UserSubscriptionsTable["kind"],
  lengthDays: number,
): Promise<{ id: string; end: string } | null> {
  let query = trx.selectFrom("users").select(["subscription_start", "subscription_end"]).where("id", "=", userId);
  if (dialect === "postgres") query = query.forUpdate();
  const account = await query.executeTakeFirst();
  if (!account) return null;
  if (account.subscription_start !== null && account.subscription_end === null) return null;
  const today = now.toISOString().slice(0, 10);
  const period = extendedPeriod(today, account.subscription_end, lengthDays);
  const id = randomUUID();
  await trx
    .insertInto("user_subscriptions")
    .values({
      id,
      user_id: userId,
      kind,
      length_days: lengthDays,
      start_date: period.start,
      end_date: period.end,
      created_at: now.toISOString(),
    })
    .execute();
  // A lapsed (or never held) subscription starts again today; a running one keeps its start.
  const lapsed = account.subscription_end === null || account.subscription_end.slice(0, 10) < today;
  await trx
    .updateTable("users")
    .set({ subscription_end: period.end, ...(lapsed ? { subscription_start: period.start } : {}) })
    .where("id", "=", userId)
    .execute();
  return { id, end: period.end };
}

/** Locks a voucher's row (PostgreSQL) so its redemption limit holds for redemptions at once. */
async function lockVoucher(trx: Trx, dialect: Dialect, voucherId: number): Promise<void> {
  if (dialect === "postgres")
    await trx.selectFrom("vouchers").select("id").where("id", "=", voucherId).forUpdate().execute();
}

/** Records the account's one redemption of a voucher; false when it already has one. */
async function recordRedemption(
  trx: Trx,
  now: Date,
  voucherId: number,
  userId: string,
  checkoutId: string | null,
): Promise<boolean> {
  const result = await trx
    .insertInto("voucher_redemptions")
    .values({ voucher_id: voucherId, user_id: userId, redeemed_at: now.toISOString(), checkout_id: checkoutId })
    .onConflict((oc) => oc.columns(["voucher_id", "user_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function redemptionCount(trx: Trx, voucherId: number): Promise<number> {
  const row = await trx
    .selectFrom("voucher_redemptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("voucher_id", "=", voucherId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A free-days voucher: the redemption and the extension in one transaction, the account's single
 * use enforced by the unique key and the limit checked under the voucher's lock.
 */
export async function redeemFreeDays(
  deps: AppDeps,
  userId: string,
  voucher: VoucherRow & { days: number },
): Promise<string> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockVoucher(trx, deps.dialect, voucher.id);
    if (voucher.max_redemptions !== null && (await redemptionCount(trx, voucher.id)) >= voucher.max_redemptions)
      throw new ApiError("conflict", SUBSCRIPTION_MESSAGES.voucherUsedUp);
    if (!(await recordRedemption(trx, now, voucher.id, userId, null)))
      throw new ApiError("conflict", SUBSCRIPTION_MESSAGES.voucherAlreadyUsed);
    const extended = await extendSubscription(trx, deps.dialect, now, userId, "voucher", voucher.days);
    if (!extended) throw new ApiError("conflict", NO_EXPIRY_MESSAGE);
    return extended.end;
  });
}

/** A checkout the discounts bring to nothing: the provider is never asked to charge 0. */
export interface FreeCheckout {
  id: string;
  userId: string;
  subscriptionTypeId: number;
  currencyId: number;
  lengthDays: number;
  voucher: VoucherRow | null;
}

/** The provider column of a checkout no provider saw. */
export const NO_PROVIDER = "none";

/**
 * Settles a checkout of 0 at once, in one transaction: the extension, recorded as the voucher's,
 * the checkout, already paid, so the return page reads it as any other, and the voucher's one
 * redemption (its limit checked under its lock, as for free days).
 */
export async function settleFreeCheckout(deps: AppDeps, checkout: FreeCheckout): Promise<void> {
  const now = deps.clock.now();
  const { voucher } = checkout;
  await deps.db.transaction().execute(async (trx) => {
    if (voucher) {
      await lockVoucher(trx, deps.dialect, voucher.id);
      if (voucher.max_redemptions !== null && (await redemptionCount(trx, voucher.id)) >= voucher.max_redemptions)
        throw new ApiError("conflict", SUBSCRIPTION_MESSAGES.voucherUsedUp);
    }
    const kind = voucher ? "voucher" : "purchase";
    const extended = await extendSubscription(trx, deps.dialect, now, checkout.userId, kind, checkout.lengthDays);
    if (!extended) throw new ApiError("conflict", NO_EXPIRY_MESSAGE);
    await trx
      .insertInto("checkouts")
      .values({
        id: checkout.id,
        user_id: checkout.userId,
        subscription_type_id: checkout.subscriptionTypeId,
        currency_id: checkout.currencyId,
        amount_minor: 0,
        voucher_id: voucher?.id ?? null,
        provider: NO_PROVIDER,
        provider_id: null,
        status: "paid",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        user_subscription_id: extended.id,
      })
      .execute();
    // After the checkout's row, which the redemption names; a second use rolls everything back.
    if (voucher && !(await recordRedemption(trx, now, voucher.id, checkout.userId, checkout.id)))
      throw new ApiError("conflict", SUBSCRIPTION_MESSAGES.voucherAlreadyUsed);
  });
}

export const NO_EXPIRY_MESSAGE = "Your subscription has no expiry: there is nothing to extend.";

/** What became of a verified event (for the log and the tests). */
export type EventOutcome = "replay" | "unknown_checkout" | "mismatch" | "applied" | "ignored";

/**
 * A verified provider event, applied once: its id is recorded first (a replay finds it and
 * changes nothing), then in the same transaction the checkout (locked on PostgreSQL; SQLite has
 * one writer) moves on only from where it may: a completed payment of the checkout's own amount
 * and currency marks it paid and extends the subscription once; a failure declines and an
 * expiry ends a checkout still open; nothing undoes a paid one, whatever order events come in.
 */
export async function applyPaymentEvent(deps: AppDeps, provider: string, event: PaymentEvent): Promise<EventOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<EventOutcome> => {
    const recorded = await trx
      .insertInto("payment_events")
      .values({
        provider,
        event_id: event.id,
        type: event.type,
        received_at: now.toISOString(),
        checkout_id: event.reference,
      })
      .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return "replay";
    if (event.type === "other") return "ignored";
    if (event.reference === null) return "unknown_checkout";

    let query = trx.selectFrom("checkouts").selectAll().where("id", "=", event.reference);
    if (deps.dialect === "postgres") query = query.forUpdate();
    const checkout = await query.executeTakeFirst();
    if (!checkout || checkout.provider !== provider) return "unknown_checkout";
    if (event.providerId !== null && checkout.provider_id !== null && event.providerId !== checkout.provider_id)
      return "mismatch";
    if (checkout.status === "paid") return "ignored";

    const moveTo = async (status: "paid" | "declined" | "cancelled", userSubscriptionId: string | null = null) => {
      await trx
        .updateTable("checkouts")
        .set({
          status,
          updated_at: now.toISOString(),
          ...(userSubscriptionId ? { user_subscription_id: userSubscriptionId } : {}),
        })
        .where("id", "=", checkout.id)
        .execute();
    };

    if (event.type === "checkout.completed") {
      const currency = await trx
        .selectFrom("currencies")
        .select("code")
        .where("id", "=", checkout.currency_id)
        .executeTakeFirst();
      if (event.amountMinor !== checkout.amount_minor || event.currency?.toUpperCase() !== currency?.code)
        return "mismatch";
      const type = await trx
        .selectFrom("subscription_types")
        .select("length_days")
        .where("id", "=", checkout.subscription_type_id)
        .executeTakeFirstOrThrow();
      const extended = await extendSubscription(trx, deps.dialect, now, checkout.user_id, "purchase", type.length_days);
      if (checkout.voucher_id !== null)
        await recordRedemption(trx, now, checkout.voucher_id, checkout.user_id, checkout.id);
      await moveTo("paid", extended?.id ?? null);
      return "applied";
    }
    // A failure or an expiry (Cancel on the provider's page, or a checkout left open) ends only a
    // checkout still waiting for its payment.
    if (checkout.status !== "pending") return "ignored";
    await moveTo(event.type === "payment.failed" ? "declined" : "cancelled");
    return "applied";
  });
  if (outcome === "unknown_checkout" || outcome === "mismatch")
    logError(`payment event ${event.id} (${event.type}) from ${provider}: ${outcome}, reference ${event.reference}`);
  return outcome;
}
