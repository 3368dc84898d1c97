/**
 * The payment sandbox as the app meets it: the Stripe SDK (through StripeProvider) creates a
 * session over HTTP, a browser's form posts work the checkout page, and the webhooks arrive
 * over HTTP at a real receiver, signed so the provider's verifyWebhook accepts them.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../test-support/harness.ts";
import { sandboxProvider } from "../index.ts";
import type { CheckoutRequest } from "../provider.ts";
import type { StripeProvider } from "../stripe-provider.ts";
import { type PaymentSandbox, startPaymentSandbox } from "./sandbox.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint on a real port; `answer` gives the status of the n-th delivery (1-based). */
async function startReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer(received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const clock = new TestClock();
let sandbox: PaymentSandbox;
let provider: StripeProvider;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  sandbox = await startPaymentSandbox({ clock, webhookRetry: { firstRetryMs: 10, maxAttempts: 4 } });
  provider = sandboxProvider(sandbox, clock);
});
afterAll(() => sandbox.stop());
afterEach(async () => {
  await sandbox.webhooks.idle();
  await receiver?.close();
});

let serial = 0;
function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  serial += 1;
  return {
    amountMinor: 1999,
    currency: "GBP",
    description: "Preflight, 1 month",
    reference: `chk_sandbox_${serial}`,
    customerEmail: "student@preflight.test",
    successUrl: "http://app.preflight.test/subscribe/return?session={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://app.preflight.test/subscribe?cancelled=1",
    ...overrides,
  };
}

/** What a browser does with the page's button: a form post, redirects not followed. */
function press(url: string, button: "pay" | "decline" | "cancel") {
  return fetch(`${url}/${button}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
}

function verified(delivery: Received | undefined) {
  if (!delivery) throw new Error("no delivery");
  const signature = delivery.headers["stripe-signature"];
  return provider.verifyWebhook(delivery.body, typeof signature === "string" ? signature : undefined);
}

describe("the API the SDK calls", () => {
  it("creates an open, unpaid session and shows it on GET /v1/checkout/sessions/{id}", async () => {
    const created = await provider.createCheckout(checkout({ reference: "chk_api" }));
    const response = await fetch(`${sandbox.origin}/v1/checkout/sessions/${created.providerId}`, {
      headers: { Authorization: `Bearer ${sandbox.secretKey}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: created.providerId,
      object: "checkout.session",
      amount_total: 1999,
      currency: "gbp",
      client_reference_id: "chk_api",
      metadata: { reference: "chk_api" },
      customer_email: "student@preflight.test",
      status: "open",
      payment_status: "unpaid",
      url: created.url,
    });
  });

  it("refuses a call without the sandbox's secret key (401), as Stripe does", async () => {
    const noKey = await fetch(`${sandbox.origin}/v1/checkout/sessions`, { method: "POST", body: "mode=payment" });
    expect(noKey.status).toBe(401);
    const wrongKey = await fetch(`${sandbox.origin}/v1/checkout/sessions/cs_test_x`, {
      headers: { Authorization: "Bearer sk_test_guess" },
    });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("refuses parameters Stripe would refuse (400) and an unknown session (404)", async () => {
    const post = (body: string) =>
      fetch(`${sandbox.origin}/v1/checkout/sessions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${sandbox.secretKey}`, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
    const item = "line_items[0][quantity]=1&line_items[0][price_data][product_data][name]=x";
    const cases = [
      `mode=subscription&${item}&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=1&success_url=http://a.test/`,
      `mode=payment&success_url=http://a.test/`,
      `mode=payment&${item}&line_items[0][price_data][currency]=EUR&line_items[0][price_data][unit_amount]=1&success_url=http://a.test/`,
      `mode=payment&${item}&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=-1&success_url=http://a.test/`,
      `mode=payment&${item}&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=1&success_url=javascript:alert(1)`,
      `mode=payment&${item}&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=1&success_url=http://a.test/&__proto__[x]=1`,
    ];
    for (const body of cases) expect((await post(body)).status, body).toBe(400);
    const unknown = await fetch(`${sandbox.origin}/v1/checkout/sessions/cs_test_nope`, {
      headers: { Authorization: `Bearer ${sandbox.secretKey}` },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("the checkout page", () => {
  it("is labelled as the sandbox and shows the description, the amount and Pay, Decline, Cancel", async () => {
    const created = await provider.createCheckout(checkout({ amountMinor: 4999, currency: "EUR" }));
    const response = await fetch(created.url);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Preflight payment sandbox — no real money");
    expect(page).toContain("Preflight, 1 month");
    expect(page).toContain("€49.99");
    for (const button of ["pay", "decline", "cancel"])
      expect(page).toContain(`action="/checkout/${created.providerId}/${button}"`);
    expect(page).toMatch(/>Pay</);
    expect(page).toMatch(/>Decline</);
    expect(page).toMatch(/>Cancel</);
  });

  it("escapes what the app sent", async () => {
    const created = await provider.createCheckout(checkout({ description: "<script>alert(1)</script>" }));
    const page = await (await fetch(created.url)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;");
  });

  it("answers 404 for an unknown checkout", async () => {
    expect((await fetch(`${sandbox.origin}/checkout/cs_test_unknown`)).status).toBe(404);
  });
});

describe("Pay, Decline and Cancel", () => {
  it("Pay: completes the session, redirects to success_url with the session id, and delivers checkout.session.completed", async () => {
    receiver = await startReceiver();
    sandbox.setWebhookUrl(receiver.url);
    const request = checkout({ reference: "chk_pay", amountMinor: 1999, currency: "GBP" });
    const created = await provider.createCheckout(request);

    const response = await press(created.url, "pay");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      `http://app.preflight.test/subscribe/return?session=${created.providerId}`,
    );
    await sandbox.webhooks.idle();

    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers["stripe-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verified(receiver.received[0])).toMatchObject({
      type: "checkout.completed",
      reference: "chk_pay",
      providerId: created.providerId,
      amountMinor: 1999,
      currency: "GBP",
    });
    expect(sandbox.session(created.providerId)).toMatchObject({ status: "complete", payment_status: "paid" });
  });

  it("a paid checkout cannot be paid, declined or cancelled again, and sends nothing more", async () => {
    receiver = await startReceiver();
    sandbox.setWebhookUrl(receiver.url);
    const created = await provider.createCheckout(checkout());
    await press(created.url, "pay");
    for (const button of ["pay", "decline", "cancel"] as const)
      expect((await press(created.url, button)).status).toBe(409);
    expect((await fetch(created.url)).status).toBe(409);
    await sandbox.webhooks.idle();
    expect(receiver.received).toHaveLength(1);
  });

  it("Decline: shows a declined page linking back to cancel_url and delivers a failure (payment.failed)", async () => {
    receiver = await startReceiver();
    sandbox.setWebhookUrl(receiver.url);
    const created = await provider.createCheckout(checkout({ reference: "chk_decline" }));

    const response = await press(created.url, "decline");
    expect(response.status).toBe(402);
    const page = await response.text();
    expect(page).toContain("Payment declined");
    expect(page).toContain('href="http://app.preflight.test/subscribe?cancelled=1"');
    await sandbox.webhooks.idle();

    const event = verified(receiver.received[0]);
    expect(event).toMatchObject({ type: "payment.failed", reference: "chk_decline" });
    expect(JSON.parse(receiver.received[0]?.body ?? "")).toMatchObject({
      type: "checkout.session.async_payment_failed",
      data: { object: { payment_status: "unpaid" } },
    });
  });

  it("Cancel: redirects to cancel_url and delivers checkout.session.expired", async () => {
    receiver = await startReceiver();
    sandbox.setWebhookUrl(receiver.url);
    const created = await provider.createCheckout(checkout({ reference: "chk_cancel" }));

    const response = await press(created.url, "cancel");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("http://app.preflight.test/subscribe?cancelled=1");
    await sandbox.webhooks.idle();

    expect(verified(receiver.received[0])).toMatchObject({ type: "checkout.expired", reference: "chk_cancel" });
    expect(sandbox.session(created.providerId)).toMatchObject({ status: "expired", payment_status: "unpaid" });
  });
});

describe("webhook delivery", () => {
  it("retries until the endpoint answers 2xx: failing twice then succeeding gets 3 deliveries of one event", async () => {
    receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    sandbox.setWebhookUrl(receiver.url);
    const created = await provider.createCheckout(checkout({ reference: "chk_retry" }));
    await press(created.url, "pay");
    await sandbox.webhooks.idle();

    expect(receiver.received).toHaveLength(3);
    const events = receiver.received.map(verified);
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(events[0]).toMatchObject({ type: "checkout.completed", reference: "chk_retry" });
    const id = events[0]?.id ?? "";
    expect(sandbox.webhooks.attemptsOf(id).map((a) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it("gives up after the attempt limit when the endpoint never answers 2xx", async () => {
    receiver = await startReceiver(() => 503);
    sandbox.setWebhookUrl(receiver.url);
    const created = await provider.createCheckout(checkout({ reference: "chk_never" }));
    await press(created.url, "pay");
    await sandbox.webhooks.idle();

    expect(receiver.received).toHaveLength(4);
    const id = verified(receiver.received[0]).id;
    expect(sandbox.webhooks.attemptsOf(id).map((a) => a.status)).toEqual([503, 503, 503, 503]);
  });

  it("keeps trying while the endpoint cannot be reached, and delivers once it can", async () => {
    receiver = await startReceiver();
    sandbox.setWebhookUrl("http://127.0.0.1:9/unreachable");
    const created = await provider.createCheckout(checkout({ reference: "chk_late" }));
    await press(created.url, "pay");
    await new Promise((resolve) => setTimeout(resolve, 5));
    sandbox.setWebhookUrl(receiver.url);
    await sandbox.webhooks.idle();

    expect(receiver.received).toHaveLength(1);
    const id = verified(receiver.received[0]).id;
    const attempts = sandbox.webhooks.attemptsOf(id);
    expect(attempts[0]).toMatchObject({ attempt: 1, status: null });
    expect(attempts.at(-1)).toMatchObject({ status: 200 });
  });
});
