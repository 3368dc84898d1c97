/**
 * A purchase the discounts bring to 0 (a 100 % voucher, or the discount and a voucher together),
 * on each database: no provider is asked to charge nothing; the subscription is extended at once
 * in one transaction, recorded as the voucher's, the voucher redeemed once, and the answer
 * redirects to the return page, whose checkout reads paid. And the discount voucher's message
 * names the button the page shows.
 */
import { randomUUID } from "node:crypto";
import { checkoutStatusReplySchema, SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DISCOUNT_VOUCHER } from "../../demo/subscriptions.ts";
import { type ErrorReply, signedInAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { NO_PROVIDER } from "./effects.ts";

/** Inside the default discount (17–30 November, 20 %). */
const NOV_21 = new Date("2026-11-21T09:00:00.000Z");
const MAY_1 = new Date("2026-05-01T09:00:00.000Z");

for (const dialect of DIALECTS) {
  describe(`checkouts of nothing and the voucher's words (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      const voucher = {
        kind: "discount" as const,
        days: null,
        valid_from: "2025-01-01T00:00:00Z",
        valid_until: "2030-01-01T00:00:00Z",
        created_at: NOV_21.toISOString(),
      };
      await t.deps.db
        .insertInto("vouchers")
        .values([
          { ...voucher, id: 201, code: "FREE100", percent: 100, max_redemptions: null },
          { ...voucher, id: 202, code: "ONCE100", percent: 100, max_redemptions: 1 },
        ])
        .execute();
    }, 60_000);
    afterAll(() => t.close());
    beforeEach(() => {
      t.deps.subscriptionSettings = undefined;
      t.clock.advance(NOV_21.getTime() - t.clock.now().getTime());
    });

    const purchase = (cookie: string, json: unknown) =>
      t.request("/subscribe/purchase", { method: "POST", cookie, json });

    async function account(userId: string) {
      return t.deps.db
        .selectFrom("users")
        .select(["subscription_end"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
    }

    /** Runs `during` with no payment provider at all: a free checkout must not need one. */
    async function withoutProvider<T>(during: () => Promise<T>): Promise<T> {
      const payments = t.deps.payments;
      t.deps.payments = undefined;
      try {
        return await during();
      } finally {
        t.deps.payments = payments;
      }
    }

    it("a 100 % voucher extends at once, as a voucher subscription, and redirects to the return page", async () => {
      const student = await signedInAccount(t);
      const res = await withoutProvider(() =>
        purchase(student.cookie, { subscription: 2, currency: "GBP", voucher: "free100" }),
      );
      expect(res.status).toBe(200);
      const reply = (await res.json()) as { redirect: string; checkout_id: string };
      const redirect = new URL(reply.redirect);
      expect(redirect.pathname).toBe("/subscribe/return");
      expect(redirect.searchParams.get("checkout")).toBe(reply.checkout_id);

      expect((await account(student.id)).subscription_end).toBe("2028-03-30"); // 2027-12-31 + 90 days
      const checkout = await t.deps.db
        .selectFrom("checkouts")
        .selectAll()
        .where("id", "=", reply.checkout_id)
        .executeTakeFirstOrThrow();
      expect(checkout).toMatchObject({ status: "paid", amount_minor: 0, provider: NO_PROVIDER, provider_id: null });
      const rows = await t.deps.db
        .selectFrom("user_subscriptions")
        .select(["id", "kind", "length_days", "start_date", "end_date"])
        .where("user_id", "=", student.id)
        .where("kind", "=", "voucher")
        .execute();
      expect(rows).toEqual([
        {
          id: checkout.user_subscription_id,
          kind: "voucher",
          length_days: 90,
          start_date: "2027-12-31",
          end_date: "2028-03-30",
        },
      ]);
      const redemptions = await t.deps.db
        .selectFrom("voucher_redemptions")
        .select(["voucher_id", "checkout_id"])
        .where("user_id", "=", student.id)
        .execute();
      expect(redemptions).toEqual([{ voucher_id: 201, checkout_id: reply.checkout_id }]);

      const status = await t.request(`/api/subscribe/checkout/${reply.checkout_id}`, { cookie: student.cookie });
      expect(checkoutStatusReplySchema.parse(await status.json())).toEqual({
        status: "paid",
        message: SUBSCRIPTION_MESSAGES.paymentConfirmed,
        subscription: { status: "active", end: "2028-03-30" },
      });

      const again = await purchase(student.cookie, { subscription: 2, currency: "GBP", voucher: "FREE100" });
      expect(again.status).toBe(409);
      expect(((await again.json()) as ErrorReply).error.message).toBe(SUBSCRIPTION_MESSAGES.voucherAlreadyUsed);
      expect((await account(student.id)).subscription_end).toBe("2028-03-30");
    });

    it("the discount and a voucher reaching 0 together settle at once too", async () => {
      t.deps.subscriptionSettings = { discountPercent: 100 };
      const student = await signedInAccount(t);
      const res = await withoutProvider(() =>
        purchase(student.cookie, { subscription: 1, currency: "EUR", voucher: DEMO_DISCOUNT_VOUCHER.code }),
      );
      expect(res.status).toBe(200);
      expect((await account(student.id)).subscription_end).toBe("2028-01-30");
      const count = await t.deps.db
        .selectFrom("voucher_redemptions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", student.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it("a used-up 100 % voucher is refused and nothing is extended, even when two try at once", async () => {
      const [a, b] = [await signedInAccount(t), await signedInAccount(t)];
      const replies = await Promise.all(
        [a, b].map((s) => purchase(s.cookie, { subscription: 1, currency: "USD", voucher: "ONCE100" })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const ends = [(await account(a.id)).subscription_end, (await account(b.id)).subscription_end].sort();
      expect(ends).toEqual(["2027-12-31", "2028-01-30"]);
      const paid = await t.deps.db.selectFrom("checkouts").select("id").where("user_id", "in", [a.id, b.id]).execute();
      expect(paid).toHaveLength(1);
    });

    it("the discount voucher's message names the button the page shows: Extend, or Purchase for a free trial", async () => {
      const redeem = async (cookie: string) => {
        const res = await t.request("/subscribe/voucher", {
          method: "POST",
          cookie,
          json: { code: DEMO_DISCOUNT_VOUCHER.code },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { message: string }).message;
      };
      const active = await signedInAccount(t);
      expect(await redeem(active.cookie)).toBe("10% off your purchase: choose a subscription and press Extend.");

      t.clock.advance(MAY_1.getTime() - t.clock.now().getTime());
      const trial = await signedInAccount(t);
      await t.deps.db
        .updateTable("users")
        .set({ subscription_start: "2026-04-28", subscription_end: "2026-05-05" })
        .where("id", "=", trial.id)
        .execute();
      await t.deps.db
        .insertInto("user_subscriptions")
        .values({
          id: randomUUID(),
          user_id: trial.id,
          kind: "free_trial",
          length_days: 7,
          start_date: "2026-04-28",
          end_date: "2026-05-05",
          created_at: MAY_1.toISOString(),
        })
        .execute();
      expect(await redeem(trial.cookie)).toBe("10% off your purchase: choose a subscription and press Purchase.");
    });
  });
}
