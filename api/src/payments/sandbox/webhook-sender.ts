/**
 * The sandbox's webhook deliveries, made the way Stripe makes them: the event's JSON POSTed to
 * the endpoint with `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * (written by the SDK's own generateTestHeaderString, so it is the provider's scheme, signed
 * afresh on every attempt), and retried with doubling back-off until the endpoint answers 2xx
 * or the attempts run out. Every attempt goes into `log`, for tests and for the curious.
 */
import Stripe from "stripe";
import type { Clock } from "../../deps.ts";

export type WebhookFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface WebhookAttempt {
  eventId: string;
  type: string;
  attempt: number;
  url: string;
  /** The endpoint's HTTP status; null when it could not be reached. */
  status: number | null;
  error: string | null;
  at: Date;
}

export interface WebhookSenderOptions {
  /** The endpoint; read at each attempt, so it may be set after the sandbox starts. */
  url: () => string | null;
  secret: string;
  clock: Clock;
  /** Real HTTP by default; an app's own request() in API tests that run the app without a port. */
  fetch?: WebhookFetch;
  maxAttempts?: number;
  /** Delay before the second attempt; doubled for each one after, up to maxDelayMs. */
  firstRetryMs?: number;
  maxDelayMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

export class WebhookSender {
  readonly log: WebhookAttempt[] = [];
  private readonly pending = new Set<Promise<void>>();
  /** Back-off waits under way, each with the resolver that ends it early on stop(). */
  private readonly waits = new Map<NodeJS.Timeout, (carryOn: boolean) => void>();
  private stopped = false;

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Queues an event; its first attempt starts at once. */
  send(event: { id: string; type: string; [field: string]: unknown }): void {
    const payload = JSON.stringify(event, null, 2);
    const delivery = this.deliver(event.id, event.type, payload);
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Resolves once every queued event was delivered or given up on. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve(false);
    }
    this.waits.clear();
  }

  attemptsOf(eventId: string): WebhookAttempt[] {
    return this.log.filter((a) => a.eventId === eventId);
  }

  private async deliver(eventId: string, type: string, payload: string): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const first = this.options.firstRetryMs ?? 500;
    const cap = this.options.maxDelayMs ?? 30_000;
    for (let attempt = 1; attempt <= maxAttempts && !this.stopped; attempt++) {
      if (attempt > 1 && !(await this.sleep(Math.min(cap, first * 2 ** (attempt - 2))))) return;
      const url = this.options.url();
      const entry: WebhookAttempt = {
        eventId,
        type,
        attempt,
        url: url ?? "",
        status: null,
        error: null,
        at: this.now(),
      };
      this.log.push(entry);
      if (!url) {
        entry.error = "no webhook endpoint configured";
        continue;
      }
      try {
        const response = await (this.options.fetch ?? fetch)(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            "Stripe-Signature": this.signature(payload),
            "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        entry.status = response.status;
        await response.body?.cancel();
        if (response.ok) return;
      } catch (error) {
        entry.error = (error as Error).message;
      }
    }
  }

  private signature(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.secret,
      timestamp: Math.floor(this.now().getTime() / 1000),
    });
  }

  private now(): Date {
    return this.options.clock.now();
  }

  /** false when the sender was stopped while waiting. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve(false);
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve(!this.stopped);
      }, ms);
      this.waits.set(timer, resolve);
    });
  }
}
