/**
 * The one read of where a student's subscription stands (spec accounts §3; issue 15). The
 * profile (page and sync step) and the subscription page both start from it, so they agree.
 *
 * - The account's dates (`users.subscription_start`, `subscription_end`) are the subscription
 *   held: signing in and the device read them. Every purchase, voucher or trial adds a row to
 *   `user_subscriptions` and moves `subscription_end` in the same transaction.
 * - `no_expiry`: the dates started and have no end.
 * - `free_trial`: the latest subscription (the one the account's end date is) is a free trial.
 * - `userSubscriptions`: every subscription held, oldest first. An account with dates but no
 *   rows (the demo accounts, accounts older than migration 0009) shows one purchase of those dates.
 * - `status` (the subscription page): none, no_expiry, expired, free_trial or active, as of today.
 */

import { subscriptionStatus } from "@preflight/sync-protocol/rules/subscription-access";
import type { UserSubscription } from "@preflight/sync-protocol/schemas/accounts";
import type { SubscriptionStatus } from "@preflight/sync-protocol/schemas/subscription";
import type { Db } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a subscription lasts, both ends included (2026-01-01 to 2026-01-07 is 7); 0 without an end. */
export function subscriptionLength(start: string, end: string | null): number {
  if (end === null) return 0;
  const days = Math.round(
    (Date.parse(`${end.slice(0, 10)}T00:00:00Z`) - Date.parse(`${start.slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  );
  return Number.isFinite(days) ? Math.max(0, days + 1) : 0;
}

export interface SubscriptionStanding {
  start: string | null;
  end: string | null;
  no_expiry: boolean;
  free_trial: boolean;
  status: SubscriptionStatus;
  userSubscriptions: UserSubscription[];
}

/** The account's dates as the users row holds them. */
export interface AccountDates {
  subscription_start: string | null;
  subscription_end: string | null;
}

/** The account's subscription as of `now`, from its dates (given) and its user_subscriptions rows. */
export async function readSubscription(
  db: Db,
  now: Date,
  userId: string,
  dates: AccountDates,
): Promise<SubscriptionStanding> {
  const rows = await db
    .selectFrom("user_subscriptions")
    .select(["kind", "length_days", "start_date", "end_date"])
    .where("user_id", "=", userId)
    .orderBy("start_date")
    .orderBy("created_at")
    .execute();
  const userSubscriptions: UserSubscription[] = rows.map((r) => ({
    length: r.length_days,
    start: r.start_date,
    end: r.end_date,
    kind: r.kind,
  }));
  const { subscription_start: start, subscription_end: end } = dates;
  if (userSubscriptions.length === 0 && start !== null)
    userSubscriptions.push({ length: subscriptionLength(start, end), start, end, kind: "purchase" });
  const today = now.toISOString().slice(0, 10);
  const noExpiry = start !== null && end === null;
  // The account's end is the latest subscription's: a purchase made during a trial is no trial.
  const freeTrial = userSubscriptions.at(-1)?.kind === "free_trial";
  return {
    start,
    end,
    no_expiry: noExpiry,
    free_trial: freeTrial,
    status: subscriptionStatus({ start, end, free_trial: freeTrial }, today),
    userSubscriptions,
  };
}

/** The account's dates read from its row, then its standing; null without the account. */
export async function readAccountSubscription(db: Db, now: Date, userId: string): Promise<SubscriptionStanding | null> {
  const dates = await db
    .selectFrom("users")
    .select(["subscription_start", "subscription_end"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return dates ? readSubscription(db, now, userId, dates) : null;
}
