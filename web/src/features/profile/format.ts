/**
 * How the profile page words dates and the subscription (spec accounts 3: subscription start,
 * end, no_expiry, free_trial; userSubscriptions with their length in days). Dates arrive as
 * calendar days (`2026-03-01`) or instants; both read as "1 Mar 2026".
 */
import type { ProfileAccountDetails, UserSubscription } from "@preflight/sync-protocol";

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

/** The device's calendar day, as the server writes days. */
export function localDay(now: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

export type SubscriptionStatus = "Active" | "Free trial" | "Expired" | "No subscription";

/** The status line of the Subscriptions card. */
export function subscriptionStatus(subscription: ProfileAccountDetails["subscription"], now: Date): SubscriptionStatus {
  if (subscription.start === null && subscription.end === null) return "No subscription";
  if (!subscription.no_expiry && subscription.end !== null && subscription.end.slice(0, 10) < localDay(now))
    return "Expired";
  return subscription.free_trial ? "Free trial" : "Active";
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
