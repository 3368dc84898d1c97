import {
  type Features,
  INACTIVITY_DEFAULTS,
  type InactivitySettings,
  inactivitySettingsSchema,
} from "@preflight/sync-protocol/schemas/auth";
import type { Kysely } from "kysely";
import type { Dialect } from "./db/connect.ts";
import type { Database } from "./db/schema.ts";
import type { MailDelivery } from "./mail/delivery.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import type { ReviewWeightsFitter } from "./review/fit-weights.ts";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const DEFAULT_FEATURES: Features = { flagged: true, seen_in_exam: true, ai_tutor: false, display_answers: true };

/**
 * PREFLIGHT_INACTIVITY_MINUTES (default 30) and PREFLIGHT_INACTIVITY_POLL_SECONDS (default 10);
 * a value out of range or not a whole number refuses to start rather than guess.
 */
export function inactivityFromEnv(env: Record<string, string | undefined>): InactivitySettings {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    return raw === undefined || raw === "" ? fallback : Number(raw);
  };
  const parsed = inactivitySettingsSchema.safeParse({
    minutes: read("PREFLIGHT_INACTIVITY_MINUTES", INACTIVITY_DEFAULTS.minutes),
    poll_seconds: read("PREFLIGHT_INACTIVITY_POLL_SECONDS", INACTIVITY_DEFAULTS.poll_seconds),
  });
  if (!parsed.success) throw new Error(`PREFLIGHT_INACTIVITY_*: ${parsed.error.message}`);
  return parsed.data;
}

/** PREFLIGHT_FEATURES="flagged,seen_in_exam,display_answers" names the components switched on. */
export function featuresFromEnv(value: string | undefined): Features {
  if (value === undefined) return DEFAULT_FEATURES;
  const on = new Set(value.split(",").map((s) => s.trim()));
  return {
    flagged: on.has("flagged"),
    seen_in_exam: on.has("seen_in_exam"),
    ai_tutor: on.has("ai_tutor"),
    display_answers: on.has("display_answers"),
  };
}

export interface SessionLifetime {
  /** Days without a request after which a session ends ('idle_timeout'). */
  idleDays: number;
  /** Days after sign-in after which a session ends whatever its use ('expired'). */
  maxDays: number;
}

/** Set when the instance begins to shut down: readiness then says 503 while in-flight requests finish. */
export interface Lifecycle {
  draining: boolean;
}

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** The instance's shutdown state (server.ts); absent in tests that never shut down. */
  lifecycle?: Lifecycle;
  /** Built web app to serve beside the API; absent in API tests. */
  webDist?: string;
  /** Folder of annex and lesson images served under /content/images. */
  imagesDir?: string;
  /** Secure cookies always (SECURE_COOKIES=1); otherwise when the request came over https. */
  secureCookies?: boolean;
  /** How long a session lives (SESSION_IDLE_DAYS, SESSION_MAX_DAYS); defaults in auth/session.ts. */
  sessionLifetime?: SessionLifetime;
  /** Replace older or cheaper password hashes at sign-in; on unless false (a test's cheap hash). */
  upgradePasswordHashes?: boolean;
  /** Optional components; flagging and seen-in-exam are on unless switched off. */
  features?: Features;
  /** The inactivity time and poll interval the device uses; INACTIVITY_DEFAULTS when unset. */
  inactivity?: InactivitySettings;
  /** The app's origin for links in mails (APP_URL); defaults to http://localhost:8787. */
  appUrl?: string;
  /** Sends queued mail after a commit; absent in tests that read `mail_outbox` instead. */
  mail?: MailDelivery;
  /** Parse every JSON reply against its catalogue entry; on unless NODE_ENV is "production". */
  checkReplies?: boolean;
  /**
   * TRUST_PROXY=1: the client address is the first X-Forwarded-For hop (a proxy of ours sets it),
   * and `X-Forwarded-Proto: https` counts as a secure request (auth/secure-request.ts).
   */
  trustProxy?: boolean;
  /** The payment provider (issue 15): the Stripe SDK against Stripe or the local sandbox. */
  payments?: PaymentProvider;
  /** Fits each student's review weights in the background (server.ts); absent: never fitted. */
  reviewWeights?: ReviewWeightsFitter;
  /** The discount banner's dates and percent and the voucher switch (routes/subscription/settings.ts). */
  subscriptionSettings?: SubscriptionSettings;
}

/**
 * DISCOUNT_START, DISCOUNT_END (dates, the end included, or ISO instants), DISCOUNT_PERCENT
 * (default 20; 0 switches the discount off) and VOUCHERS_ENABLED (on unless "0"), read from the
 * environment at start. A `server_settings` row of the same name in lower case wins over them, so
 * an operator changes the sale without a restart. Without dates the discount runs from 17 to 30
 * November of the clock's year.
 */
export interface SubscriptionSettings {
  discountStart?: string;
  discountEnd?: string;
  discountPercent?: number;
  vouchersEnabled?: boolean;
}

export const DEFAULT_APP_URL = "http://localhost:8787";

/** An absolute link into the app, for mails. */
export function appLink(deps: AppDeps, path: string): string {
  return new URL(path, deps.appUrl ?? DEFAULT_APP_URL).toString();
}

export interface AuthedUser {
  id: string;
  email: string;
  role: "student" | "maintenance" | "instructor";
  syllabus_id: number | null;
  /** An instructor's school; null for every other role (users.school_id, migration 0025). */
  school_id: number | null;
  sessionId: string;
}

export type AppEnv = { Variables: { user: AuthedUser } };
