import { describe, expect, it } from "vitest";
import { isLate, isTimeUp, judgedElapsedMs, lateAnswersText, TIMED_TEST_GRACE_SECONDS } from "./timed-tests.ts";

const MINUTE = 60_000;

describe("the time a timed test has run", () => {
  it("is the longest of the device's monotonic count, its wall clock and the server's clock", () => {
    expect(
      judgedElapsedMs({ deviceElapsedMs: 5 * MINUTE, wallElapsedMs: 2 * MINUTE, serverElapsedMs: 3 * MINUTE }),
    ).toBe(5 * MINUTE);
    // A clock set back makes the wall clock read less, never the monotonic count.
    expect(judgedElapsedMs({ deviceElapsedMs: 30 * MINUTE, wallElapsedMs: -90 * MINUTE })).toBe(30 * MINUTE);
    expect(judgedElapsedMs({ deviceElapsedMs: null, wallElapsedMs: undefined, serverElapsedMs: 4 * MINUTE })).toBe(
      4 * MINUTE,
    );
    expect(judgedElapsedMs({})).toBe(0);
  });

  it("is late only past its limit and the grace", () => {
    const limit = 20;
    const edge = limit * MINUTE + TIMED_TEST_GRACE_SECONDS * 1000;
    expect(isLate(limit, { deviceElapsedMs: edge })).toBe(false);
    expect(isLate(limit, { deviceElapsedMs: edge + 1 })).toBe(true);
    expect(isLate(limit, { serverElapsedMs: 180 * MINUTE, deviceElapsedMs: MINUTE })).toBe(true);
  });

  it("is up on the device at the limit itself, without the grace", () => {
    expect(isTimeUp(20, { deviceElapsedMs: 20 * MINUTE - 1 })).toBe(false);
    expect(isTimeUp(20, { deviceElapsedMs: 20 * MINUTE })).toBe(true);
  });

  it("never runs out for an untimed test", () => {
    expect(isLate(null, { serverElapsedMs: 1000 * MINUTE })).toBe(false);
    expect(isTimeUp(null, { serverElapsedMs: 1000 * MINUTE })).toBe(false);
  });

  it("tells the student how many answers were too late", () => {
    expect(lateAnswersText(0)).toBeNull();
    expect(lateAnswersText(1)).toBe("1 answer was given after the time limit: it was kept on record but not counted.");
    expect(lateAnswersText(3)).toBe(
      "3 answers were given after the time limit: they were kept on record but not counted.",
    );
  });
});
