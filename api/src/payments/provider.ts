/**
 * The payment provider as the app sees it (issue 15). One implementation: the provider's
 * official SDK (`stripe`), pointed at Stripe itself when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set, else at the local sandbox provider started with the app
 * (api/src/payments/sandbox/), which speaks the same API and signs its webhooks the same way.
 * The subscription routes know only this interface; tests give it the sandbox.
 */

export interface CheckoutRequest {
  /** The server's own amount (prices, discount and voucher applied there), in minor units. */
  amountMinor: number;
  /** ISO currency code, e.g. "EUR". */
  currency: string;
  /** What the student buys, shown on the provider's page. */
  description: string;
  /** The app's checkout id: comes back in the webhook's event. */
  reference: string;
  customerEmail: string;
  /** Where the provider sends the student after paying, and after cancelling. */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckout {
  /** The provider's id of the checkout (Stripe: a Checkout Session id). */
  providerId: string;
  /** The provider's page the student is redirected to. */
  url: string;
}

/** A verified webhook event, reduced to what the app acts on. */
export interface PaymentEvent {
  /** The provider's event id: an event is applied once, however often it is delivered. */
  id: string;
  type: "checkout.completed" | "checkout.expired" | "payment.failed" | "other";
  /** The app's checkout id (`reference` of the request), when the event concerns a checkout. */
  reference: string | null;
  providerId: string | null;
  /** What was paid, as the provider says (checked against the checkout's own amount). */
  amountMinor: number | null;
  currency: string | null;
  /** The provider's own time of the event (events can arrive out of order). */
  created: Date;
}

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Verifies the signature over the raw body and parses the event; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent;
}
