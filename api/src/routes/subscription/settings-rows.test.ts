/**
 * The discount and the voucher switch read at run time from server_settings (issue 15), on each
 * database: a row wins over the environment, which wins over the default; a malformed row is left
 * out with a warning, never a 500; a change takes effect on the next request, without a restart.
 */
import { subscribePageReplySchema } from "@preflight/sync-protocol/schemas/subscription";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_DISCOUNT_VOUCHER } from "../../demo/subscriptions.ts";
import { signedInAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { VOUCHERS_DISABLED_MESSAGE } from "./index.ts";
import { SETTING_NAMES } from "./settings.ts";

const JUNE_5 = new Date("2026-06-05T09:00:00.000Z");
const NOV_21 = new Date("2026-11-21T09:00:00.000Z");
const ROW_KEYS = Object.values(SETTING_NAMES).map((n) => n.row);

for (const dialect of DIALECTS) {
  describe(`subscription settings from server_settings (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    }, 60_000);
    afterAll(() => t.close());
    beforeEach(async () => {
      t.deps.subscriptionSettings = undefined;
      await t.deps.db.deleteFrom("server_settings").where("key", "in", ROW_KEYS).execute();
      t.clock.advance(JUNE_5.getTime() - t.clock.now().getTime());
    });

    async function setRows(rows: Record<string, string>) {
      for (const [key, value] of Object.entries(rows)) {
        await t.deps.db.deleteFrom("server_settings").where("key", "=", key).execute();
        await t.deps.db.insertInto("server_settings").values({ key, value }).execute();
      }
    }

    async function page(cookie: string) {
      const res = await t.request("/api/subscribe", { cookie });
      expect(res.status).toBe(200);
      return subscribePageReplySchema.parse(await res.json());
    }

    it("puts today inside the window from the rows, without a restart, and charges what the page shows", async () => {
      const student = await signedInAccount(t);
      expect((await page(student.cookie)).discount).toBeNull();
      await setRows({ discount_start: "2026-06-01", discount_end: "2026-06-07", discount_percent: "25" });
      const june = await page(student.cookie);
      expect(june.discount).toEqual({ percent: 25, ends: "2026-06-08T00:00:00.000Z" });
      expect(june.subscriptions[0]?.prices.EUR).toBe(2175); // 29.00 − 25 %
      const res = await t.request("/subscribe/purchase", {
        method: "POST",
        cookie: student.cookie,
        json: { subscription: 1, currency: "EUR" },
      });
      expect(res.status).toBe(200);
      const { checkout_id } = (await res.json()) as { checkout_id: string };
      const checkout = await t.deps.db
        .selectFrom("checkouts")
        .select("amount_minor")
        .where("id", "=", checkout_id)
        .executeTakeFirstOrThrow();
      expect(checkout.amount_minor).toBe(2175);
      await t.deps.db.deleteFrom("server_settings").where("key", "in", ROW_KEYS).execute();
      expect((await page(student.cookie)).discount).toBeNull();
    });

    it("a row wins over the environment, the environment over the default", async () => {
      const student = await signedInAccount(t);
      t.deps.subscriptionSettings = { discountStart: "2026-06-01", discountEnd: "2026-06-30", discountPercent: 15 };
      expect((await page(student.cookie)).discount).toEqual({ percent: 15, ends: "2026-07-01T00:00:00.000Z" });
      await setRows({ discount_end: "2026-06-04" });
      expect((await page(student.cookie)).discount).toBeNull();
      await setRows({ discount_end: "2026-06-05T12:00:00Z", discount_percent: "30" });
      expect((await page(student.cookie)).discount).toEqual({ percent: 30, ends: "2026-06-05T12:00:00.000Z" });
      // Only the row's own setting is replaced: the default window runs in November.
      t.deps.subscriptionSettings = undefined;
      await t.deps.db.deleteFrom("server_settings").where("key", "in", ROW_KEYS).execute();
      await setRows({ discount_percent: "0" });
      t.clock.advance(NOV_21.getTime() - t.clock.now().getTime());
      const november = await signedInAccount(t);
      expect((await page(november.cookie)).discount).toBeNull();
      await setRows({ discount_percent: "20" });
      expect((await page(november.cookie)).discount).toEqual({ percent: 20, ends: "2026-12-01T00:00:00.000Z" });
    });

    it("vouchers_enabled 0 hides Redeem Voucher and refuses vouchers; 1 turns them back on over the environment", async () => {
      const student = await signedInAccount(t);
      await setRows({ vouchers_enabled: "0" });
      expect((await page(student.cookie)).vouchersEnabled).toBe(false);
      const refused = await t.request("/subscribe/voucher", {
        method: "POST",
        cookie: student.cookie,
        json: { code: DEMO_DISCOUNT_VOUCHER.code },
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(VOUCHERS_DISABLED_MESSAGE);
      t.deps.subscriptionSettings = { vouchersEnabled: false };
      await setRows({ vouchers_enabled: "1" });
      expect((await page(student.cookie)).vouchersEnabled).toBe(true);
      const redeemed = await t.request("/subscribe/voucher", {
        method: "POST",
        cookie: student.cookie,
        json: { code: DEMO_DISCOUNT_VOUCHER.code },
      });
      expect(redeemed.status).toBe(200);
    });

    it("leaves a malformed row out with a warning and keeps the environment's value: never a 500", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const student = await signedInAccount(t);
        t.deps.subscriptionSettings = { discountStart: "2026-06-01", discountEnd: "2026-06-10", discountPercent: 15 };
        await setRows({
          discount_start: "next monday",
          discount_end: "2026-06-31x",
          discount_percent: "20%",
          vouchers_enabled: "yes",
        });
        const data = await page(student.cookie);
        expect(data.discount).toEqual({ percent: 15, ends: "2026-06-11T00:00:00.000Z" });
        expect(data.vouchersEnabled).toBe(true);
        const warned = warn.mock.calls.map((call) => String(call[0])).join("\n");
        for (const key of ROW_KEYS) expect(warned).toContain(`server_settings ${key}`);
        for (const percent of ["101", "-5", "12.5"]) {
          await setRows({ discount_percent: percent });
          expect((await page(student.cookie)).discount?.percent).toBe(15);
        }
      } finally {
        warn.mockRestore();
      }
    });
  });
}
