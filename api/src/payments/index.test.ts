/**
 * paymentProviderFromEnv: Stripe with both settings, the sandbox with neither, a refusal with one;
 * and the sandbox's webhooks reaching an app that runs without a port (an API test's app).
 */
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { TestClock } from "../test-support/harness.ts";
import { type PaymentSetup, paymentProviderFromEnv } from "./index.ts";
import type { PaymentEvent } from "./provider.ts";

const clock = new TestClock();
const options = { appUrl: "http://app.preflight.test", webhookPath: "/api/payments/webhook", clock, sandboxPort: 0 };
let setup: PaymentSetup | undefined;
afterEach(async () => {
  await setup?.stop();
  setup = undefined;
});

describe("paymentProviderFromEnv", () => {
  it("uses Stripe itself when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set, and starts no sandbox", async () => {
    setup = await paymentProviderFromEnv(
      { STRIPE_SECRET_KEY: "sk_test_from_env", STRIPE_WEBHOOK_SECRET: "whsec_from_env" },
      options,
    );
    expect(setup.provider.name).toBe("stripe");
    expect(setup.sandbox).toBeNull();
  });

  it("refuses to start with only one of the two Stripe settings", async () => {
    await expect(paymentProviderFromEnv({ STRIPE_SECRET_KEY: "sk_test_x" }, options)).rejects.toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    await expect(paymentProviderFromEnv({ STRIPE_WEBHOOK_SECRET: "whsec_x" }, options)).rejects.toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it("starts the sandbox otherwise, on PAYMENT_SANDBOX_PORT unless the caller names a port", async () => {
    setup = await paymentProviderFromEnv({ PAYMENT_SANDBOX_PORT: "0" }, { ...options, sandboxPort: undefined });
    expect(setup.provider.name).toBe("sandbox");
    expect(setup.sandbox?.port).toBeGreaterThan(0);
    expect(setup.sandbox?.origin).toBe(`http://127.0.0.1:${setup.sandbox?.port}`);
    await expect(
      paymentProviderFromEnv({ PAYMENT_SANDBOX_PORT: "eighty" }, { ...options, sandboxPort: undefined }),
    ).rejects.toThrow(/PAYMENT_SANDBOX_PORT/);
  });

  it("the sandbox pays into the app's webhook route, here an app reached through its request()", async () => {
    const received: PaymentEvent[] = [];
    const app = new Hono();
    setup = await paymentProviderFromEnv(
      {},
      { ...options, webhookFetch: (url, init) => Promise.resolve(app.request(url, init)) },
    );
    const provider = setup.provider;
    app.post("/api/payments/webhook", async (c) => {
      received.push(provider.verifyWebhook(await c.req.text(), c.req.header("Stripe-Signature")));
      return c.body(null, 204);
    });

    const created = await provider.createCheckout({
      amountMinor: 8999,
      currency: "USD",
      description: "Preflight, 12 months",
      reference: "chk_index",
      customerEmail: "student@preflight.test",
      successUrl: "http://app.preflight.test/subscribe/return",
      cancelUrl: "http://app.preflight.test/subscribe",
    });
    const paid = await fetch(`${created.url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await setup.sandbox?.webhooks.idle();

    expect(received).toEqual([
      expect.objectContaining({
        type: "checkout.completed",
        reference: "chk_index",
        amountMinor: 8999,
        currency: "USD",
      }),
    ]);
    expect(setup.sandbox?.webhooks.log.map((a) => [a.url, a.status])).toEqual([
      ["http://app.preflight.test/api/payments/webhook", 204],
    ]);
  });
});
