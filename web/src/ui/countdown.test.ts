import { formatHms } from "@preflight/sync-protocol/rules/format";
import { describe, expect, it } from "vitest";
import {
  clockTone,
  type ExpiryLatch,
  msUntilNextTick,
  remainingSeconds,
  startCountdown,
  toneAnnouncement,
} from "./countdown.ts";
import { manualClock } from "./manual-clock.ts";

const DEADLINE = 1_000_000;

function watch(start: number, deadline = DEADLINE, latch?: ExpiryLatch) {
  const clock = manualClock(start);
  const ticks: string[] = [];
  let expired = 0;
  const stop = startCountdown(
    deadline,
    clock,
    { onTick: (s) => ticks.push(`${clock.now()} ${formatHms(s)}`), onExpire: () => expired++ },
    latch,
  );
  return { clock, ticks, stop, expired: () => expired };
}

describe("countdown arithmetic", () => {
  it("counts whole seconds up to the deadline and below zero after it", () => {
    expect(remainingSeconds(DEADLINE, DEADLINE - 61_000)).toBe(61);
    expect(remainingSeconds(DEADLINE, DEADLINE - 1)).toBe(1);
    expect(remainingSeconds(DEADLINE, DEADLINE)).toBe(0);
    expect(Object.is(remainingSeconds(DEADLINE, DEADLINE + 999), 0)).toBe(true);
    expect(remainingSeconds(DEADLINE, DEADLINE + 1000)).toBe(-1);
    expect(formatHms(remainingSeconds(DEADLINE, DEADLINE + 3_725_000))).toBe("-01:02:05");
  });

  it("wakes exactly when the displayed second changes", () => {
    expect(msUntilNextTick(DEADLINE, DEADLINE - 5000)).toBe(1000);
    expect(msUntilNextTick(DEADLINE, DEADLINE - 4750)).toBe(750);
    expect(msUntilNextTick(DEADLINE, DEADLINE - 1)).toBe(1);
    expect(msUntilNextTick(DEADLINE, DEADLINE)).toBe(1000);
    expect(msUntilNextTick(DEADLINE, DEADLINE + 250)).toBe(750);
    expect(msUntilNextTick(DEADLINE, DEADLINE - 0.4)).toBe(1);
  });

  it("turns amber under 5 minutes and red under 1 minute", () => {
    expect(clockTone(300)).toBe("normal");
    expect(clockTone(299)).toBe("warning");
    expect(clockTone(60)).toBe("warning");
    expect(clockTone(59)).toBe("critical");
    expect(clockTone(0)).toBe("critical");
    expect(clockTone(-10)).toBe("critical");
    expect(toneAnnouncement(299)).toBe("Less than 5 minutes left");
    expect(toneAnnouncement(59)).toBe("Less than 1 minute left");
    expect(toneAnnouncement(0)).toBe("");
    expect(toneAnnouncement(3600)).toBe("");
  });
});

describe("countdown ticker with an injected clock", () => {
  it("ticks once per second aligned to the deadline, even when started mid-second", () => {
    const { clock, ticks } = watch(DEADLINE - 2300);
    clock.advance(3300);
    expect(ticks).toEqual([
      `${DEADLINE - 2300} 00:00:03`,
      `${DEADLINE - 2000} 00:00:02`,
      `${DEADLINE - 1000} 00:00:01`,
      `${DEADLINE} 00:00:00`,
      `${DEADLINE + 1000} -00:00:01`,
    ]);
  });

  it("fires onExpire exactly once when it reaches zero, and keeps counting below zero", () => {
    const { clock, expired, ticks } = watch(DEADLINE - 1500);
    clock.advance(1499);
    expect(expired()).toBe(0);
    clock.advance(1);
    expect(expired()).toBe(1);
    clock.advance(10_000);
    expect(expired()).toBe(1);
    expect(ticks.at(-1)).toBe(`${DEADLINE + 10_000} -00:00:10`);
  });

  it("expires at once when started after the deadline (a reload after time ran out)", () => {
    const { expired, ticks } = watch(DEADLINE + 42_000);
    expect(expired()).toBe(1);
    expect(ticks).toEqual([`${DEADLINE + 42_000} -00:00:42`]);
  });

  it("does not fire again when restarted with the same deadline (StrictMode remount)", () => {
    const latch: ExpiryLatch = { firedFor: null };
    const first = watch(DEADLINE + 1, DEADLINE, latch);
    first.stop();
    const second = watch(DEADLINE + 5, DEADLINE, latch);
    expect(first.expired() + second.expired()).toBe(1);
    const extended = watch(DEADLINE + 5, DEADLINE + 60_000, latch);
    extended.clock.advance(60_000);
    expect(extended.expired()).toBe(1);
  });

  it("stops ticking when stopped", () => {
    const { clock, ticks, stop } = watch(DEADLINE - 10_000);
    stop();
    clock.advance(20_000);
    expect(ticks).toHaveLength(1);
    expect(clock.pending()).toBe(0);
  });

  it("follows a device clock that jumps forward past the deadline", () => {
    const { clock, ticks, expired } = watch(DEADLINE - 3_600_000);
    clock.set(DEADLINE + 5000); // the tablet slept; the one pending timer fires late
    expect(expired()).toBe(1);
    expect(ticks.at(-1)).toBe(`${DEADLINE + 5000} -00:00:05`);
  });

  it("follows a device clock that goes back, without expiring", () => {
    const { clock, ticks, expired } = watch(DEADLINE - 2000);
    clock.set(DEADLINE - 62_000);
    clock.advance(1000);
    expect(ticks.at(-1)).toBe(`${DEADLINE - 61_000} 00:01:01`);
    expect(expired()).toBe(0);
  });

  it("shows hours for long tests", () => {
    const { ticks } = watch(DEADLINE - (2 * 3600 + 30 * 60) * 1000);
    expect(ticks[0]).toMatch(/ 02:30:00$/);
  });
});
