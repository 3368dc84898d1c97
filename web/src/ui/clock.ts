import { monotonicNow, now } from "../platform.ts";

/**
 * The time source of the UI widgets (snackbar, countdown). Injected so tests drive time by hand
 * (see manual-clock.ts) instead of faking globals; the app uses `systemClock`.
 */
export interface UiClock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export type TimerHandle = ReturnType<typeof globalThis.setTimeout> | number;

/** Wall-clock time: for deadlines that come from the server (the countdown). */
export const systemClock: UiClock = {
  now: () => now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};

/**
 * Time since page load, which never goes back when the device clock is changed: for durations
 * that only the page measures (how long a notification stays).
 */
export const monotonicClock: UiClock = { ...systemClock, now: () => monotonicNow() };
