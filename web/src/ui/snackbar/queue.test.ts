import { NOTIFICATION_BACKLOG_DELAY_MS, NOTIFICATION_TIMEOUT_MS } from "@preflight/sync-protocol/rules/constants";
import { describe, expect, it } from "vitest";
import {
  advance,
  defaultPosition,
  initialSnackbarState,
  type Notification,
  nextWakeAt,
  SNACKBAR_SLIDE_MS,
  type SnackbarAction,
  type SnackbarState,
  snackbarReducer,
  visibleEntries,
} from "./queue.ts";

const note = (title: string, extra: Partial<Notification> = {}): Notification => ({
  type: "info",
  title,
  text: `${title} text`,
  ...extra,
});

function run(actions: SnackbarAction[], state: SnackbarState = initialSnackbarState): SnackbarState {
  return actions.reduce(snackbarReducer, state);
}

/** Ticks at every wake time up to `until`, recording when each entry changes phase. */
function timeline(state: SnackbarState, until: number): { state: SnackbarState; events: string[] } {
  const events: string[] = [];
  const phaseOf = (s: SnackbarState) => new Map(s.entries.map((e) => [e.id, e.phase]));
  let current = state;
  for (let wake = nextWakeAt(current); wake !== null && wake <= until; wake = nextWakeAt(current)) {
    const before = phaseOf(current);
    current = snackbarReducer(current, { type: "tick", now: wake });
    const after = phaseOf(current);
    for (const [id, phase] of before) {
      const next = after.get(id) ?? "removed";
      if (next !== phase) events.push(`${wake} #${id} ${next}`);
    }
  }
  return { state: current, events };
}

const shownTitles = (s: SnackbarState) => s.entries.filter((e) => e.phase === "shown").map((e) => e.title);

describe("snackbar queue", () => {
  it("shows a notification at once, slides it up after 5000 ms, then removes it", () => {
    const state = run([{ type: "notify", id: 1, notification: note("Saved"), now: 1000 }]);
    expect(shownTitles(state)).toEqual(["Saved"]);
    expect(nextWakeAt(state)).toBe(1000 + NOTIFICATION_TIMEOUT_MS);
    expect(timeline(state, 10_000).events).toEqual(["6000 #1 hiding", `${6000 + SNACKBAR_SLIDE_MS} #1 removed`]);
  });

  it("keeps a notification for its own timeout", () => {
    const state = run([{ type: "notify", id: 1, notification: note("Quick", { timeout: 1500 }), now: 0 }]);
    expect(timeline(state, 10_000).events[0]).toBe("1500 #1 hiding");
  });

  it("falls back to the defaults for a zero, negative or NaN timeout and delay", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("A", { timeout: 0, delay: -5 }), now: 0 },
      { type: "notify", id: 2, notification: note("B", { timeout: Number.NaN, delay: Number.NaN }), now: 5000 },
    ]);
    expect(state.entries.map((e) => [e.timeout, e.readyAt])).toEqual([
      [NOTIFICATION_TIMEOUT_MS, 0],
      [NOTIFICATION_TIMEOUT_MS, 5000],
    ]);
  });

  it("keeps an Infinity-timeout notification until it is dismissed", () => {
    const state = run([{ type: "notify", id: 1, notification: note("Sticky", { timeout: Infinity }), now: 0 }]);
    expect(nextWakeAt(state)).toBeNull();
    expect(shownTitles(advance(state, 1e9))).toEqual(["Sticky"]);
    const dismissed = snackbarReducer(state, { type: "dismiss", id: 1, now: 1e9 });
    expect(dismissed.entries[0]?.phase).toBe("hiding");
  });

  it("releases a backlog one at a time, 2 seconds apart, in notify order", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("One"), now: 0 },
      { type: "notify", id: 2, notification: note("Two"), now: 0 },
      { type: "notify", id: 3, notification: note("Three"), now: 10 },
    ]);
    expect(shownTitles(state)).toEqual(["One"]);
    const { events } = timeline(state, 4000);
    expect(events).toEqual([
      `${NOTIFICATION_BACKLOG_DELAY_MS} #2 shown`,
      `${2 * NOTIFICATION_BACKLOG_DELAY_MS} #3 shown`,
    ]);
  });

  it("stacks the released notifications: three are on screen together at 4 s", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("One"), now: 0 },
      { type: "notify", id: 2, notification: note("Two"), now: 0 },
      { type: "notify", id: 3, notification: note("Three"), now: 0 },
    ]);
    const at4s = timeline(state, 4000).state;
    expect(visibleEntries(at4s).map((e) => e.title)).toEqual(["One", "Two", "Three"]);
    const { events } = timeline(at4s, 20_000);
    expect(events.filter((e) => e.endsWith("hiding"))).toEqual(["5000 #1 hiding", "7000 #2 hiding", "9000 #3 hiding"]);
  });

  it("shows a notification at once when the last release was more than 2 s ago", () => {
    const first = run([{ type: "notify", id: 1, notification: note("One"), now: 0 }]);
    const later = snackbarReducer(first, { type: "notify", id: 2, notification: note("Two"), now: 2000 });
    expect(shownTitles(later)).toEqual(["One", "Two"]);
  });

  it("postpones a delayed notification (3 s for a disabled test) and lets others go first", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("Disabled", { delay: 3000 }), now: 0 },
      { type: "notify", id: 2, notification: note("Now"), now: 0 },
    ]);
    expect(shownTitles(state)).toEqual(["Now"]);
    expect(nextWakeAt(state)).toBe(3000);
    expect(timeline(state, 3000).events).toEqual(["3000 #1 shown"]);
  });

  it("holds a delayed notification for the backlog gap when its delay ends right after a release", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("Delayed", { delay: 500 }), now: 0 },
      { type: "notify", id: 2, notification: note("Now"), now: 0 },
    ]);
    expect(timeline(state, 5000).events[0]).toBe(`${NOTIFICATION_BACKLOG_DELAY_MS} #1 shown`);
  });

  it("dismisses a shown notification by sliding it up, and drops a waiting one unseen", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("One"), now: 0 },
      { type: "notify", id: 2, notification: note("Two"), now: 0 },
      { type: "dismiss", id: 1, now: 100 },
      { type: "dismiss", id: 2, now: 100 },
    ]);
    expect(state.entries.map((e) => [e.id, e.phase, e.removeAt])).toEqual([[1, "hiding", 100 + SNACKBAR_SLIDE_MS]]);
    expect(timeline(state, 10_000).events).toEqual([`${100 + SNACKBAR_SLIDE_MS} #1 removed`]);
  });

  it("ignores a dismiss of an unknown or already hiding notification", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("One"), now: 0 },
      { type: "dismiss", id: 1, now: 10 },
    ]);
    expect(snackbarReducer(state, { type: "dismiss", id: 1, now: 20 })).toBe(state);
    expect(snackbarReducer(state, { type: "dismiss", id: 99, now: 20 })).toBe(state);
  });

  it("stops the countdown while paused and resumes it with the time that was left", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("Read me"), now: 0 },
      { type: "pause", now: 4000 },
    ]);
    expect(nextWakeAt(state)).toBeNull();
    expect(advance(state, 60_000)).toBe(state);
    const resumed = snackbarReducer(state, { type: "resume", now: 60_000 });
    expect(timeline(resumed, 100_000).events[0]).toBe("61000 #1 hiding");
  });

  it("still releases the backlog while paused; those count down from the resume", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("One"), now: 0 },
      { type: "notify", id: 2, notification: note("Two"), now: 0 },
      { type: "pause", now: 1000 },
    ]);
    const { state: at2s, events } = timeline(state, 30_000);
    expect(events).toEqual(["2000 #2 shown"]);
    const resumed = snackbarReducer(at2s, { type: "resume", now: 30_000 });
    expect(timeline(resumed, 100_000).events.filter((e) => e.endsWith("hiding"))).toEqual([
      "34000 #1 hiding",
      "35000 #2 hiding",
    ]);
  });

  it("treats pause while paused and resume while running as no-ops", () => {
    const paused = run([{ type: "pause", now: 5 }]);
    expect(snackbarReducer(paused, { type: "pause", now: 9 })).toBe(paused);
    expect(snackbarReducer(initialSnackbarState, { type: "resume", now: 9 })).toBe(initialSnackbarState);
  });

  it("catches up in order after a late tick (a sleeping tab): one release per tick", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("One"), now: 0 },
      { type: "notify", id: 2, notification: note("Two"), now: 0 },
    ]);
    const late = advance(state, 60_000);
    expect(late.entries.map((e) => e.phase)).toEqual(["hiding", "shown"]);
    expect(late.entries[1]?.hideAt).toBe(60_000 + NOTIFICATION_TIMEOUT_MS);
  });

  it("returns the same state when nothing is due, and has no wake time when idle", () => {
    const state = run([{ type: "notify", id: 1, notification: note("One"), now: 0 }]);
    expect(advance(state, 4999)).toBe(state);
    expect(nextWakeAt(initialSnackbarState)).toBeNull();
    expect(nextWakeAt(timeline(state, 1e6).state)).toBeNull();
  });
});

describe("a notification's position", () => {
  it("is top right by default, bottom centre on a small screen (768 px or less)", () => {
    expect(defaultPosition(false)).toBe("top-center");
    expect(defaultPosition(true)).toBe("bottom-center");
  });

  it("is kept when the notify call gives one, and left to the screen otherwise", () => {
    const state = run([
      { type: "notify", id: 1, notification: note("Here", { position: "top-center" }), now: 0 },
      { type: "notify", id: 2, notification: note("Default"), now: 0 },
      { type: "notify", id: 3, notification: note("Odd", { position: "middle" as never }), now: 0 },
    ]);
    expect(state.entries.map((e) => e.position)).toEqual(["top-center", null, null]);
  });

  it("does not change the timings: 5000 ms on screen, the backlog 2000 ms apart", () => {
    const { events } = timeline(
      run([
        { type: "notify", id: 1, notification: note("A", { position: "bottom-center" }), now: 0 },
        { type: "notify", id: 2, notification: note("B", { position: "top-right" }), now: 0 },
      ]),
      NOTIFICATION_TIMEOUT_MS + NOTIFICATION_BACKLOG_DELAY_MS,
    );
    expect(events).toEqual(["2000 #2 shown", "5000 #1 hiding", "5300 #1 removed", "7000 #2 hiding"]);
  });
});
