/**
 * POST /api/payments/webhook (issue 15), on each database: events signed with the SDK's own test
 * helper (Stripe.webhooks.generateTestHeaderString) with the sandbox's webhook secret, as Stripe
 * documents for tests. A bad signature writes nothing; an event is applied once however often it
 * comes; events out of order never undo a payment; two webhooks for one checkout at once extend
 * it once; an amount that is not the checkout's extends nothing; a verified event the app cannot
 * place is still answered 2xx (so the provider stops retrying) and changes nothing.
 */
import { randomUUID } from "node:crypto";
import { purchaseReplySchema } from "@preflight/sync-protocol/schemas/subscription";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

const WEBHOOK = "/api/payments/webhook";

for (const dialect of DIALECTS) {
  describe(`payment webhook (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    }, 60_000);
    afterAll(() => t.close());

    const secret = () => t.payments.sandbox?.webhookSecret ?? "";

    /** A student with a pending checkout of one month in EUR (23.20 in the harness's November discount). */
    async function pendingCheckout() {
      const student = await signedInAccount(t);
      const res = await t.request("/subscribe/purchase", {
        method: "POST",
        cookie: student.cookie,
        json: { subscription: 1, currency: "EUR" },
      });
      expect(res.status).toBe(200);
      const { checkout_id } = purchaseReplySchema.parse(await res.json());
      const checkout = await t.deps.db
        .selectFrom("checkouts")
        .selectAll()
        .where("id", "=", checkout_id)
        .executeTakeFirstOrThrow();
      return { student, checkout };
    }

    type Checkout = Awaited<ReturnType<typeof pendingCheckout>>["checkout"];

    /** A Stripe event about the checkout's Checkout Session, as Stripe sends it. */
    function sessionEvent(type: string, checkout: Checkout, session: Record<string, unknown> = {}) {
      return {
        id: `evt_test_${randomUUID().replaceAll("-", "")}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(t.clock.now().getTime() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: {
          object: {
            id: checkout.provider_id,
            object: "checkout.session",
            amount_total: checkout.amount_minor,
            currency: "eur",
            client_reference_id: checkout.id,
            metadata: { reference: checkout.id },
            mode: "payment",
            payment_status: type === "checkout.session.completed" ? "paid" : "unpaid",
            status: type === "checkout.session.expired" ? "expired" : "complete",
            ...session,
          },
        },
      };
    }

    /** Posts an event signed by the SDK's test helper (with another secret when given). */
    function deliver(event: object, options: { secret?: string; header?: string | null } = {}) {
      const body = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? secret(),
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
      if (options.header !== null) headers["Stripe-Signature"] = options.header ?? header;
      return t.request(WEBHOOK, { method: "POST", headers, body });
    }

    async function state(checkout: Checkout, userId: string) {
      const [row, user, subscriptions, events] = await Promise.all([
        t.deps.db.selectFrom("checkouts").select("status").where("id", "=", checkout.id).executeTakeFirstOrThrow(),
        t.deps.db.selectFrom("users").select("subscription_end").where("id", "=", userId).executeTakeFirstOrThrow(),
        t.deps.db
          .selectFrom("user_subscriptions")
          .select(["kind", "start_date", "end_date"])
          .where("user_id", "=", userId)
          .execute(),
        t.deps.db.selectFrom("payment_events").select("event_id").where("checkout_id", "=", checkout.id).execute(),
      ]);
      return { status: row.status, end: user.subscription_end, subscriptions, events: events.length };
    }

    const extendedOnce = [{ kind: "purchase", start_date: "2027-12-31", end_date: "2028-01-30" }];

    it("applies a verified checkout.session.completed: paid, extended by the type's days from the current end", async () => {
      const { student, checkout } = await pendingCheckout();
      const res = await deliver(sessionEvent("checkout.session.completed", checkout));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
      expect(await state(checkout, student.id)).toEqual({
        status: "paid",
        end: "2028-01-30",
        subscriptions: extendedOnce,
        events: 1,
      });
    });

    it("refuses a bad signature with a 400 and writes nothing: another secret, a tampered body, no header, an old timestamp", async () => {
      const { student, checkout } = await pendingCheckout();
      const event = sessionEvent("checkout.session.completed", checkout);
      const body = JSON.stringify(event);
      const goodHeader = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: secret(),
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      const tampered = body.replace(`"amount_total":${checkout.amount_minor}`, '"amount_total":1');
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: secret(),
        timestamp: Math.floor(t.clock.now().getTime() / 1000) - 3600,
      });
      const attempts = [
        deliver(event, { secret: "whsec_not_the_sandboxes" }),
        deliver(event, { header: null }),
        deliver(event, { header: "t=1,v1=00" }),
        t.request(WEBHOOK, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": goodHeader },
          body: tampered,
        }),
        t.request(WEBHOOK, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": stale },
          body,
        }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.status).toBe(400);
      expect(await state(checkout, student.id)).toEqual({
        status: "pending",
        end: "2027-12-31",
        subscriptions: [],
        events: 0,
      });
    });

    it("applies a replayed event once: the same event id again is a 200 that changes nothing", async () => {
      const { student, checkout } = await pendingCheckout();
      const event = sessionEvent("checkout.session.completed", checkout);
      for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
      expect(await state(checkout, student.id)).toEqual({
        status: "paid",
        end: "2028-01-30",
        subscriptions: extendedOnce,
        events: 1,
      });
    });

    it("extends once for two completed events of one checkout at once (each with its own event id)", async () => {
      const { student, checkout } = await pendingCheckout();
      const [a, b] = await Promise.all([
        deliver(sessionEvent("checkout.session.completed", checkout)),
        deliver(sessionEvent("checkout.session.completed", checkout)),
      ]);
      expect([a?.status, b?.status]).toEqual([200, 200]);
      expect(await state(checkout, student.id)).toEqual({
        status: "paid",
        end: "2028-01-30",
        subscriptions: extendedOnce,
        events: 2,
      });
    });

    it("extends once when the same event arrives twice at once", async () => {
      const { student, checkout } = await pendingCheckout();
      const event = sessionEvent("checkout.session.completed", checkout);
      const replies = await Promise.all([deliver(event), deliver(event), deliver(event)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await state(checkout, student.id)).toMatchObject({
        status: "paid",
        subscriptions: extendedOnce,
        events: 1,
      });
    });

    it("never undoes a payment with events out of order: an expiry or failure after completion changes nothing", async () => {
      const { student, checkout } = await pendingCheckout();
      const completed = sessionEvent("checkout.session.completed", checkout);
      const expired = sessionEvent("checkout.session.expired", checkout);
      const failed = sessionEvent("checkout.session.async_payment_failed", checkout);
      // The expiry was made after the payment but is delivered first here, then the rest.
      expect((await deliver(completed)).status).toBe(200);
      expect((await deliver(expired)).status).toBe(200);
      expect((await deliver(failed)).status).toBe(200);
      expect(await state(checkout, student.id)).toEqual({
        status: "paid",
        end: "2028-01-30",
        subscriptions: extendedOnce,
        events: 3,
      });
    });

    it("a failure declines and an expiry cancels a pending checkout, extending nothing", async () => {
      const declined = await pendingCheckout();
      await deliver(sessionEvent("checkout.session.async_payment_failed", declined.checkout));
      expect(await state(declined.checkout, declined.student.id)).toEqual({
        status: "declined",
        end: "2027-12-31",
        subscriptions: [],
        events: 1,
      });
      const expired = await pendingCheckout();
      await deliver(sessionEvent("checkout.session.expired", expired.checkout));
      expect(await state(expired.checkout, expired.student.id)).toMatchObject({
        status: "cancelled",
        subscriptions: [],
      });
    });

    it("extends nothing for a payment of another amount or currency than the checkout's (logged, still 200)", async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const { student, checkout } = await pendingCheckout();
        const cheaper = sessionEvent("checkout.session.completed", checkout, { amount_total: 1 });
        const otherCurrency = sessionEvent("checkout.session.completed", checkout, { currency: "usd" });
        expect((await deliver(cheaper)).status).toBe(200);
        expect((await deliver(otherCurrency)).status).toBe(200);
        expect(await state(checkout, student.id)).toMatchObject({ status: "pending", subscriptions: [] });
        expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
          expect.stringContaining(`payment event ${cheaper.id}`),
          expect.stringContaining(`payment event ${otherCurrency.id}`),
        ]);
      } finally {
        errors.mockRestore();
      }
    });

    it("answers 200 to a verified event it cannot place (an unknown reference, another session id) and changes nothing", async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const { student, checkout } = await pendingCheckout();
        const unknown = sessionEvent("checkout.session.completed", { ...checkout, id: randomUUID() });
        const otherSession = sessionEvent("checkout.session.completed", checkout, { id: "cs_test_someone_else" });
        const irrelevant = { ...sessionEvent("customer.created", checkout), data: { object: { id: "cus_1" } } };
        for (const event of [unknown, otherSession, irrelevant]) expect((await deliver(event)).status).toBe(200);
        expect(await state(checkout, student.id)).toMatchObject({ status: "pending", subscriptions: [] });
      } finally {
        errors.mockRestore();
      }
    });

    it("needs no session or same-origin proof (the provider sends no Origin), but a JSON body type", async () => {
      const { checkout } = await pendingCheckout();
      const body = JSON.stringify(sessionEvent("checkout.session.expired", checkout));
      const res = await t.request(WEBHOOK, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "Stripe-Signature": "t=1,v1=00" },
        body,
      });
      expect(res.status).toBe(415);
    });
  });
}
