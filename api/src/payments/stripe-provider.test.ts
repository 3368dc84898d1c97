/**
 * The Stripe provider over the real SDK: checkouts created over HTTP at the local sandbox, and
 * webhooks verified with the SDK's own signature scheme, signed here by the SDK's own
 * generateTestHeaderString, as Stripe's documentation suggests for tests.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../test-support/harness.ts";
import { sandboxProvider } from "./index.ts";
import { type PaymentEvent, WebhookSignatureError } from "./provider.ts";
import { type PaymentSandbox, startPaymentSandbox } from "./sandbox/sandbox.ts";
import { StripeProvider, WEBHOOK_TOLERANCE_SECONDS } from "./stripe-provider.ts";

const clock = new TestClock();
let sandbox: PaymentSandbox;
let provider: StripeProvider;

beforeAll(async () => {
  sandbox = await startPaymentSandbox({ clock });
  provider = sandboxProvider(sandbox, clock);
});
afterAll(() => sandbox.stop());

const request = {
  amountMinor: 2499,
  currency: "EUR",
  description: "Preflight, 3 months",
  reference: "chk_provider_1",
  customerEmail: "student@preflight.test",
  successUrl: "http://app.preflight.test/subscribe/return?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://app.preflight.test/subscribe?cancelled=1",
};

function signed(event: object, options: { secret?: string; at?: Date } = {}) {
  const body = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? sandbox.webhookSecret,
    timestamp: Math.floor((options.at ?? clock.now()).getTime() / 1000),
  });
  return { body, header };
}

function sessionEvent(type: string, session: Record<string, unknown>, id = "evt_test_1") {
  return {
    id,
    object: "event",
    created: 1_795_000_000,
    type,
    livemode: false,
    data: {
      object: {
        id: "cs_test_abc",
        object: "checkout.session",
        amount_total: 2499,
        currency: "eur",
        client_reference_id: "chk_1",
        metadata: { reference: "chk_1" },
        payment_status: "paid",
        status: "complete",
        ...session,
      },
    },
  };
}

function verify(event: object): PaymentEvent {
  const { body, header } = signed(event);
  return provider.verifyWebhook(body, header);
}

describe("createCheckout", () => {
  it("creates a Checkout Session at the provider and returns its id and page", async () => {
    const created = await provider.createCheckout(request);
    expect(created.providerId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${sandbox.origin}/checkout/${created.providerId}`);

    const session = sandbox.session(created.providerId);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 2499,
      currency: "eur",
      client_reference_id: "chk_provider_1",
      metadata: { reference: "chk_provider_1" },
      customer_email: "student@preflight.test",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      status: "open",
      payment_status: "unpaid",
      description: "Preflight, 3 months",
    });
  });

  it("makes one session per reference, however often the call is repeated (idempotency key)", async () => {
    const again = { ...request, reference: "chk_provider_twice" };
    const first = await provider.createCheckout(again);
    const second = await provider.createCheckout(again);
    expect(second.providerId).toBe(first.providerId);
    await expect(provider.createCheckout({ ...again, amountMinor: 1 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("fails with the provider's error when the API key is wrong", async () => {
    const wrongKey = new StripeProvider({
      name: "sandbox",
      secretKey: "sk_test_wrong",
      webhookSecret: sandbox.webhookSecret,
      api: sandbox.api,
      clock,
    });
    await expect(wrongKey.createCheckout(request)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("fails with the provider's error when the amount is not a whole number of minor units", async () => {
    await expect(
      provider.createCheckout({ ...request, reference: "chk_half_cent", amountMinor: 12.5 }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe("verifyWebhook maps the provider's events", () => {
  it("checkout.session.completed, paid → checkout.completed with reference, amount and currency", () => {
    expect(verify(sessionEvent("checkout.session.completed", {}))).toEqual({
      id: "evt_test_1",
      type: "checkout.completed",
      reference: "chk_1",
      providerId: "cs_test_abc",
      amountMinor: 2499,
      currency: "EUR",
      created: new Date(1_795_000_000 * 1000),
    });
  });

  it("the reference comes from metadata when client_reference_id is absent", () => {
    const event = sessionEvent("checkout.session.completed", { client_reference_id: null });
    expect(verify(event).reference).toBe("chk_1");
  });

  it("checkout.session.completed, not yet paid (a delayed method) → other; async_payment_succeeded → checkout.completed", () => {
    expect(verify(sessionEvent("checkout.session.completed", { payment_status: "unpaid" })).type).toBe("other");
    expect(verify(sessionEvent("checkout.session.async_payment_succeeded", {})).type).toBe("checkout.completed");
  });

  it("checkout.session.expired → checkout.expired", () => {
    const event = verify(sessionEvent("checkout.session.expired", { status: "expired", payment_status: "unpaid" }));
    expect(event).toMatchObject({ type: "checkout.expired", reference: "chk_1", providerId: "cs_test_abc" });
  });

  it("checkout.session.async_payment_failed and payment_intent.payment_failed → payment.failed", () => {
    const failed = verify(sessionEvent("checkout.session.async_payment_failed", { payment_status: "unpaid" }));
    expect(failed).toMatchObject({ type: "payment.failed", reference: "chk_1" });
    const declined = verify({
      id: "evt_test_pi",
      object: "event",
      created: 1_795_000_000,
      type: "payment_intent.payment_failed",
      data: {
        object: {
          id: "pi_1",
          object: "payment_intent",
          amount: 2499,
          currency: "eur",
          metadata: { reference: "chk_1" },
        },
      },
    });
    expect(declined).toMatchObject({ type: "payment.failed", reference: "chk_1", amountMinor: 2499, currency: "EUR" });
  });

  it("any other event → other, with its id kept", () => {
    const event = verify({ id: "evt_x", object: "event", created: 1, type: "customer.created", data: { object: {} } });
    expect(event).toMatchObject({ id: "evt_x", type: "other", reference: null });
  });
});

describe("verifyWebhook refuses what the provider did not sign", () => {
  const event = sessionEvent("checkout.session.completed", {});

  it("a tampered body", () => {
    const { body, header } = signed(event);
    const tampered = body.replace('"amount_total":2499', '"amount_total":1');
    expect(tampered).not.toBe(body);
    expect(() => provider.verifyWebhook(tampered, header)).toThrow(WebhookSignatureError);
  });

  it("a signature made with another secret", () => {
    const { body, header } = signed(event, { secret: "whsec_someone_else" });
    expect(() => provider.verifyWebhook(body, header)).toThrow(WebhookSignatureError);
  });

  it("a signature older than the tolerance (a replay), while a fresh one passes", () => {
    const stale = signed(event, { at: new Date(clock.now().getTime() - (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000) });
    expect(() => provider.verifyWebhook(stale.body, stale.header)).toThrow(WebhookSignatureError);
    const fresh = signed(event, { at: new Date(clock.now().getTime() - (WEBHOOK_TOLERANCE_SECONDS - 5) * 1000) });
    expect(provider.verifyWebhook(fresh.body, fresh.header).type).toBe("checkout.completed");
  });

  it("a missing or malformed header", () => {
    const { body } = signed(event);
    expect(() => provider.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(body, "")).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(body, "t=abc,v1=def")).toThrow(WebhookSignatureError);
  });

  it("a signed body that is not JSON", () => {
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: "not json",
      secret: sandbox.webhookSecret,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    expect(() => provider.verifyWebhook("not json", header)).toThrow(WebhookSignatureError);
  });
});
