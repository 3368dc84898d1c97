import { fixedTestAccess } from "@preflight/sync-protocol/rules/fixed-tests";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessInput, unavailableReason } from "./fixed-availability.ts";
import type { LocalFixedTest } from "./store/db.ts";

const test: LocalFixedTest = {
  id: 7,
  title: "Air Law progress check",
  time_limit: 15,
  password_access: false,
  disabled_reason: null,
  attempts: 0,
  user_tests_count: 0,
  pass_percentage: 75,
  hide_results: true,
  hide_answers: true,
  opens_at: "2026-12-01T09:00:00Z",
  closes_at: "2026-12-01T11:00:00Z",
  question_ids: [1],
  question_versions: [1],
  position: 1,
  password_verified: false,
  downloadedAt: "2026-11-30T09:00:00Z",
};

describe("a school's test on the device, by the device's clock (offline too)", () => {
  afterEach(() => vi.useRealTimers());

  it("is unavailable until it opens, then available until it closes", () => {
    vi.useFakeTimers({ now: new Date("2026-12-01T08:00:00Z") });
    expect(unavailableReason(test)).toMatch(/^This test opens on 1 Dec 2026, \d\d:00\.$/);
    vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
    expect(unavailableReason(test)).toBeNull();
    expect(fixedTestAccess(accessInput(test, 0))).toEqual({ ok: true });
    vi.setSystemTime(new Date("2026-12-01T11:00:00Z"));
    expect(unavailableReason(test)).toMatch(/^This test closed on 1 Dec 2026, \d\d:00\.$/);
    expect(fixedTestAccess(accessInput(test, 0))).toMatchObject({ ok: false, reason: "disabled" });
  });

  it("a test downloaded before the window existed (no bounds kept) is always open", () => {
    const { opens_at: _o, closes_at: _c, ...older } = test;
    vi.useFakeTimers({ now: new Date("2030-01-01T00:00:00Z") });
    expect(unavailableReason(older as LocalFixedTest)).toBeNull();
  });
});
