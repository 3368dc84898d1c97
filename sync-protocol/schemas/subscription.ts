/**
 * Subscriptions, payment and vouchers (spec accounts §2, §3, §5, §6, §7, §8, §9; issue 15). The
 * server computes every amount from its own prices, discount and voucher; the page only shows
 * them. Amounts are in minor units (cents) of their currency.
 */
import { z } from "zod";
import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_STATUSES } from "../rules/subscription-messages.ts";

// The messages and the statuses live in rules/subscription-messages.ts (no zod); re-exported here.
export { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_STATUSES } from "../rules/subscription-messages.ts";

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

const currencyCode = z.string().regex(/^[A-Z]{3}$/, "currency must be a three-letter ISO code such as EUR");
const minorUnits = z.number().int().nonnegative();

export const currencySchema = z.object({
  id: z.number().int().positive(),
  code: currencyCode,
  name: z.string(),
  default: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;

/** One subscription type with its price in each currency (code → minor units), as charged today. */
export const subscriptionOfferSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  length_days: z.number().int().positive(),
  /** The price charged today, by currency code (the discount applied while it runs). */
  prices: z.record(currencyCode, minorUnits),
  /** The price without today's discount, by currency code (equal to `prices` outside it). */
  regular_prices: z.record(currencyCode, minorUnits),
});
export type SubscriptionOffer = z.infer<typeof subscriptionOfferSchema>;

/** The limited-time discount while it runs (dates are server settings). */
export const discountSchema = z.object({ percent: z.number().int().min(1).max(100), ends: z.string() });

/** GET /api/subscribe: the subscription page's data (spec §3, Subscription page data). */
export const subscribePageReplySchema = z.object({
  subscription: z.object({ status: subscriptionStatusSchema, end: z.string().nullable() }),
  currencies: z.array(currencySchema),
  subscriptions: z.array(subscriptionOfferSchema),
  vouchersEnabled: z.boolean(),
  discount: discountSchema.nullable(),
});
export type SubscribePageReply = z.infer<typeof subscribePageReplySchema>;

const voucherCode = z
  .string("Enter a voucher code")
  .trim()
  .min(1, "Enter a voucher code")
  .max(40, "A voucher code is at most 40 characters")
  .transform((code) => code.toUpperCase());

/** POST /subscribe/purchase (spec: subscription, currency); a discount voucher may come with it. */
export const purchaseSchema = z.object({
  subscription: z.coerce
    .number(SUBSCRIPTION_MESSAGES.subscriptionRequired)
    .int(SUBSCRIPTION_MESSAGES.subscriptionRequired)
    .positive(SUBSCRIPTION_MESSAGES.subscriptionRequired)
    .max(2_147_483_647, SUBSCRIPTION_MESSAGES.subscriptionRequired),
  currency: z.string(SUBSCRIPTION_MESSAGES.currencyRequired).pipe(currencyCode),
  voucher: voucherCode.optional(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** The provider's checkout page to send the student to. */
export const purchaseReplySchema = z.object({ redirect: z.string().url(), checkout_id: z.string() });

/** POST /subscribe/voucher: a free-days voucher extends at once; a discount one is checked for the purchase. */
export const redeemVoucherSchema = z.object({ code: voucherCode });
export const redeemVoucherReplySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("free_days"), days: z.number().int().positive(), message: z.string(), end: z.string() }),
  z.object({ kind: z.literal("discount"), percent: z.number().int().min(1).max(100), message: z.string() }),
]);
export type RedeemVoucherReply = z.infer<typeof redeemVoucherReplySchema>;

/** GET /api/subscribe/checkout/{id}: how a checkout stands, after the student came back from the provider. */
export const CHECKOUT_STATUSES = ["pending", "paid", "declined", "cancelled", "expired"] as const;
export const checkoutStatusReplySchema = z.object({
  status: z.enum(CHECKOUT_STATUSES),
  message: z.string(),
  subscription: z.object({ status: subscriptionStatusSchema, end: z.string().nullable() }),
});
export type CheckoutStatusReply = z.infer<typeof checkoutStatusReplySchema>;
