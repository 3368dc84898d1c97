/**
 * Chooses the app's payment provider from the environment (README, "Payments"):
 *
 *  - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET both set: Stripe itself, through its SDK.
 *  - neither set (the embedded default for `npm start` and the tests): the local payment sandbox
 *    (sandbox/sandbox.ts) is started on its own port, with keys of its own, and the same SDK is
 *    pointed at it; its webhooks go to <appUrl><webhookPath>.
 *      PAYMENT_SANDBOX_PORT  its port (default 8788; 0 picks a free one, as tests do)
 *      PAYMENT_SANDBOX_HOST  the address it listens on (default 127.0.0.1)
 *      PAYMENT_SANDBOX_URL   the origin a browser reaches it at (default http://<host>:<port>)
 *  - only one of the two Stripe settings: refused at start, rather than taking payments whose
 *    webhooks could never be verified, or quietly falling back to the sandbox.
 *  - PAYMENT_SANDBOX_API (with PAYMENT_SANDBOX_SECRET_KEY and PAYMENT_SANDBOX_WEBHOOK_SECRET): a
 *    sandbox started elsewhere, shared by several instances (scripts/cluster.ts starts one for
 *    its instances: with a sandbox each, a checkout made on one instance would be unknown to the
 *    other, and its webhook, signed with one sandbox's secret, refused there).
 *
 * The entry point (server.ts) or the test harness calls this once and puts `provider` into
 * AppDeps.payments; `stop()` ends the sandbox and its webhook retries on shutdown.
 */
import type { Clock } from "../deps.ts";
import type { PaymentProvider } from "./provider.ts";
import { type PaymentSandbox, startPaymentSandbox } from "./sandbox/sandbox.ts";
import type { WebhookFetch } from "./sandbox/webhook-sender.ts";
import { StripeProvider } from "./stripe-provider.ts";

export const DEFAULT_SANDBOX_PORT = 8788;

export interface PaymentSetup {
  provider: PaymentProvider;
  /** The running sandbox (its sessions and webhook delivery log); null with Stripe itself. */
  sandbox: PaymentSandbox | null;
  stop(): Promise<void>;
}

export interface PaymentSetupOptions {
  /** The app's own origin (APP_URL), where the sandbox sends its webhooks. */
  appUrl: string;
  /** The app's webhook route, e.g. "/api/payments/webhook". */
  webhookPath: string;
  clock: Clock;
  /** Overrides PAYMENT_SANDBOX_PORT (tests pass 0). */
  sandboxPort?: number;
  /**
   * How the sandbox delivers webhooks: real HTTP to appUrl unless given. API tests that run the
   * app without a port pass `(url, init) => app.request(url, init)`.
   */
  webhookFetch?: WebhookFetch;
  /** The sandbox's retry schedule (tests shorten it); defaults in sandbox/webhook-sender.ts. */
  webhookRetry?: { maxAttempts?: number; firstRetryMs?: number; maxDelayMs?: number };
}

type Env = Record<string, string | undefined>;

export async function paymentProviderFromEnv(env: Env, options: PaymentSetupOptions): Promise<PaymentSetup> {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (secretKey && webhookSecret) {
    const provider = new StripeProvider({ name: "stripe", secretKey, webhookSecret, clock: options.clock });
    return { provider, sandbox: null, stop: async () => {} };
  }
  if (secretKey || webhookSecret)
    throw new Error("Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use Stripe, or neither for the sandbox.");

  const shared = env.PAYMENT_SANDBOX_API?.trim();
  if (shared) {
    const key = env.PAYMENT_SANDBOX_SECRET_KEY?.trim();
    const secret = env.PAYMENT_SANDBOX_WEBHOOK_SECRET?.trim();
    if (!key || !secret)
      throw new Error("PAYMENT_SANDBOX_API needs PAYMENT_SANDBOX_SECRET_KEY and PAYMENT_SANDBOX_WEBHOOK_SECRET.");
    const url = new URL(shared);
    const provider = new StripeProvider({
      name: "sandbox",
      secretKey: key,
      webhookSecret: secret,
      api: { host: url.hostname, port: Number(url.port), protocol: "http" },
      clock: options.clock,
    });
    return { provider, sandbox: null, stop: async () => {} };
  }

  const sandbox = await startPaymentSandbox({
    clock: options.clock,
    port: options.sandboxPort ?? sandboxPortFromEnv(env.PAYMENT_SANDBOX_PORT),
    hostname: env.PAYMENT_SANDBOX_HOST || undefined,
    publicOrigin: env.PAYMENT_SANDBOX_URL || undefined,
    webhookUrl: new URL(options.webhookPath, options.appUrl).toString(),
    fetch: options.webhookFetch,
    webhookRetry: options.webhookRetry,
  });
  return { provider: sandboxProvider(sandbox, options.clock), sandbox, stop: () => sandbox.stop() };
}

/** Stripe's own SDK pointed at the local sandbox, with the sandbox's keys. */
export function sandboxProvider(sandbox: PaymentSandbox, clock: Clock): StripeProvider {
  return new StripeProvider({
    name: "sandbox",
    secretKey: sandbox.secretKey,
    webhookSecret: sandbox.webhookSecret,
    api: sandbox.api,
    clock,
  });
}

function sandboxPortFromEnv(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_SANDBOX_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PAYMENT_SANDBOX_PORT is not a port: ${value}`);
  return port;
}
