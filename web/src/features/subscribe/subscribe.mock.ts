/** Typed fixtures of the subscription page: the demo's currencies and subscription types, as GET /api/subscribe answers them. */
import type {
  CheckoutStatusReply,
  SubscribePageReply,
  SubscriptionOffer,
} from "@preflight/sync-protocol/schemas/subscription";

export const CURRENCIES: SubscribePageReply["currencies"] = [
  { id: 1, code: "EUR", name: "Euro", default: true },
  { id: 2, code: "GBP", name: "Pound sterling", default: false },
  { id: 3, code: "USD", name: "US dollar", default: false },
];

/** Regular prices by currency, in minor units. */
const REGULAR: Record<string, Record<string, number>> = {
  "1 month": { EUR: 2990, GBP: 2590, USD: 3290 },
  "3 months": { EUR: 7990, GBP: 6990, USD: 8790 },
  "12 months": { EUR: 24990, GBP: 21990 },
};

const LENGTHS: Record<string, number> = { "1 month": 30, "3 months": 91, "12 months": 365 };

/** The offers with `percentOff` taken off today's prices (rounded half up, as the server's pricing rule). */
export function offers(percentOff = 0): SubscriptionOffer[] {
  return Object.entries(REGULAR).map(([description, regular], index) => ({
    id: index + 1,
    description,
    length_days: LENGTHS[description] ?? 30,
    regular_prices: regular,
    prices: Object.fromEntries(
      Object.entries(regular).map(([code, minor]) => [code, Math.round((minor * (100 - percentOff)) / 100)]),
    ),
  }));
}

export const ACTIVE_PAGE: SubscribePageReply = {
  subscription: { status: "active", end: "2026-12-31" },
  currencies: CURRENCIES,
  subscriptions: offers(),
  vouchersEnabled: true,
  discount: null,
};

export const DISCOUNT_PAGE: SubscribePageReply = {
  ...ACTIVE_PAGE,
  subscriptions: offers(20),
  discount: { percent: 20, ends: "2026-11-29T00:00:00.000Z" },
};

export function page(change: Partial<SubscribePageReply> = {}): SubscribePageReply {
  return { ...ACTIVE_PAGE, ...change };
}

export function checkout(
  status: CheckoutStatusReply["status"],
  end: string | null = "2027-01-30",
  message = "",
): CheckoutStatusReply {
  return { status, message, subscription: { status: end === null ? "none" : "active", end } };
}
