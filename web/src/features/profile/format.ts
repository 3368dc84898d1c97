/**
 * How the profile page words dates and the subscription (spec accounts 3: subscription start,
 * end, no_expiry, free_trial; userSubscriptions with their length in days). Dates arrive as
 * calendar days (`2026-03-01`) or instants; both read as "1 Mar 2026".
 */

import { localDay, subscriptionStatus as statusOn } from "@preflight/sync-protocol/rules/subscription-access";
import type { UserSubscription } from "@preflight/sync-protocol/schemas/accounts";
import type { ProfileAccountDetails } from "@preflight/sync-protocol/schemas/pull";

export const NO_EXPIRY = "No expiry";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const utcDayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "1 Mar 2026"; a calendar day stays that day whatever the device's time zone. Unreadable input is shown as is. */
export function formatDay(value: string): string {
  const day = DAY.exec(value);
  if (day) return utcDayFormat.format(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

export { localDay };

export type SubscriptionStatus = "Active" | "Free trial" | "Expired" | "No subscription";

/** The status line of the Subscriptions card. */
export function subscriptionStatus(subscription: ProfileAccountDetails["subscription"], now: Date): SubscriptionStatus {
  switch (statusOn(subscription, localDay(now))) {
    case "none":
      return "No subscription";
    case "expired":
      return "Expired";
    case "free_trial":
      return "Free trial";
    default:
      return "Active";
  }
}

/** The expiry line: 'No expiry', the end day, or a dash when there is nothing to end. */
export function subscriptionExpiry(subscription: ProfileAccountDetails["subscription"]): string {
  if (subscription.no_expiry) return NO_EXPIRY;
  return subscription.end ? formatDay(subscription.end) : "—";
}

const KINDS: Record<UserSubscription["kind"], string> = {
  free_trial: "Free trial",
  purchase: "Subscription",
  voucher: "Voucher",
  licence: "Licence",
  school: "School",
};

export const subscriptionKind = (kind: UserSubscription["kind"]): string => KINDS[kind];

/** "30 days", "1 day"; a subscription without an end has no length. */
export function subscriptionLength(s: UserSubscription): string {
  if (s.end === null) return NO_EXPIRY;
  return `${s.length} ${s.length === 1 ? "day" : "days"}`;
}
