import { describe, expect, it } from "vitest";
import { addDays, chargedAmount, discountRuns, extendedPeriod } from "./pricing.ts";

describe("chargedAmount: the price with each percentage off applied in turn, rounded once half up", () => {
  it("is the regular price without a discount", () => {
    expect(chargedAmount(2900, [])).toBe(2900);
    expect(chargedAmount(2900, [null, undefined, 0])).toBe(2900);
  });

  it("takes the limited-time discount off", () => {
    expect(chargedAmount(2900, [20])).toBe(2320);
    expect(chargedAmount(19900, [20])).toBe(15920);
  });

  it("applies a voucher's percent to what the discount left", () => {
    // 29.00 − 20 % = 23.20, − 10 % = 20.88
    expect(chargedAmount(2900, [20, 10])).toBe(2088);
    expect(chargedAmount(2900, [10, 20])).toBe(2088);
  });

  it("rounds half a minor unit up, and no further", () => {
    expect(chargedAmount(5, [10])).toBe(5); // 4.5 → 5
    expect(chargedAmount(15, [10])).toBe(14); // 13.5 → 14
    expect(chargedAmount(11, [10])).toBe(10); // 9.9 → 10
    expect(chargedAmount(3333, [15, 15])).toBe(2408); // 2408.0925
  });

  it("charges nothing for 100 % off", () => {
    expect(chargedAmount(6900, [100])).toBe(0);
  });

  it("refuses amounts that are not whole minor units and impossible percents", () => {
    expect(() => chargedAmount(29.5, [])).toThrow(RangeError);
    expect(() => chargedAmount(-1, [])).toThrow(RangeError);
    expect(() => chargedAmount(2900, [101])).toThrow(RangeError);
    expect(() => chargedAmount(2900, [12.5])).toThrow(RangeError);
  });
});

describe("discountRuns: from its start (included) to its end (excluded)", () => {
  const november = { start: "2026-11-17T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z", percent: 20 };

  it("runs inside its dates only", () => {
    expect(discountRuns(november, new Date("2026-11-16T23:59:59.999Z"))).toBe(false);
    expect(discountRuns(november, new Date("2026-11-17T00:00:00.000Z"))).toBe(true);
    expect(discountRuns(november, new Date("2026-11-30T23:59:59.999Z"))).toBe(true);
    expect(discountRuns(november, new Date("2026-12-01T00:00:00.000Z"))).toBe(false);
  });

  it("never runs at 0 %", () => {
    expect(discountRuns({ ...november, percent: 0 }, new Date("2026-11-20T00:00:00.000Z"))).toBe(false);
  });
});

describe("extendedPeriod: from the later of today and the current end", () => {
  it("extends a running subscription from its end", () => {
    expect(extendedPeriod("2026-11-21", "2026-12-10", 30)).toEqual({ start: "2026-12-10", end: "2027-01-09" });
  });

  it("starts a lapsed subscription, or a first one, today", () => {
    expect(extendedPeriod("2026-11-21", "2026-10-01", 30)).toEqual({ start: "2026-11-21", end: "2026-12-21" });
    expect(extendedPeriod("2026-11-21", null, 365)).toEqual({ start: "2026-11-21", end: "2027-11-21" });
  });

  it("adds days across months and leap years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});
