import { describe, expect, it } from "vitest";
import { lastZoneDay, mayStartTests, subscriptionStatus, testStartRefusal } from "./subscription-access.ts";

const TODAY = "2026-11-25";
const running = { start: "2026-01-01", end: "2026-12-31" };

describe("subscriptionStatus: where a subscription stands on a day", () => {
  it("runs through its end day and has expired the day after", () => {
    expect(subscriptionStatus({ start: "2026-01-01", end: TODAY }, TODAY)).toBe("active");
    expect(subscriptionStatus({ start: "2026-01-01", end: "2026-11-24" }, TODAY)).toBe("expired");
  });

  it("reads a start without an end, or the account's flag, as no expiry", () => {
    expect(subscriptionStatus({ start: "2026-01-01", end: null }, TODAY)).toBe("no_expiry");
    expect(subscriptionStatus({ start: null, end: null, no_expiry: true }, TODAY)).toBe("no_expiry");
  });

  it("is none for an account that never held one, and free_trial while a trial runs", () => {
    expect(subscriptionStatus({ start: null, end: null }, TODAY)).toBe("none");
    expect(subscriptionStatus({ ...running, free_trial: true }, TODAY)).toBe("free_trial");
    expect(subscriptionStatus({ start: "2026-11-01", end: "2026-11-08", free_trial: true }, TODAY)).toBe("expired");
  });
});

describe("mayStartTests: new tests only while a subscription or free trial runs", () => {
  it("opens for active, free_trial and no_expiry, not for expired or none", () => {
    expect(["active", "free_trial", "no_expiry"].every((s) => mayStartTests(s as never))).toBe(true);
    expect(mayStartTests("expired")).toBe(false);
    expect(mayStartTests("none")).toBe(false);
  });
});

describe("testStartRefusal: why a new test cannot start", () => {
  it("lets a running subscription start any test", () => {
    expect(testStartRefusal(running, { fixed: false }, TODAY)).toBeNull();
  });

  it("says when an expired subscription or trial ended, and that the record stays open", () => {
    expect(testStartRefusal({ start: "2025-01-01", end: "2025-12-31" }, { fixed: false }, TODAY)).toBe(
      "Your subscription ended on 31/12/2025: extend it on the Subscription page to start new tests. Your lessons, results and flagged questions stay open.",
    );
    expect(
      testStartRefusal({ start: "2026-11-01", end: "2026-11-08", free_trial: true }, { fixed: false }, TODAY),
    ).toMatch(/^Your free trial ended on 08\/11\/2026:/);
  });

  it("asks an account that never held one to buy one", () => {
    expect(testStartRefusal({ start: null, end: null }, { fixed: false }, TODAY)).toMatch(
      /^New tests need a subscription or a free trial/,
    );
  });

  it("never refuses a school's fixed test", () => {
    expect(testStartRefusal({ start: null, end: null }, { fixed: true }, TODAY)).toBeNull();
  });
});

describe("lastZoneDay: the server's day is the last time zone's", () => {
  it("is still the end day at UTC−12 until noon UTC of the next day", () => {
    expect(lastZoneDay(new Date("2027-01-01T11:59:00Z"))).toBe("2026-12-31");
    expect(lastZoneDay(new Date("2027-01-01T12:00:00Z"))).toBe("2027-01-01");
  });
});
