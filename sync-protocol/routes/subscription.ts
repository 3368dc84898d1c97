import { z } from "zod";
import {
  checkoutStatusReplySchema,
  purchaseReplySchema,
  purchaseSchema,
  redeemVoucherReplySchema,
  redeemVoucherSchema,
  subscribePageReplySchema,
} from "../schemas/subscription.ts";
import { route } from "./route.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Subscriptions, payment and vouchers (spec accounts §2–§9; issue 15). All online. The amount
 * charged is computed by the server; the subscription is extended only by the provider's signed
 * webhook, whose raw body the handler reads itself to check the signature over it.
 */
export const subscriptionRoutes = {
  subscribePage: route({ method: "GET", path: "/api/subscribe", auth: "session", reply: subscribePageReplySchema }),
  purchase: route({
    method: "POST",
    path: "/subscribe/purchase",
    auth: "session",
    body: purchaseSchema,
    reply: purchaseReplySchema,
  }),
  redeemVoucher: route({
    method: "POST",
    path: "/subscribe/voucher",
    auth: "session",
    body: redeemVoucherSchema,
    reply: redeemVoucherReplySchema,
  }),
  /** The student's own checkout only; another's is a 404. */
  checkoutStatus: route({
    method: "GET",
    path: "/api/subscribe/checkout/{id}",
    auth: "session",
    params: z.object({ id: z.string().regex(UUID, "id must be a checkout id") }),
    reply: checkoutStatusReplySchema,
  }),
  /** The provider's signed event: the raw body is read by the handler (the signature covers its bytes). */
  paymentWebhook: route({
    method: "POST",
    path: "/api/payments/webhook",
    auth: "none",
    bodyKind: "none",
    reply: z.object({ received: z.literal(true) }),
  }),
};
