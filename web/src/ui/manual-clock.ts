import type { TimerHandle, UiClock } from "./clock.ts";

/**
 * A clock for tests. Time stands still until `advance` moves it; timers fire in due order as
 * it passes them. Like a browser, timers run on elapsed time, not on the wall clock: `set`
 * to an earlier time moves `now()` back (a device clock changed by hand) while pending timers
 * still fire after their delay; `set` to a later time is an `advance`.
 */
export interface ManualClock extends UiClock {
  advance(ms: number): void;
  set(time: number): void;
  /** Timers still waiting. */
  pending(): number;
}

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

export function manualClock(start = 0): ManualClock {
  let elapsed = 0;
  let offset = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();

  function advance(ms: number) {
    const target = elapsed + Math.max(0, ms);
    for (;;) {
      let due: [number, Timer] | undefined;
      for (const entry of timers) {
        const [, timer] = entry;
        if (timer.at > target) continue;
        if (!due || timer.at < due[1].at || (timer.at === due[1].at && timer.seq < due[1].seq)) due = entry;
      }
      if (!due) break;
      timers.delete(due[0]);
      elapsed = Math.max(elapsed, due[1].at);
      due[1].callback();
    }
    elapsed = target;
  }

  return {
    now: () => elapsed + offset,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: elapsed + Math.max(0, ms), seq: id, callback });
      return id;
    },
    clearTimeout(handle: TimerHandle) {
      timers.delete(handle as number);
    },
    advance,
    set(time) {
      const now = elapsed + offset;
      if (time >= now) advance(time - now);
      else offset -= now - time;
    },
    pending: () => timers.size,
  };
}
