import { describe, expect, it } from "vitest";
import { attemptsUsed } from "./fixed-attempts.ts";

describe("attempts used at a fixed test", () => {
  const test = { id: 3, user_tests_count: 1, downloadedAt: "2026-11-21T09:00:00.000Z" };

  it("adds this device's attempts since the download to the server's count", () => {
    expect(
      attemptsUsed(test, [
        { fixed_test_id: 3, started: "2026-11-21T08:00:00.000Z" }, // already in the server's count
        { fixed_test_id: 3, started: "2026-11-21T09:30:00.000Z" },
        { fixed_test_id: 4, started: "2026-11-21T09:30:00.000Z" }, // another fixed test
        { fixed_test_id: null, started: "2026-11-21T09:30:00.000Z" },
        { started: "2026-11-21T09:30:00.000Z" },
      ]),
    ).toBe(2);
  });

  it("is the server's count when nothing was started here", () => {
    expect(attemptsUsed(test, [])).toBe(1);
  });

  it("never counts fewer than this device's own attempts (a download that raced their push)", () => {
    const early = [
      { fixed_test_id: 3, started: "2026-11-21T08:00:00.000Z" },
      { fixed_test_id: 3, started: "2026-11-21T08:30:00.000Z" },
    ];
    expect(attemptsUsed({ ...test, user_tests_count: 0 }, early)).toBe(2);
  });
});
