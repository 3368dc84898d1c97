/** The subscription's messages and statuses, without the schemas (schemas/subscription.ts re-exports them). */
export const SUBSCRIPTION_MESSAGES = {
  currencyRequired: "Please choose a currency.",
  subscriptionRequired: "Please choose a subscription.",
  redirecting: "Redirecting to payment",
  pleaseWait: "Please wait",
  redeemVoucher: "Redeem Voucher",
  purchase: "Purchase",
  extend: "Extend",
  voucherUnknown: "This voucher code is not valid.",
  voucherExpired: "This voucher has expired.",
  voucherUsedUp: "This voucher has been fully redeemed.",
  voucherAlreadyUsed: "You have already redeemed this voucher.",
  paymentCancelled: "Payment cancelled: your subscription is unchanged.",
  paymentDeclined: "Your payment was declined: your subscription is unchanged.",
  paymentConfirmed: "Payment received: your subscription has been extended.",
  paymentPending: "Waiting for the payment provider to confirm your payment...",
} as const;

/** Where the student's subscription stands today. */
export const SUBSCRIPTION_STATUSES = ["active", "free_trial", "no_expiry", "expired", "none"] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];
