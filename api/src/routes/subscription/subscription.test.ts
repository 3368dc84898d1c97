/**
 * The subscription page's data, the purchase and vouchers (spec accounts §2–§9; issue 15), on
 * each database, with the payment sandbox behind deps.payments: the discount inside and outside
 * its dates on the injected clock, the amount computed on the server whatever the body says, every
 * bad input of the list, a paid checkout as the student sees it afterwards, and vouchers.
 */
import { randomUUID } from "node:crypto";
import {
  type CheckoutStatusReply,
  checkoutStatusReplySchema,
  purchaseReplySchema,
  SUBSCRIPTION_MESSAGES,
  type SubscribePageReply,
  subscribePageReplySchema,
} from "@preflight/sync-protocol/schemas/subscription";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DISCOUNT_VOUCHER, DEMO_FREE_DAYS_VOUCHER } from "../../demo/subscriptions.ts";
import { type ErrorReply, signedInAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { NO_EXPIRY_MESSAGE } from "./effects.ts";
import { FREE_DAYS_AT_PURCHASE_MESSAGE, VOUCHERS_DISABLED_MESSAGE } from "./index.ts";

const DAY = 86_400_000;
/** The harness clock's day, inside the default discount (17–30 November). */
const NOV_21 = new Date("2026-11-21T09:00:00.000Z");

for (const dialect of DIALECTS) {
  describe(`subscriptions (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    }, 60_000);
    afterAll(() => t.close());
    beforeEach(() => {
      t.deps.subscriptionSettings = undefined;
      setClock(NOV_21);
    });

    function setClock(at: Date) {
      t.clock.advance(at.getTime() - t.clock.now().getTime());
    }

    async function page(cookie: string): Promise<SubscribePageReply> {
      const res = await t.request("/api/subscribe", { cookie });
      expect(res.status).toBe(200);
      return subscribePageReplySchema.parse(await res.json());
    }

    const purchase = (cookie: string, json: unknown) =>
      t.request("/subscribe/purchase", { method: "POST", cookie, json });
    const redeem = (cookie: string, code: unknown) =>
      t.request("/subscribe/voucher", { method: "POST", cookie, json: { code } });

    async function refused(res: Response, status: number, message: string) {
      expect(res.status).toBe(status);
      expect(((await res.json()) as ErrorReply).error.message).toBe(message);
    }

    async function checkoutRow(id: string) {
      return t.deps.db.selectFrom("checkouts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    }

    async function accountEnd(userId: string) {
      const row = await t.deps.db
        .selectFrom("users")
        .select("subscription_end")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      return row.subscription_end;
    }

    /** Presses a button of the sandbox's checkout page, then waits for its webhook to be delivered. */
    async function press(url: string, button: "pay" | "decline" | "cancel") {
      const res = await fetch(`${url}/${button}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      await t.payments.sandbox?.webhooks.idle();
      return res;
    }

    describe("GET /api/subscribe", () => {
      it("offers every currency and type, the price charged with the discount while it runs (17–30 November)", async () => {
        const student = await signedInAccount(t);
        const data = await page(student.cookie);
        expect(data.currencies.map((c) => [c.code, c.default])).toEqual([
          ["EUR", true],
          ["GBP", false],
          ["USD", false],
        ]);
        expect(data.subscriptions.map((s) => [s.description, s.length_days])).toEqual([
          ["1 month", 30],
          ["3 months", 90],
          ["6 months", 180],
          ["12 months", 365],
        ]);
        const month = data.subscriptions[0];
        expect(month?.regular_prices).toEqual({ EUR: 2900, GBP: 2500, USD: 3200 });
        expect(month?.prices).toEqual({ EUR: 2320, GBP: 2000, USD: 2560 });
        expect(data.subscriptions[3]?.prices.EUR).toBe(15920);
        expect(data.discount).toEqual({ percent: 20, ends: "2026-12-01T00:00:00.000Z" });
        expect(data.vouchersEnabled).toBe(true);
        expect(data.subscription).toEqual({ status: "active", end: "2027-12-31" });
      });

      it("charges the regular price outside the discount's dates, on either side", async () => {
        for (const at of ["2026-11-16T23:59:59.000Z", "2026-12-01T00:00:00.000Z", "2027-03-01T12:00:00.000Z"]) {
          setClock(new Date(at));
          const student = await signedInAccount(t);
          const data = await page(student.cookie);
          expect(data.discount).toBeNull();
          for (const offer of data.subscriptions) expect(offer.prices).toEqual(offer.regular_prices);
        }
      });

      it("takes the discount's dates and percent from the server's settings, and vouchers can be switched off", async () => {
        const student = await signedInAccount(t);
        t.deps.subscriptionSettings = {
          discountStart: "2026-06-01",
          discountEnd: "2026-06-10",
          discountPercent: 15,
          vouchersEnabled: false,
        };
        setClock(new Date("2026-06-10T22:00:00.000Z"));
        const june = await page(student.cookie);
        expect(june.discount).toEqual({ percent: 15, ends: "2026-06-11T00:00:00.000Z" });
        expect(june.subscriptions[0]?.prices.EUR).toBe(2465); // 29.00 − 15 %
        expect(june.vouchersEnabled).toBe(false);
        await refused(await redeem(student.cookie, DEMO_FREE_DAYS_VOUCHER.code), 403, VOUCHERS_DISABLED_MESSAGE);
        setClock(NOV_21);
        expect((await page(student.cookie)).discount).toBeNull();
      });

      it("says where the subscription stands: expired, free trial, no expiry, none", async () => {
        const cases = [
          [{ subscription_start: "2025-01-01", subscription_end: "2025-12-31" }, "expired"],
          [{ subscription_start: "2026-11-20", subscription_end: "2026-11-27" }, "free_trial"],
          [{ subscription_start: "2026-01-01", subscription_end: null }, "no_expiry"],
          [{ subscription_start: null, subscription_end: null }, "none"],
        ] as const;
        for (const [dates, status] of cases) {
          const student = await signedInAccount(t);
          await t.deps.db.updateTable("users").set(dates).where("id", "=", student.id).execute();
          if (status === "free_trial")
            await t.deps.db
              .insertInto("user_subscriptions")
              .values({
                id: randomUUID(),
                user_id: student.id,
                kind: "free_trial",
                length_days: 7,
                start_date: "2026-11-20",
                end_date: "2026-11-27",
                created_at: NOV_21.toISOString(),
              })
              .execute();
          expect((await page(student.cookie)).subscription).toEqual({ status, end: dates.subscription_end });
        }
      });

      it("needs a session", async () => {
        expect((await t.request("/api/subscribe")).status).toBe(401);
      });
    });

    describe("POST /subscribe/purchase", () => {
      it("creates a pending checkout at the server's amount and answers the provider's page; nothing is extended yet", async () => {
        const student = await signedInAccount(t);
        const res = await purchase(student.cookie, { subscription: 1, currency: "EUR" });
        expect(res.status).toBe(200);
        const reply = purchaseReplySchema.parse(await res.json());
        expect(reply.redirect.startsWith(`${t.payments.sandbox?.origin}/`)).toBe(true);
        const checkout = await checkoutRow(reply.checkout_id);
        expect(checkout).toMatchObject({
          user_id: student.id,
          amount_minor: 2320,
          status: "pending",
          provider: "sandbox",
        });
        const session = t.payments.sandbox?.session(checkout.provider_id ?? "");
        expect(session?.amount_total).toBe(2320);
        expect(session?.currency).toBe("eur");
        expect(session?.success_url).toBe(`http://app.preflight.test/subscribe/return?checkout=${reply.checkout_id}`);
        expect(session?.cancel_url).toBe(
          `http://app.preflight.test/subscribe/return?checkout=${reply.checkout_id}&cancelled=1`,
        );
        expect(await accountEnd(student.id)).toBe("2027-12-31");
      });

      it("never takes an amount from the client: a body's amount or price is ignored", async () => {
        setClock(new Date("2027-02-01T10:00:00.000Z"));
        const student = await signedInAccount(t);
        const res = await purchase(student.cookie, {
          subscription: 2,
          currency: "GBP",
          amount: 1,
          amount_minor: 1,
          price: 1,
        });
        expect(res.status).toBe(200);
        const { checkout_id } = purchaseReplySchema.parse(await res.json());
        const checkout = await checkoutRow(checkout_id);
        expect(checkout.amount_minor).toBe(5900);
        expect(t.payments.sandbox?.session(checkout.provider_id ?? "")?.amount_total).toBe(5900);
      });

      it("takes a discount voucher's percent off what the discount left", async () => {
        const student = await signedInAccount(t);
        const res = await purchase(student.cookie, {
          subscription: 1,
          currency: "EUR",
          voucher: DEMO_DISCOUNT_VOUCHER.code.toLowerCase(),
        });
        expect(res.status).toBe(200);
        const { checkout_id } = purchaseReplySchema.parse(await res.json());
        expect((await checkoutRow(checkout_id)).amount_minor).toBe(2088); // 29.00 − 20 % − 10 %
      });

      it("refuses bad input with a 400 and the spec's message, and starts no checkout", async () => {
        const student = await signedInAccount(t);
        const cases: [unknown, string][] = [
          [{ subscription: 1, currency: "XYZ" }, SUBSCRIPTION_MESSAGES.currencyRequired],
          [{ subscription: 1 }, SUBSCRIPTION_MESSAGES.currencyRequired],
          [{ subscription: 99, currency: "EUR" }, SUBSCRIPTION_MESSAGES.subscriptionRequired],
          [{ subscription: 2_147_483_647, currency: "EUR" }, SUBSCRIPTION_MESSAGES.subscriptionRequired],
          [{ currency: "EUR" }, SUBSCRIPTION_MESSAGES.subscriptionRequired],
          [{ subscription: "one month", currency: "EUR" }, SUBSCRIPTION_MESSAGES.subscriptionRequired],
          [{ subscription: -1, currency: "EUR" }, SUBSCRIPTION_MESSAGES.subscriptionRequired],
          [{ subscription: 1, currency: "EUR", voucher: "NOSUCHCODE" }, SUBSCRIPTION_MESSAGES.voucherUnknown],
          [{ subscription: 1, currency: "EUR", voucher: DEMO_FREE_DAYS_VOUCHER.code }, FREE_DAYS_AT_PURCHASE_MESSAGE],
        ];
        for (const [body, message] of cases) {
          const res = await purchase(student.cookie, body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          const reply = (await res.json()) as ErrorReply;
          expect(reply.error.message, JSON.stringify(body)).toContain(message);
        }
        // A type no longer sold is as unknown as one that never was.
        await t.deps.db.updateTable("subscription_types").set({ active: 0 }).where("id", "=", 3).execute();
        await refused(
          await purchase(student.cookie, { subscription: 3, currency: "EUR" }),
          400,
          SUBSCRIPTION_MESSAGES.subscriptionRequired,
        );
        await t.deps.db.updateTable("subscription_types").set({ active: 1 }).where("id", "=", 3).execute();
        const checkouts = await t.deps.db
          .selectFrom("checkouts")
          .select("id")
          .where("user_id", "=", student.id)
          .execute();
        expect(checkouts).toEqual([]);
      });

      it("refuses a subscription without expiry: there is nothing to extend (409)", async () => {
        const student = await signedInAccount(t);
        await t.deps.db.updateTable("users").set({ subscription_end: null }).where("id", "=", student.id).execute();
        await refused(await purchase(student.cookie, { subscription: 1, currency: "EUR" }), 409, NO_EXPIRY_MESSAGE);
      });
    });

    describe("paying through the sandbox, and GET /api/subscribe/checkout/{id}", () => {
      async function startCheckout(cookie: string, json: unknown = { subscription: 1, currency: "EUR" }) {
        const res = await purchase(cookie, json);
        expect(res.status).toBe(200);
        return purchaseReplySchema.parse(await res.json());
      }

      async function status(cookie: string, id: string): Promise<CheckoutStatusReply> {
        const res = await t.request(`/api/subscribe/checkout/${id}`, { cookie });
        expect(res.status).toBe(200);
        return checkoutStatusReplySchema.parse(await res.json());
      }

      it("pay: the webhook marks the checkout paid and extends from the current end; the profile shows the new end", async () => {
        const student = await signedInAccount(t);
        const { redirect, checkout_id } = await startCheckout(student.cookie);
        expect((await status(student.cookie, checkout_id)).status).toBe("pending");
        const res = await press(redirect, "pay");
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe(`http://app.preflight.test/subscribe/return?checkout=${checkout_id}`);
        expect(await status(student.cookie, checkout_id)).toEqual({
          status: "paid",
          message: SUBSCRIPTION_MESSAGES.paymentConfirmed,
          subscription: { status: "active", end: "2028-01-30" },
        });
        const profile = (await (await t.request("/api/profile", { cookie: student.cookie })).json()) as {
          subscription: { end: string };
          userSubscriptions: { kind: string; start: string; end: string; length: number }[];
        };
        expect(profile.subscription.end).toBe("2028-01-30");
        expect(profile.userSubscriptions.at(-1)).toEqual({
          kind: "purchase",
          start: "2027-12-31",
          end: "2028-01-30",
          length: 30,
        });
      });

      it("a lapsed subscription starts again today", async () => {
        const student = await signedInAccount(t);
        await t.deps.db
          .updateTable("users")
          .set({ subscription_start: "2025-01-01", subscription_end: "2025-06-30" })
          .where("id", "=", student.id)
          .execute();
        const { redirect } = await startCheckout(student.cookie, { subscription: 4, currency: "USD" });
        await press(redirect, "pay");
        const user = await t.deps.db
          .selectFrom("users")
          .select(["subscription_start", "subscription_end"])
          .where("id", "=", student.id)
          .executeTakeFirstOrThrow();
        expect(user).toEqual({ subscription_start: "2026-11-21", subscription_end: "2027-11-21" });
      });

      it("decline and cancel leave the subscription as it was and say so", async () => {
        const student = await signedInAccount(t);
        const declined = await startCheckout(student.cookie);
        expect((await press(declined.redirect, "decline")).status).toBe(402);
        expect(await status(student.cookie, declined.checkout_id)).toEqual({
          status: "declined",
          message: SUBSCRIPTION_MESSAGES.paymentDeclined,
          subscription: { status: "active", end: "2027-12-31" },
        });
        const cancelled = await startCheckout(student.cookie);
        const res = await press(cancelled.redirect, "cancel");
        expect(res.headers.get("location")).toBe(
          `http://app.preflight.test/subscribe/return?checkout=${cancelled.checkout_id}&cancelled=1`,
        );
        expect(await status(student.cookie, cancelled.checkout_id)).toEqual({
          status: "cancelled",
          message: SUBSCRIPTION_MESSAGES.paymentCancelled,
          subscription: { status: "active", end: "2027-12-31" },
        });
        const rows = await t.deps.db
          .selectFrom("user_subscriptions")
          .select("id")
          .where("user_id", "=", student.id)
          .execute();
        expect(rows).toEqual([]);
      });

      it("a paid discount voucher is redeemed with its checkout, once per account", async () => {
        const student = await signedInAccount(t);
        const { redirect } = await startCheckout(student.cookie, {
          subscription: 1,
          currency: "EUR",
          voucher: DEMO_DISCOUNT_VOUCHER.code,
        });
        await press(redirect, "pay");
        await refused(
          await purchase(student.cookie, { subscription: 1, currency: "EUR", voucher: DEMO_DISCOUNT_VOUCHER.code }),
          409,
          SUBSCRIPTION_MESSAGES.voucherAlreadyUsed,
        );
        await refused(
          await redeem(student.cookie, DEMO_DISCOUNT_VOUCHER.code),
          409,
          SUBSCRIPTION_MESSAGES.voucherAlreadyUsed,
        );
      });

      it("answers only the student's own checkout: another's or an unknown one is a 404", async () => {
        const owner = await signedInAccount(t);
        const other = await signedInAccount(t);
        const { checkout_id } = await startCheckout(owner.cookie);
        for (const id of [checkout_id, randomUUID()]) {
          const res = await t.request(`/api/subscribe/checkout/${id}`, { cookie: other.cookie });
          expect(res.status).toBe(404);
        }
        expect((await t.request(`/api/subscribe/checkout/not-a-uuid`, { cookie: owner.cookie })).status).toBe(400);
      });
    });

    describe("POST /subscribe/voucher", () => {
      it("a free-days voucher extends at once (a 'voucher' subscription), once per account", async () => {
        const student = await signedInAccount(t);
        const res = await redeem(student.cookie, " welcome7 ");
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          kind: "free_days",
          days: 7,
          end: "2028-01-07",
          message: "7 free days added: your subscription now ends on 2028-01-07.",
        });
        expect(await accountEnd(student.id)).toBe("2028-01-07");
        const rows = await t.deps.db
          .selectFrom("user_subscriptions")
          .select(["kind", "start_date", "end_date"])
          .where("user_id", "=", student.id)
          .execute();
        expect(rows).toEqual([{ kind: "voucher", start_date: "2027-12-31", end_date: "2028-01-07" }]);
        await refused(await redeem(student.cookie, "WELCOME7"), 409, SUBSCRIPTION_MESSAGES.voucherAlreadyUsed);
        expect(await accountEnd(student.id)).toBe("2028-01-07");
      });

      it("a discount voucher answers its percent and is not redeemed until its checkout is paid", async () => {
        const student = await signedInAccount(t);
        const res = await redeem(student.cookie, DEMO_DISCOUNT_VOUCHER.code);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ kind: "discount", percent: 10 });
        const redeemed = await t.deps.db
          .selectFrom("voucher_redemptions")
          .select("voucher_id")
          .where("user_id", "=", student.id)
          .execute();
        expect(redeemed).toEqual([]);
      });

      it("refuses unknown, expired and used-up vouchers with the spec's messages", async () => {
        const student = await signedInAccount(t);
        await refused(await redeem(student.cookie, "NOSUCHCODE"), 400, SUBSCRIPTION_MESSAGES.voucherUnknown);
        expect((await redeem(student.cookie, "")).status).toBe(400);
        expect((await redeem(student.cookie, "X".repeat(41))).status).toBe(400);
        const base = { kind: "free_days" as const, percent: null, days: 3, created_at: NOV_21.toISOString() };
        await t.deps.db
          .insertInto("vouchers")
          .values([
            {
              ...base,
              id: 101,
              code: "OLD3",
              valid_from: "2025-01-01T00:00:00Z",
              valid_until: "2026-01-01T00:00:00Z",
              max_redemptions: null,
            },
            {
              ...base,
              id: 102,
              code: "SOON3",
              valid_from: "2027-01-01T00:00:00Z",
              valid_until: "2028-01-01T00:00:00Z",
              max_redemptions: null,
            },
            {
              ...base,
              id: 103,
              code: "ONCE3",
              valid_from: "2025-01-01T00:00:00Z",
              valid_until: "2030-01-01T00:00:00Z",
              max_redemptions: 1,
            },
          ])
          .execute();
        await refused(await redeem(student.cookie, "OLD3"), 400, SUBSCRIPTION_MESSAGES.voucherExpired);
        await refused(await redeem(student.cookie, "SOON3"), 400, SUBSCRIPTION_MESSAGES.voucherExpired);
        const first = await signedInAccount(t);
        expect((await redeem(first.cookie, "ONCE3")).status).toBe(200);
        await refused(await redeem(student.cookie, "ONCE3"), 409, SUBSCRIPTION_MESSAGES.voucherUsedUp);
        expect(await accountEnd(student.id)).toBe("2027-12-31");
      });

      it("redeems a limited voucher no more often than its limit when accounts redeem it at once", async () => {
        await t.deps.db
          .insertInto("vouchers")
          .values({
            id: 104,
            code: "TWICE5",
            kind: "free_days",
            percent: null,
            days: 5,
            valid_from: "2025-01-01T00:00:00Z",
            valid_until: "2030-01-01T00:00:00Z",
            max_redemptions: 2,
            created_at: NOV_21.toISOString(),
          })
          .execute();
        const students = await Promise.all([1, 2, 3, 4, 5].map(() => signedInAccount(t)));
        const statuses = await Promise.all(students.map(async (s) => (await redeem(s.cookie, "TWICE5")).status));
        expect(statuses.filter((s) => s === 200)).toHaveLength(2);
        expect(statuses.filter((s) => s === 409)).toHaveLength(3);
        const count = await t.deps.db
          .selectFrom("voucher_redemptions")
          .select("user_id")
          .where("voucher_id", "=", 104)
          .execute();
        expect(count).toHaveLength(2);
      });

      it("limits guessing: after 5 unknown codes the account waits (429 with Retry-After)", async () => {
        const student = await signedInAccount(t);
        for (let i = 0; i < 5; i++) expect((await redeem(student.cookie, `GUESS${i}`)).status).toBe(400);
        const limited = await redeem(student.cookie, "GUESS6");
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
        // Even the right code waits: a guess that lands is not told apart.
        expect((await redeem(student.cookie, DEMO_FREE_DAYS_VOUCHER.code)).status).toBe(429);
        t.clock.advance(DAY);
        expect((await redeem(student.cookie, DEMO_FREE_DAYS_VOUCHER.code)).status).toBe(200);
      });
    });
  });
}
