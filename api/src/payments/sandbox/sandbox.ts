/**
 * The local payment sandbox: a stand-in for Stripe, started with the app on its own origin, that
 * answers the calls the app's Stripe SDK makes and plays the student's part on a checkout page.
 *
 *   POST /v1/checkout/sessions          form-encoded like Stripe's API, `Authorization: Bearer sk_…`;
 *                                       answers a Checkout Session (cs_test_…, status "open",
 *                                       payment_status "unpaid", url = this sandbox's page)
 *   GET  /v1/checkout/sessions/{id}     the session as it stands
 *   GET  /checkout/{id}                 the checkout page: description, amount, Pay / Decline / Cancel
 *   POST /checkout/{id}/pay             complete + paid → webhook checkout.session.completed,
 *                                       303 to success_url ({CHECKOUT_SESSION_ID} filled in)
 *   POST /checkout/{id}/decline         complete + unpaid → webhook checkout.session.async_payment_failed,
 *                                       a declined page linking back to cancel_url
 *   POST /checkout/{id}/cancel          expired → webhook checkout.session.expired, 303 to cancel_url
 *
 * Webhooks are signed and retried as Stripe does (webhook-sender.ts). Sessions live in memory:
 * a restart forgets them, as a test-mode sandbox may.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import Stripe from "stripe";
import type { Clock } from "../../deps.ts";
import type { StripeApiAddress } from "../stripe-provider.ts";
import { FormError, type FormValue, parseStripeForm } from "./form.ts";
import { checkoutPage, closedPage, declinedPage, unknownCheckoutPage } from "./pages.ts";
import { type WebhookFetch, WebhookSender } from "./webhook-sender.ts";

/** The parts of a Stripe Checkout Session the sandbox keeps (plus the line item's name). */
export interface SandboxSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  url: string | null;
  /** Not a Session field: the line item's product name, shown on the checkout page. */
  description: string;
}

export interface SandboxOptions {
  clock: Clock;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The address to listen on; 127.0.0.1 unless told. */
  hostname?: string;
  /** The origin the student's browser reaches the sandbox at; http://<hostname>:<port> unless told. */
  publicOrigin?: string;
  /** The app's webhook endpoint; may be set later with setWebhookUrl. */
  webhookUrl?: string | null;
  /** How webhooks travel: real HTTP unless an API test hands in its app's request(). */
  fetch?: WebhookFetch;
  secretKey?: string;
  webhookSecret?: string;
  webhookRetry?: { maxAttempts?: number; firstRetryMs?: number; maxDelayMs?: number };
}

export interface PaymentSandbox {
  origin: string;
  port: number;
  /** The API key the sandbox accepts (sk_test_…) and the secret its webhooks are signed with (whsec_…). */
  secretKey: string;
  webhookSecret: string;
  /** Where a Stripe SDK client is pointed to talk to this sandbox. */
  api: StripeApiAddress;
  session(id: string): SandboxSession | undefined;
  webhooks: WebhookSender;
  setWebhookUrl(url: string | null): void;
  stop(): Promise<void>;
}

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

function randomId(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString("base64url").replace(/[-_]/g, "0")}`;
}

export async function startPaymentSandbox(options: SandboxOptions): Promise<PaymentSandbox> {
  const clock = options.clock;
  const secretKey = options.secretKey ?? randomId("sk_test_");
  const webhookSecret = options.webhookSecret ?? randomId("whsec_");
  const hostname = options.hostname ?? "127.0.0.1";
  const sessions = new Map<string, SandboxSession>();
  const byIdempotencyKey = new Map<string, { body: string; sessionId: string }>();
  let webhookUrl = options.webhookUrl ?? null;
  let origin = "";

  const webhooks = new WebhookSender({
    url: () => webhookUrl,
    secret: webhookSecret,
    clock,
    fetch: options.fetch,
    ...options.webhookRetry,
  });
  const unixNow = () => Math.floor(clock.now().getTime() / 1000);

  function emit(type: string, session: SandboxSession): void {
    const { description: _, ...object } = session;
    webhooks.send({
      id: randomId("evt_test_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: unixNow(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  const app = new Hono();

  app.use("/v1/*", async (c, next) => {
    const authorization = c.req.header("Authorization") ?? "";
    if (!authorization) return stripeError(c, 401, "You did not provide an API key.");
    if (authorization !== `Bearer ${secretKey}`)
      return stripeError(c, 401, "Invalid API Key provided: the sandbox accepts only its own test key.");
    await next();
  });

  app.post("/v1/checkout/sessions", async (c) => {
    const key = c.req.header("Idempotency-Key");
    const body = await c.req.text();
    // As Stripe: a repeated key answers the first result, and only for the same parameters.
    const earlier = key ? byIdempotencyKey.get(key) : undefined;
    if (earlier && earlier.body !== body)
      return stripeError(
        c,
        400,
        "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        "idempotency_key_in_use",
        "idempotency_error",
      );
    const earlierSession = earlier && sessions.get(earlier.sessionId);
    if (earlierSession) return c.json(apiObject(earlierSession));
    let params: Record<string, FormValue>;
    try {
      params = parseStripeForm(body);
    } catch (error) {
      if (error instanceof FormError) return stripeError(c, 400, error.message);
      throw error;
    }
    const made = sessionFrom(params, randomId("cs_test_", 42), unixNow());
    if (typeof made === "string") return stripeError(c, 400, made);
    made.url = `${origin}/checkout/${made.id}`;
    sessions.set(made.id, made);
    if (key) byIdempotencyKey.set(key, { body, sessionId: made.id });
    return c.json(apiObject(made));
  });

  app.get("/v1/checkout/sessions/:id", (c) => {
    const session = sessions.get(c.req.param("id"));
    if (!session) return stripeError(c, 404, `No such checkout.session: '${c.req.param("id")}'`, "resource_missing");
    return c.json(apiObject(session));
  });

  app.get("/checkout/:id", (c) => {
    const session = sessions.get(c.req.param("id"));
    if (!session) return c.html(unknownCheckoutPage(), 404);
    if (session.status !== "open") return c.html(closedPage(session), 409);
    return c.html(checkoutPage(session));
  });

  app.post("/checkout/:id/:action{pay|decline|cancel}", (c) => {
    const session = sessions.get(c.req.param("id"));
    if (!session) return c.html(unknownCheckoutPage(), 404);
    if (session.status !== "open") return c.html(closedPage(session), 409);
    switch (c.req.param("action")) {
      case "pay":
        Object.assign(session, {
          status: "complete",
          payment_status: "paid",
          payment_intent: randomId("pi_"),
          customer_details: { email: session.customer_email },
        });
        emit("checkout.session.completed", session);
        return c.redirect(session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id), 303);
      case "decline":
        // As a delayed payment method that fails: the session is over and was never paid.
        Object.assign(session, { status: "complete", payment_status: "unpaid", payment_intent: randomId("pi_") });
        emit("checkout.session.async_payment_failed", session);
        return c.html(declinedPage(session), 402);
      default:
        Object.assign(session, { status: "expired", url: null });
        emit("checkout.session.expired", session);
        return session.cancel_url ? c.redirect(session.cancel_url, 303) : c.html(closedPage(session));
    }
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname }, () => resolve(started));
  });
  const port = (server.address() as AddressInfo).port;
  // Listening on every address: the SDK and the browser still need one of them.
  const reachable = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  origin = (options.publicOrigin ?? `http://${reachable}:${port}`).replace(/\/$/, "");

  return {
    origin,
    port,
    secretKey,
    webhookSecret,
    api: { host: reachable, port, protocol: "http" },
    session: (id) => sessions.get(id),
    webhooks,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    stop() {
      webhooks.stop();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
    },
  };
}

/** The session as Stripe's API shows it (without the sandbox's own description). */
function apiObject(session: SandboxSession): Omit<SandboxSession, "description"> {
  const { description: _, ...object } = session;
  return object;
}

function stripeError(
  c: Context,
  status: 400 | 401 | 404,
  message: string,
  code?: string,
  type: "invalid_request_error" | "idempotency_error" = "invalid_request_error",
) {
  return c.json({ error: { type, message, ...(code ? { code } : {}) } }, status);
}

/** A new open session from the create call's parameters, or the message refusing them. */
function sessionFrom(params: Record<string, FormValue>, id: string, now: number): SandboxSession | string {
  if (params.mode !== "payment") return "The sandbox supports only mode=payment.";
  const items = params.line_items;
  if (!Array.isArray(items) || items.length === 0) return "Missing required param: line_items.";
  let total = 0;
  let currency: string | null = null;
  const names: string[] = [];
  for (const item of items) {
    if (typeof item !== "object" || Array.isArray(item)) return "Invalid line_items.";
    const quantity = integer(item.quantity ?? "1");
    const price = item.price_data;
    if (typeof price !== "object" || Array.isArray(price)) return "Each line item needs price_data.";
    const amount = integer(price.unit_amount);
    const product = price.product_data;
    const name = typeof product === "object" && !Array.isArray(product) ? product.name : undefined;
    if (quantity === null || quantity < 1) return "Invalid integer: line_items[].quantity.";
    if (amount === null || amount < 0) return "Invalid integer: line_items[].price_data.unit_amount.";
    if (typeof price.currency !== "string" || !/^[a-z]{3}$/.test(price.currency))
      return "Invalid currency: line_items[].price_data.currency must be a lowercase ISO code.";
    if (currency !== null && price.currency !== currency) return "All line items must have the same currency.";
    if (typeof name !== "string" || name === "") return "Missing required param: product_data.name.";
    currency = price.currency;
    total += quantity * amount;
    names.push(quantity > 1 ? `${quantity} × ${name}` : name);
  }
  const successUrl = httpUrl(params.success_url);
  if (!successUrl) return "Missing or invalid param: success_url.";
  const cancelUrl = params.cancel_url === undefined ? null : httpUrl(params.cancel_url);
  if (cancelUrl === undefined) return "Invalid param: cancel_url.";
  const metadata = params.metadata ?? {};
  if (
    typeof metadata !== "object" ||
    Array.isArray(metadata) ||
    Object.values(metadata).some((v) => typeof v !== "string")
  )
    return "Invalid param: metadata.";
  const reference = params.client_reference_id;
  if (reference !== undefined && (typeof reference !== "string" || reference.length > 200))
    return "Invalid param: client_reference_id.";
  const email = params.customer_email;
  if (email !== undefined && typeof email !== "string") return "Invalid param: customer_email.";
  return {
    id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl,
    client_reference_id: reference ?? null,
    created: now,
    currency: currency ?? "",
    customer_details: null,
    customer_email: email ?? null,
    expires_at: now + SESSION_LIFETIME_SECONDS,
    livemode: false,
    metadata: metadata as Record<string, string>,
    mode: "payment",
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    success_url: successUrl,
    url: null,
    description: names.join(", "),
  };
}

function integer(value: FormValue | undefined): number | null {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/** The value as an http(s) URL string; undefined when it is not one. */
function httpUrl(value: FormValue | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value : undefined;
  } catch {
    return undefined;
  }
}
