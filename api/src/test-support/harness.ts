/**
 * Builds a real app on a real database for API tests: SQLite in memory always, and PostgreSQL
 * (an isolated schema per app) when TEST_DATABASE_URL is set. Suites loop over DIALECTS so the
 * same contract runs against both.
 */
import { randomBytes } from "node:crypto";
import { IMAGES_DIR } from "@preflight/fixtures/index.ts";
import { routes } from "@preflight/sync-protocol/routes/index";
import pg from "pg";
import { createApp } from "../app.ts";
import { type Dialect, migrateToLatest, openDatabase } from "../db/connect.ts";
import { seedDemo } from "../demo/seed.ts";
import type { AppDeps, Clock } from "../deps.ts";
import { MailDelivery } from "../mail/delivery.ts";
import { smtpTransport } from "../mail/transport.ts";
import { type PaymentSetup, paymentProviderFromEnv } from "../payments/index.ts";

/** The app's address in tests (APP_URL): mailed links point here. */
export const APP_ORIGIN = "http://app.preflight.test";

export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export class TestClock implements Clock {
  constructor(private current = new Date("2026-11-21T09:00:00.000Z")) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  deps: AppDeps;
  clock: TestClock;
  /** The payment sandbox behind deps.payments (its sessions, its webhook deliveries). */
  payments: PaymentSetup;
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Send queued mail over SMTP to this URL (a receiver from smtp-receiver.ts). */
  smtpUrl?: string;
  /** SQLite only: a database file instead of memory (the benches measure what a server writes). */
  sqliteFile?: string;
  /** Check every reply against its catalogue entry (tests: yes; a bench measuring a deployed server: no). */
  checkReplies?: boolean;
}

export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const clock = new TestClock();
  let schema: string | undefined;
  let url = options.sqliteFile ?? ":memory:";
  if (dialect === "postgres") {
    url = process.env.TEST_DATABASE_URL as string;
    schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const { db } = openDatabase(url, schema ? { schema } : {});
  await migrateToLatest(db, schema ? { schema } : {});
  await seedDemo(db, clock);
  const mail = options.smtpUrl
    ? new MailDelivery(db, clock, smtpTransport(options.smtpUrl), "Preflight <no-reply@preflight.test>")
    : undefined;
  // The payment sandbox on a free port, its webhooks delivered through this app's request().
  const served: { app?: ReturnType<typeof createApp> } = {};
  const payments: PaymentSetup = await paymentProviderFromEnv(
    {},
    {
      appUrl: APP_ORIGIN,
      webhookPath: routes.paymentWebhook.path,
      clock,
      sandboxPort: 0,
      webhookFetch: async (url, init) => {
        if (!served.app) throw new Error("the app is not built yet");
        return served.app.request(url, init);
      },
      webhookRetry: { firstRetryMs: 10, maxDelayMs: 50 },
    },
  );
  const deps: AppDeps = {
    db,
    dialect,
    clock,
    imagesDir: IMAGES_DIR,
    appUrl: APP_ORIGIN,
    mail,
    payments: payments.provider,
    ...(options.checkReplies === undefined ? {} : { checkReplies: options.checkReplies }),
  };
  const app = createApp(deps);
  served.app = app;

  const request: TestApp["request"] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("Cookie", init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return Promise.resolve(app.request(path, { ...init, headers, body }));
  };

  return {
    deps,
    clock,
    payments,
    request,
    async login(email = "student@preflight.test", password = "preflight") {
      const res = await request("/api/auth/login", { method: "POST", json: { email, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const cookie = res.headers.get("set-cookie")?.split(";")[0];
      if (!cookie) throw new Error("no session cookie");
      return cookie;
    },
    async close() {
      mail?.stop();
      await payments.stop();
      await db.destroy();
      if (schema) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    },
  };
}
