/**
 * Node entry: migrates and seeds the database on first start, then serves the API and the
 * built web app on one port.
 */

import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { IMAGES_DIR } from "@preflight/fixtures/index.ts";
import { routes } from "@preflight/sync-protocol/routes/index";
import { createApp } from "./app.ts";
import { sessionLifetimeFromEnv } from "./auth/session.ts";
import { isPostgresUrl, migrateToLatest, openDatabase } from "./db/connect.ts";
import { databaseUrlFromEnv } from "./db/location.ts";
import { underStartupLock } from "./db/startup-lock.ts";
import { seedDemoClassActivity } from "./demo/class-activity.ts";
import { seedDemo } from "./demo/seed.ts";
import { type AppDeps, featuresFromEnv, inactivityFromEnv, type Lifecycle, systemClock } from "./deps.ts";
import { gracefulShutdown, trackConnections } from "./http/graceful-shutdown.ts";
import { MailDelivery } from "./mail/delivery.ts";
import { fileTransport, smtpTransport } from "./mail/transport.ts";
import { paymentProviderFromEnv } from "./payments/index.ts";
import { setHideFixedResults } from "./read/result-visibility.ts";
import { RESTRICT_TARGET_DATES_SETTING } from "./read/syllabus.ts";
import { ReviewWeightsFitter } from "./review/fit-weights.ts";
import { startFoldingQuestionStats } from "./routes/question/stats-fold.ts";
import { subscriptionSettingsFromEnv } from "./routes/subscription/settings.ts";
import { setAccessSetting } from "./routes/syllabus/queries.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const port = Number(process.env.PORT ?? 8787);
const databaseUrl = databaseUrlFromEnv();
const webDist = resolve(process.env.WEB_DIST ?? resolve(repoRoot, "web/dist"));

if (!isPostgresUrl(databaseUrl) && databaseUrl !== ":memory:") mkdirSync(dirname(databaseUrl), { recursive: true });
const { db, dialect } = openDatabase(databaseUrl);
// Several instances over one PostgreSQL (npm run start:cluster) take these steps one at a time.
let seeded = false;
await underStartupLock(db, dialect, async () => {
  await migrateToLatest(db);
  seeded = process.env.SEED !== "0" && (await seedDemo(db, systemClock));
  if (seeded) console.log("seeded demo content and accounts");
  // HIDE_FIXED_RESULTS=1 (or 0) sets the server-wide hide_fixed_results; unset leaves the stored setting.
  if (process.env.HIDE_FIXED_RESULTS !== undefined)
    await setHideFixedResults(db, process.env.HIDE_FIXED_RESULTS === "1");
  // RESTRICT_TARGET_DATES (unrestricted, pt_only, modules, or parts) sets the spec's restrict_target_dates likewise.
  if (process.env.RESTRICT_TARGET_DATES !== undefined)
    await setAccessSetting(db, RESTRICT_TARGET_DATES_SETTING, process.env.RESTRICT_TARGET_DATES);
});

// Mail over SMTP_URL, or (the embedded default) into .eml files under data/mail/ beside the app.
const mailTransport = process.env.SMTP_URL
  ? smtpTransport(process.env.SMTP_URL)
  : fileTransport(resolve(repoRoot, "data/mail"));
const mail = new MailDelivery(
  db,
  systemClock,
  mailTransport,
  process.env.MAIL_FROM ?? "Preflight <no-reply@preflight.test>",
);
mail.start();

const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
// Stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, else the local payment sandbox (README).
// A server started on a PORT of its own (parallel e2e runs) without PAYMENT_SANDBOX_PORT gets a free
// sandbox port rather than every run claiming 8788; the checkout redirect carries the sandbox's origin.
const ownPortOnly = process.env.PORT !== undefined && !process.env.PAYMENT_SANDBOX_PORT;
const payments = await paymentProviderFromEnv(process.env, {
  appUrl,
  webhookPath: routes.paymentWebhook.path,
  clock: systemClock,
  ...(ownPortOnly ? { sandboxPort: 0 } : {}),
});
if (payments.sandbox) console.log(`payment sandbox on ${payments.sandbox.origin}`);

const lifecycle: Lifecycle = { draining: false };
const reviewWeights = new ReviewWeightsFitter(db, systemClock);
const appDeps: AppDeps = {
  lifecycle,
  db,
  dialect,
  clock: systemClock,
  webDist,
  imagesDir: IMAGES_DIR,
  secureCookies: process.env.SECURE_COOKIES === "1",
  sessionLifetime: sessionLifetimeFromEnv(process.env),
  features: featuresFromEnv(process.env.PREFLIGHT_FEATURES),
  inactivity: inactivityFromEnv(process.env),
  appUrl,
  mail,
  payments: payments.provider,
  subscriptionSettings: subscriptionSettingsFromEnv(process.env),
  trustProxy: process.env.TRUST_PROXY === "1",
  reviewWeights,
};
const app = createApp(appDeps);
// The demo class's weeks of study (issue 20), written through the server's own replay once the
// demo content is in: the demo instructor's class overview then shows a real class.
if (seeded && (await seedDemoClassActivity(appDeps))) console.log("seeded the demo class's activity");
// PostgreSQL: the statistics deltas pushes append are folded into their summary in the background.
const statsFolding = dialect === "postgres" ? startFoldingQuestionStats(db) : undefined;
const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? "0.0.0.0" }, (info) => {
  console.log(`Preflight on http://localhost:${info.port} (${dialect})`);
});
// Behind a proxy or load balancer an idle connection must be closed by the balancer, never by
// us: closing it while the balancer sends the next request on it resets that request (and a busy
// event loop fires this timer late, just when requests arrive). Balancers keep idle connections
// up to 60 s (the cluster's proxy 30 s), so the instance keeps them a little longer.
const connections = trackConnections(server);
if ("keepAliveTimeout" in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

// SIGTERM (a deploy, the proxy's rolling restart) or Ctrl-C: finish the requests in flight first.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void gracefulShutdown({
      server,
      lifecycle,
      // Behind a balancer: keep serving while its readiness check notices the 503 (cluster.ts sets 2 s).
      drainDelayMs: Number(process.env.SHUTDOWN_DELAY_MS ?? 0),
      connections,
      close: [
        () => mail.stop(),
        () => payments.stop(),
        async () => statsFolding?.stop(),
        () => reviewWeights.idle(),
        () => db.destroy(),
      ],
    }).finally(() => process.exit(0));
  });
}
