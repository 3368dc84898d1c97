import { describe, expect, it } from "vitest";
import { testElapsedMs } from "./test-clock.ts";

const MINUTE = 60_000;
const started = "2026-11-21T09:00:00.000Z";
const wall = (minutes: number) => new Date(Date.parse(started) + minutes * MINUTE);

describe("how long a test has run on this device", () => {
  it("follows the wall clock when the page has just opened the test (after a reload too)", () => {
    let mono = 1_000;
    expect(testElapsedMs({ id: "a", started }, wall(7), () => mono)).toBe(7 * MINUTE);
    mono += 3 * MINUTE;
    expect(testElapsedMs({ id: "a", started }, wall(10), () => mono)).toBe(10 * MINUTE);
  });

  it("keeps counting when the device's clock is set back mid-test", () => {
    let mono = 5_000;
    expect(testElapsedMs({ id: "b", started }, wall(5), () => mono)).toBe(5 * MINUTE);
    mono += 25 * MINUTE;
    // The clock now reads minute 2, but 25 more minutes have passed on the monotonic count.
    expect(testElapsedMs({ id: "b", started }, wall(2), () => mono)).toBe(30 * MINUTE);
  });

  it("is never negative for a start stamped after the device's clock", () => {
    expect(testElapsedMs({ id: "c", started }, wall(-3), () => 0)).toBe(0);
  });
});
