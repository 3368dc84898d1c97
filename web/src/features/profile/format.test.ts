import { describe, expect, it } from "vitest";
import { formatDay, subscriptionExpiry, subscriptionLength, subscriptionStatus } from "./format.ts";

const NOW = new Date(2026, 5, 15, 12);
const sub = (change: Partial<Parameters<typeof subscriptionStatus>[0]>) => ({
  start: "2026-01-01",
  end: "2026-12-31",
  no_expiry: false,
  free_trial: false,
  ...change,
});

describe("profile dates and subscription wording", () => {
  it("formats a calendar day as that day, and an instant in local time", () => {
    expect(formatDay("2026-03-01")).toBe("1 Mar 2026");
    expect(formatDay(new Date(2026, 11, 24, 23, 30).toISOString())).toBe("24 Dec 2026");
    expect(formatDay("soon")).toBe("soon");
  });

  it("status: active, free trial, expired (the day after the end), none", () => {
    expect(subscriptionStatus(sub({}), NOW)).toBe("Active");
    expect(subscriptionStatus(sub({ free_trial: true }), NOW)).toBe("Free trial");
    expect(subscriptionStatus(sub({ end: "2026-06-15" }), NOW)).toBe("Active");
    expect(subscriptionStatus(sub({ end: "2026-06-14" }), NOW)).toBe("Expired");
    expect(subscriptionStatus(sub({ end: "2026-06-14", free_trial: true }), NOW)).toBe("Expired");
    expect(subscriptionStatus(sub({ end: null, no_expiry: true }), NOW)).toBe("Active");
    expect(subscriptionStatus(sub({ start: null, end: null }), NOW)).toBe("No subscription");
  });

  it("expiry: 'No expiry' when the subscription has none", () => {
    expect(subscriptionExpiry(sub({ end: null, no_expiry: true }))).toBe("No expiry");
    expect(subscriptionExpiry(sub({}))).toBe("31 Dec 2026");
    expect(subscriptionLength({ length: 30, start: "2026-01-01", end: "2026-01-30", kind: "purchase" })).toBe(
      "30 days",
    );
    expect(subscriptionLength({ length: 1, start: "2026-01-01", end: "2026-01-01", kind: "voucher" })).toBe("1 day");
  });
});
