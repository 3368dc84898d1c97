/**
 * How the subscription page and the dashboard word a subscription: its status, its end date
 * (DD/MM/YYYY, as the app shows dates everywhere: formatDate of sync-protocol) and prices
 * (minor units shown as money in their currency, e.g. 2990 EUR → "€29.90").
 */
import { formatDate } from "@preflight/sync-protocol/rules/format";
import { type SubscriptionDates, subscriptionStatus } from "@preflight/sync-protocol/rules/subscription-access";
import type { SubscriptionStatus } from "@preflight/sync-protocol/schemas/subscription";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "31/12/2026": a calendar day (`2026-12-31`) stays that day in any time zone; an instant is the device's day. */
export function formatEnd(value: string): string {
  const date = new Date(DAY.test(value) ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", { style: "currency", currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** An amount in minor units as money: 2990 EUR is "€29.90", 500 JPY "JP¥500" (the currency's own decimals). */
export function formatMoney(minor: number, currency: string): string {
  const format = moneyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

export const STATUS_LABEL: Record<SubscriptionStatus, string> = {
  active: "Active",
  free_trial: "Free trial",
  no_expiry: "No expiry",
  expired: "Expired",
  none: "No subscription",
};

/** The purchase button's text: one rule with the server's messages that name it. */
export { purchaseLabel } from "@preflight/sync-protocol/rules/purchase-label";

/** The line under the status: when it ends or ended. */
export function endLine(subscription: {
  status: SubscriptionStatus;
  end: string | null;
  /** An expired free trial (the device knows; the page's data says only expired). */
  freeTrial?: boolean;
}): string | null {
  const { status, end } = subscription;
  if (status === "no_expiry") return "Your subscription has no expiry.";
  if (end === null) return status === "none" ? "You have no subscription yet." : null;
  if (status === "expired")
    return `Your ${subscription.freeTrial ? "free trial" : "subscription"} ended on ${formatEnd(end)}.`;
  if (status === "free_trial") return `Your free trial ends on ${formatEnd(end)}.`;
  return `Your subscription ends on ${formatEnd(end)}.`;
}

/** The subscription as the device holds it (the profile step's copy), read as the page's statuses. */
export type StoredSubscription = SubscriptionDates;

/** Where the stored subscription stands on `today` (YYYY-MM-DD, the device's day); it runs through its end day. */
export function storedStatus(
  subscription: StoredSubscription,
  today: string,
): { status: SubscriptionStatus; end: string | null; freeTrial: boolean } {
  const status = subscriptionStatus(subscription, today);
  return { status, end: status === "no_expiry" ? null : subscription.end, freeTrial: subscription.free_trial ?? false };
}

/** The dashboard link's words to /subscribe; none when the subscription has no expiry. */
export function subscribeLinkLabel(status: SubscriptionStatus): string | null {
  switch (status) {
    case "no_expiry":
      return null;
    case "active":
      return "Extend your subscription";
    case "expired":
      return "Renew your subscription";
    default:
      return "Buy a subscription";
  }
}
