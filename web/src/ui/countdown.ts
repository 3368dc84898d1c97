/**
 * Countdown arithmetic and its ticker. The displayed second changes exactly on whole seconds
 * counted from the deadline (ceil), so the clock reads 00:00:01 until the deadline, 00:00:00
 * for the first second after it, then -00:00:01: the ticker wakes on those instants only,
 * not on a drifting 1000 ms interval.
 */
import { CLOCK_CRITICAL_S, CLOCK_WARNING_S } from "@preflight/sync-protocol/rules/constants";
import type { TimerHandle, UiClock } from "./clock.ts";

export type ClockTone = "normal" | "warning" | "critical";

/** Whole seconds left (negative once past the deadline). */
export function remainingSeconds(deadline: number, now: number): number {
  const seconds = Math.ceil((deadline - now) / 1000);
  return seconds === 0 ? 0 : seconds; // no -0
}

/** Milliseconds until the displayed second next changes: in (0, 1000]. */
export function msUntilNextTick(deadline: number, now: number): number {
  const left = deadline - now;
  const next = left - (Math.ceil(left / 1000) - 1) * 1000;
  return Math.min(1000, Math.max(1, next));
}

/** Amber under 5 minutes, red under 1 minute (and after the deadline). */
export function clockTone(seconds: number): ClockTone {
  if (seconds < CLOCK_CRITICAL_S) return "critical";
  if (seconds < CLOCK_WARNING_S) return "warning";
  return "normal";
}

/** Said once by a polite live region when the tone changes; the clock itself stays silent. */
export function toneAnnouncement(seconds: number): string {
  if (seconds <= 0) return "";
  const tone = clockTone(seconds);
  if (tone === "critical") return `Less than ${CLOCK_CRITICAL_S / 60} minute left`;
  if (tone === "warning") return `Less than ${CLOCK_WARNING_S / 60} minutes left`;
  return "";
}

/**
 * Remembers which deadline already expired, so `onExpire` fires once per deadline even when
 * the ticker is stopped and started again (React StrictMode, a remount with the same deadline).
 */
export interface ExpiryLatch {
  firedFor: number | null;
}

/**
 * Calls `onTick` now and on every change of the displayed second, and `onExpire` the first time
 * the count reaches zero (at once when the deadline has already passed). Returns `stop`.
 */
export function startCountdown(
  deadline: number,
  clock: UiClock,
  handlers: { onTick: (seconds: number) => void; onExpire?: () => void },
  latch: ExpiryLatch = { firedFor: null },
): () => void {
  let timer: TimerHandle | null = null;
  let stopped = false;
  const tick = () => {
    timer = null;
    if (stopped) return;
    const now = clock.now();
    const seconds = remainingSeconds(deadline, now);
    handlers.onTick(seconds);
    if (seconds <= 0 && latch.firedFor !== deadline) {
      latch.firedFor = deadline;
      handlers.onExpire?.();
    }
    if (!stopped) timer = clock.setTimeout(tick, msUntilNextTick(deadline, now));
  };
  tick();
  return () => {
    stopped = true;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
}
