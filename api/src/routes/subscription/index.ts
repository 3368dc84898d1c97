/**
 * Spec area: the subscription page, payment and vouchers (accounts §2–§9; issue 15).
 *
 * - GET /api/subscribe: where the subscription stands, the currencies, the offered types with
 *   the price charged today in each currency (the discount applied while it runs) and without it.
 * - POST /subscribe/purchase: the server computes the amount (prices, discount, a discount
 *   voucher; any amount in the body is ignored), records a pending checkout and creates the
 *   provider's, and answers its page to redirect to. Nothing is extended here, but for a checkout
 *   the discounts bring to 0: no provider charges nothing, so it is settled at once and the
 *   answer redirects to the return page.
 * - POST /api/payments/webhook: the provider's signed event, verified over the raw body, applied
 *   once (effects.ts); always 2xx once verified, so the provider stops retrying.
 * - POST /subscribe/voucher: a free-days voucher extends at once; a discount voucher answers its
 *   percent (redeemed when its checkout is paid). Wrong codes are limited per account and address.
 * - GET /api/subscribe/checkout/{id}: the student's own checkout, as the webhook left it.
 */
import { randomUUID } from "node:crypto";
import { routes } from "@preflight/sync-protocol/routes/index";
import { chargedAmount, discountRuns } from "@preflight/sync-protocol/rules/pricing";
import { purchaseLabel } from "@preflight/sync-protocol/rules/purchase-label";
import {
  type CheckoutStatusReply,
  type RedeemVoucherReply,
  SUBSCRIPTION_MESSAGES,
  type SubscribePageReply,
  type SubscriptionOffer,
} from "@preflight/sync-protocol/schemas/subscription";
import { type Context, Hono } from "hono";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, bucket, countFailure, refuseWhileLimited } from "../../auth/limits-store.ts";
import type { CheckoutStatus } from "../../db/schema.ts";
import { type AppDeps, type AppEnv, appLink } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { logError } from "../../http/log-line.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { type PaymentProvider, WebhookSignatureError } from "../../payments/provider.ts";
import { readAccountSubscription, type SubscriptionStanding } from "../../read/subscription.ts";
import { fieldError, isRowId } from "../accounts/registration-common.ts";
import { applyPaymentEvent, NO_EXPIRY_MESSAGE, redeemFreeDays, settleFreeCheckout, voucherRefusal } from "./effects.ts";
import {
  currencies,
  currencyByCode,
  offeredPrice,
  offeredPrices,
  offeredTypes,
  ownCheckout,
  redemptions,
  type VoucherRow,
  voucherByCode,
} from "./queries.ts";
import { currentSubscriptionSettings, discountWindow, vouchersEnabled } from "./settings.ts";

const CHECKOUT_MESSAGES: Record<CheckoutStatus, string> = {
  pending: SUBSCRIPTION_MESSAGES.paymentPending,
  paid: SUBSCRIPTION_MESSAGES.paymentConfirmed,
  declined: SUBSCRIPTION_MESSAGES.paymentDeclined,
  cancelled: SUBSCRIPTION_MESSAGES.paymentCancelled,
  expired: SUBSCRIPTION_MESSAGES.paymentCancelled,
};

export const VOUCHERS_DISABLED_MESSAGE = "Vouchers cannot be redeemed at the moment.";
export const PAYMENTS_UNAVAILABLE_MESSAGE =
  "The payment provider could not be reached: nothing was charged. Please try again later.";
export const FREE_DAYS_AT_PURCHASE_MESSAGE =
  "This voucher gives free days: redeem it with Redeem Voucher rather than with a purchase.";

export function subscriptionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  /** The settings as they are now: an operator may change the server_settings rows at any time. */
  const settings = () => currentSubscriptionSettings(deps.db, deps.subscriptionSettings);

  /** The discount's window while it runs at `now`, else null. */
  const runningDiscount = async (now: Date) => {
    const window = discountWindow(await settings(), now);
    return discountRuns(window, now) ? window : null;
  };

  const standing = async (userId: string): Promise<SubscriptionStanding> => {
    const held = await readAccountSubscription(deps.db, deps.clock.now(), userId);
    if (!held) throw new ApiError("not_found", "No such account");
    return held;
  };

  mount(routes.subscribePage, async (c) => {
    const now = deps.clock.now();
    const [held, currencyRows, types, prices, current] = await Promise.all([
      standing(c.var.user.id),
      currencies(deps.db),
      offeredTypes(deps.db),
      offeredPrices(deps.db),
      settings(),
    ]);
    const window = discountWindow(current, now);
    const discount = discountRuns(window, now) ? window : null;
    const offers: SubscriptionOffer[] = types.map((type) => {
      const own = prices.filter((p) => p.subscription_type_id === type.id);
      return {
        id: type.id,
        description: type.description,
        length_days: type.length_days,
        prices: Object.fromEntries(own.map((p) => [p.code, chargedAmount(p.amount_minor, [discount?.percent])])),
        regular_prices: Object.fromEntries(own.map((p) => [p.code, p.amount_minor])),
      };
    });
    const reply: SubscribePageReply = {
      subscription: { status: held.status, end: held.end },
      currencies: currencyRows.map((r) => ({ id: r.id, code: r.code, name: r.name, default: r.is_default === 1 })),
      subscriptions: offers,
      vouchersEnabled: vouchersEnabled(current),
      discount: discount ? { percent: discount.percent, ends: discount.end } : null,
    };
    return c.json(reply);
  });

  /** A voucher by its code, counted against the guess limits when there is none. */
  const knownVoucher = async (c: Context<AppEnv>, code: string): Promise<VoucherRow> => {
    const student = bucket(LIMITS.voucherUser, c.var.user.id);
    const address = addressBucket(LIMITS.voucherAddress, deps, c);
    await refuseWhileLimited(deps, c, student, address);
    const voucher = await voucherByCode(deps.db, code);
    if (!voucher) {
      await countFailure(deps, student, address);
      throw fieldError("code", SUBSCRIPTION_MESSAGES.voucherUnknown);
    }
    return voucher;
  };

  /** A voucher this account may use now, or the refusal. */
  const usableVoucher = async (c: Context<AppEnv>, code: string): Promise<VoucherRow> => {
    if (!vouchersEnabled(await settings())) throw new ApiError("forbidden", VOUCHERS_DISABLED_MESSAGE);
    const voucher = await knownVoucher(c, code);
    const refusal = voucherRefusal(voucher, deps.clock.now(), await redemptions(deps.db, voucher.id, c.var.user.id));
    if (refusal) throw refusal;
    return voucher;
  };

  mount(routes.purchase, async (c, { body }) => {
    const currency = await currencyByCode(deps.db, body.currency);
    if (!currency) throw fieldError("currency", SUBSCRIPTION_MESSAGES.currencyRequired);
    const offer = isRowId(body.subscription) ? await offeredPrice(deps.db, body.subscription, currency.id) : undefined;
    if (!offer) throw fieldError("subscription", SUBSCRIPTION_MESSAGES.subscriptionRequired);
    const held = await standing(c.var.user.id);
    if (held.no_expiry) throw new ApiError("conflict", NO_EXPIRY_MESSAGE);
    const voucher = body.voucher === undefined ? null : await usableVoucher(c, body.voucher);
    if (voucher && voucher.kind !== "discount") throw fieldError("voucher", FREE_DAYS_AT_PURCHASE_MESSAGE);

    const now = deps.clock.now();
    const amountMinor = chargedAmount(offer.amount_minor, [(await runningDiscount(now))?.percent, voucher?.percent]);
    if (amountMinor === 0) {
      const id = randomUUID();
      await settleFreeCheckout(deps, {
        id,
        userId: c.var.user.id,
        subscriptionTypeId: offer.id,
        currencyId: currency.id,
        lengthDays: offer.length_days,
        voucher,
      });
      return c.json({ redirect: appLink(deps, `/subscribe/return?checkout=${id}`), checkout_id: id });
    }
    const payments = requirePayments(deps);
    const id = randomUUID();
    await deps.db
      .insertInto("checkouts")
      .values({
        id,
        user_id: c.var.user.id,
        subscription_type_id: offer.id,
        currency_id: currency.id,
        amount_minor: amountMinor,
        voucher_id: voucher?.id ?? null,
        provider: payments.name,
        provider_id: null,
        status: "pending",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        user_subscription_id: null,
      })
      .execute();
    let created: Awaited<ReturnType<PaymentProvider["createCheckout"]>>;
    try {
      created = await payments.createCheckout({
        amountMinor,
        currency: currency.code,
        description: offer.description,
        reference: id,
        customerEmail: c.var.user.email,
        successUrl: appLink(deps, `/subscribe/return?checkout=${id}`),
        cancelUrl: appLink(deps, `/subscribe/return?checkout=${id}&cancelled=1`),
      });
    } catch (err) {
      logError(`checkout ${id}: the payment provider refused or failed:`, err);
      await deps.db
        .updateTable("checkouts")
        .set({ status: "cancelled", updated_at: deps.clock.now().toISOString() })
        .where("id", "=", id)
        .execute();
      throw new ApiError("internal", PAYMENTS_UNAVAILABLE_MESSAGE);
    }
    await deps.db.updateTable("checkouts").set({ provider_id: created.providerId }).where("id", "=", id).execute();
    return c.json({ redirect: created.url, checkout_id: id });
  });

  mount(routes.paymentWebhook, async (c) => {
    const payments = requirePayments(deps);
    const raw = await c.req.text();
    let event: ReturnType<PaymentProvider["verifyWebhook"]>;
    try {
      event = payments.verifyWebhook(raw, c.req.header("Stripe-Signature"));
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new ApiError("bad_request", "Webhook signature did not verify");
      throw err;
    }
    await applyPaymentEvent(deps, payments.name, event);
    return c.json({ received: true as const });
  });

  mount(routes.redeemVoucher, async (c, { body }) => {
    const voucher = await usableVoucher(c, body.code);
    let reply: RedeemVoucherReply;
    if (voucher.kind === "free_days" && voucher.days !== null) {
      const days = voucher.days;
      const end = await redeemFreeDays(deps, c.var.user.id, { ...voucher, days });
      reply = {
        kind: "free_days",
        days,
        end,
        message: `${days} free ${days === 1 ? "day" : "days"} added: your subscription now ends on ${end}.`,
      };
    } else if (voucher.kind === "discount" && voucher.percent !== null) {
      // The page's button reads Purchase or Extend by the same rule; a subscription with no
      // expiry has no button and nothing to buy.
      const button = purchaseLabel((await standing(c.var.user.id)).status);
      if (button === null) throw new ApiError("conflict", NO_EXPIRY_MESSAGE);
      reply = {
        kind: "discount",
        percent: voucher.percent,
        message: `${voucher.percent}% off your purchase: choose a subscription and press ${button}.`,
      };
    } else {
      throw fieldError("code", SUBSCRIPTION_MESSAGES.voucherUnknown);
    }
    return c.json(reply);
  });

  mount(routes.checkoutStatus, async (c, { params }) => {
    const checkout = await ownCheckout(deps.db, c.var.user.id, params.id);
    if (!checkout) throw new ApiError("not_found", "No such checkout");
    const held = await standing(c.var.user.id);
    const reply: CheckoutStatusReply = {
      status: checkout.status,
      message: CHECKOUT_MESSAGES[checkout.status],
      subscription: { status: held.status, end: held.end },
    };
    return c.json(reply);
  });

  return app;
}

function requirePayments(deps: AppDeps): PaymentProvider {
  if (!deps.payments) throw new ApiError("internal", PAYMENTS_UNAVAILABLE_MESSAGE);
  return deps.payments;
}
