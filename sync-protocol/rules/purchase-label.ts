/**
 * The subscription page's purchase button (spec accounts 6), one rule for the page that shows it
 * and the server messages that name it: none when the subscription has no expiry, Purchase for a
 * free trial (and for a student with nothing to extend yet), Extend otherwise.
 */
import { SUBSCRIPTION_MESSAGES, type SubscriptionStatusName as SubscriptionStatus } from "./subscription-messages.ts";

export function purchaseLabel(status: SubscriptionStatus): string | null {
  if (status === "no_expiry") return null;
  return status === "free_trial" || status === "none" ? SUBSCRIPTION_MESSAGES.purchase : SUBSCRIPTION_MESSAGES.extend;
}
