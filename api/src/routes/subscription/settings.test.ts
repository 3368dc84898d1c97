import { describe, expect, it } from "vitest";
import { discountWindow, subscriptionSettingsFromEnv, vouchersEnabled } from "./settings.ts";

describe("subscription settings from the environment", () => {
  it("defaults: vouchers on, the discount 20 % from 17 to 30 November (included) of the clock's year", () => {
    const settings = subscriptionSettingsFromEnv({});
    expect(vouchersEnabled(settings)).toBe(true);
    expect(discountWindow(settings, new Date("2027-05-01T00:00:00Z"))).toEqual({
      start: "2027-11-17T00:00:00.000Z",
      end: "2027-12-01T00:00:00.000Z",
      percent: 20,
    });
  });

  it("reads DISCOUNT_START, DISCOUNT_END (a date's whole day, or an instant), DISCOUNT_PERCENT and VOUCHERS_ENABLED", () => {
    const settings = subscriptionSettingsFromEnv({
      DISCOUNT_START: "2026-06-01",
      DISCOUNT_END: "2026-06-10",
      DISCOUNT_PERCENT: "15",
      VOUCHERS_ENABLED: "0",
    });
    expect(vouchersEnabled(settings)).toBe(false);
    expect(discountWindow(settings, new Date())).toEqual({
      start: "2026-06-01T00:00:00.000Z",
      end: "2026-06-11T00:00:00.000Z",
      percent: 15,
    });
    const instants = subscriptionSettingsFromEnv({
      DISCOUNT_START: "2026-06-01T12:00:00Z",
      DISCOUNT_END: "2026-06-02T12:00:00Z",
    });
    expect(discountWindow(instants, new Date())).toMatchObject({
      start: "2026-06-01T12:00:00.000Z",
      end: "2026-06-02T12:00:00.000Z",
    });
  });

  it("stops the server at start on a malformed value rather than running another discount", () => {
    expect(() => subscriptionSettingsFromEnv({ DISCOUNT_START: "next monday" })).toThrow(/DISCOUNT_START/);
    // Date.parse takes "1" as the year 2001: only a date or an ISO instant is a date here.
    expect(() => subscriptionSettingsFromEnv({ DISCOUNT_END: "1" })).toThrow(/DISCOUNT_END/);
    expect(() => subscriptionSettingsFromEnv({ DISCOUNT_PERCENT: "20%" })).toThrow(/DISCOUNT_PERCENT/);
    expect(() => subscriptionSettingsFromEnv({ DISCOUNT_PERCENT: "101" })).toThrow(/DISCOUNT_PERCENT/);
  });
});
