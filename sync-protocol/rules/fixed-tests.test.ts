import { describe, expect, it } from "vitest";
import {
  attemptsRow,
  FIXED_TEST_MESSAGES,
  fixedTestAccess,
  formatTestMoment,
  unavailableReason,
} from "./fixed-tests.ts";

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

describe("a school's test opens and closes", () => {
  const test = {
    disabled_reason: null,
    opens_at: "2026-12-01T09:00:00Z",
    closes_at: "2026-12-01T11:00:00Z",
  };
  const at = (iso: string) => new Date(iso);

  it("cannot be started before it opens, and says when it opens", () => {
    expect(unavailableReason(test, at("2026-12-01T08:59:59Z"))).toBe("This test opens on 1 Dec 2026, 09:00 UTC.");
  });

  it("can be started from its opening until it closes", () => {
    expect(unavailableReason(test, at("2026-12-01T09:00:00Z"))).toBeNull();
    expect(unavailableReason(test, at("2026-12-01T10:59:59Z"))).toBeNull();
  });

  it("cannot be started once closed, and says when it closed", () => {
    expect(unavailableReason(test, at("2026-12-01T11:00:00Z"))).toBe("This test closed on 1 Dec 2026, 11:00 UTC.");
  });

  it("the school's own reason comes first; no bounds means always", () => {
    expect(unavailableReason({ ...test, disabled_reason: "Marking in progress" }, at("2026-12-01T10:00:00Z"))).toBe(
      "Marking in progress",
    );
    expect(unavailableReason({ disabled_reason: null }, at("2030-01-01T00:00:00Z"))).toBeNull();
  });

  it("the access check refuses outside the window as disabled, before attempts and password", () => {
    const input = { ...test, attempts: 1, used: 1, password_access: true, password_granted: false };
    expect(fixedTestAccess({ ...input, now: at("2026-12-02T00:00:00Z") })).toEqual({
      ok: false,
      reason: "disabled",
      message: "This test closed on 1 Dec 2026, 11:00 UTC.",
    });
    expect(fixedTestAccess({ ...input, now: at("2026-12-01T10:00:00Z") })).toMatchObject({ reason: "attempts" });
  });

  it("the device words the time in its own zone", () => {
    expect(formatTestMoment("2026-12-01T09:00:00Z", "Europe/Berlin")).toBe("1 Dec 2026, 10:00");
  });
});
