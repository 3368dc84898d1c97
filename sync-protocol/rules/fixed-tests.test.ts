import { describe, expect, it } from "vitest";
import { attemptsRow, FIXED_TEST_MESSAGES, fixedTestAccess } from "./fixed-tests.ts";

describe("who may start a fixed test", () => {
  const open = { disabled_reason: null, attempts: 0, used: 0, password_access: false, password_granted: false };

  it("an open test with no limit may always be started", () => {
    expect(fixedTestAccess(open)).toEqual({ ok: true });
    expect(fixedTestAccess({ ...open, used: 40 })).toEqual({ ok: true });
  });

  it("a disabled test says its reason, before anything else", () => {
    expect(fixedTestAccess({ ...open, disabled_reason: "Opens on Monday", attempts: 1, used: 1 })).toEqual({
      ok: false,
      reason: "disabled",
      message: "Opens on Monday",
    });
  });

  it("counts attempts against a non-zero limit", () => {
    expect(fixedTestAccess({ ...open, attempts: 2, used: 1 })).toEqual({ ok: true });
    expect(fixedTestAccess({ ...open, attempts: 2, used: 2 })).toEqual({
      ok: false,
      reason: "attempts",
      message: "You have used all 2 attempts allowed for this test.",
    });
    expect(FIXED_TEST_MESSAGES.attemptsUsed(1)).toBe("You have used all 1 attempt allowed for this test.");
  });

  it("a password test needs the password given online first", () => {
    expect(fixedTestAccess({ ...open, password_access: true })).toMatchObject({ ok: false, reason: "password" });
    expect(fixedTestAccess({ ...open, password_access: true, password_granted: true })).toEqual({ ok: true });
  });

  it("the summary's Attempts row shows only for a non-zero limit", () => {
    expect(attemptsRow(0, 3)).toBeNull();
    expect(attemptsRow(3, 1)).toEqual({ used: 1, limit: 3 });
    expect(attemptsRow(1, 4)).toEqual({ used: 1, limit: 1 });
  });
});
