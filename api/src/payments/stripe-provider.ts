/**
 * The PaymentProvider over Stripe's official SDK: a Checkout Session per purchase, and the
 * SDK's own webhook signature check (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">`).
 * The same class talks to Stripe itself or to the local sandbox (sandbox/): only the API's
 * host, port and protocol differ, so the sandbox exercises the very calls made in production.
 */
import Stripe from "stripe";
import type { Clock } from "../deps.ts";
import {
  type CheckoutRequest,
  type CreatedCheckout,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from "./provider.ts";

/** Where the SDK sends its API calls; absent for api.stripe.com. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: "http" | "https";
}

export interface StripeProviderOptions {
  name: PaymentProvider["name"];
  secretKey: string;
  webhookSecret: string;
  api?: StripeApiAddress;
  /** The time a webhook is received at, for the SDK's 5-minute replay window. */
  clock: Clock;
}

/** How old a webhook's signature may be (the SDK's default: 300 s). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class StripeProvider implements PaymentProvider {
  readonly name: PaymentProvider["name"];
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly clock: Clock;

  constructor(options: StripeProviderOptions) {
    this.name = options.name;
    this.webhookSecret = options.webhookSecret;
    this.clock = options.clock;
    this.stripe = new Stripe(options.secretKey, {
      ...(options.api ?? {}),
      // A retried create carries the same idempotency key, so it never makes a second session.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountMinor,
              product_data: { name: request.description },
            },
          },
        ],
        client_reference_id: request.reference,
        metadata: { reference: request.reference },
        // A declined card's payment_intent.payment_failed names the checkout too.
        payment_intent_data: { metadata: { reference: request.reference } },
        customer_email: request.customerEmail,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `checkout-${request.reference}` },
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} came back without a url`);
    return { providerId: session.id, url: session.url };
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent {
    if (!signatureHeader) throw new WebhookSignatureError("No Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        this.clock.now().getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new WebhookSignatureError(error.message);
      throw new WebhookSignatureError(`Unreadable webhook: ${(error as Error).message}`);
    }
    return paymentEventOf(event);
  }
}

/** Reduces a verified Stripe event to what the app acts on. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const created = new Date(event.created * 1000);
  const other: PaymentEvent = {
    id: event.id,
    type: "other",
    reference: null,
    providerId: null,
    amountMinor: null,
    currency: null,
    created,
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A completed session with a delayed payment method is not paid yet: its
      // async_payment_succeeded (paid) or async_payment_failed comes later.
      const type = session.payment_status === "paid" ? "checkout.completed" : "other";
      return { ...other, ...ofSession(session), type };
    }
    case "checkout.session.expired":
      return { ...other, ...ofSession(event.data.object), type: "checkout.expired" };
    case "checkout.session.async_payment_failed":
      return { ...other, ...ofSession(event.data.object), type: "payment.failed" };
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      return {
        ...other,
        type: "payment.failed",
        reference: intent.metadata?.reference ?? null,
        amountMinor: intent.amount,
        currency: intent.currency.toUpperCase(),
      };
    }
    default:
      return other;
  }
}

function ofSession(session: Stripe.Checkout.Session) {
  return {
    reference: session.client_reference_id ?? session.metadata?.reference ?? null,
    providerId: session.id,
    amountMinor: session.amount_total,
    currency: session.currency ? session.currency.toUpperCase() : null,
  };
}
