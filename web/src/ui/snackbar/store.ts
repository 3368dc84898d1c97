/**
 * Drives the pure queue (queue.ts) with a clock: one timer, set for `nextWakeAt`, and only
 * while someone listens (so React StrictMode's extra mount and unmount leave no timer behind).
 * React reads it through useSyncExternalStore (SnackbarProvider.tsx).
 */
import type { TimerHandle, UiClock } from "../clock.ts";
import {
  initialSnackbarState,
  type Notification,
  nextWakeAt,
  type SnackbarAction,
  type SnackbarState,
  snackbarReducer,
} from "./queue.ts";

export interface SnackbarStore {
  getState(): SnackbarState;
  subscribe(listener: () => void): () => void;
  /** Queues a notification; returns its id for `dismiss`. */
  notify(notification: Notification): number;
  dismiss(id: number): void;
  /** Hover or focus on the stack: shown notifications stop counting down. */
  pause(): void;
  resume(): void;
}

export function createSnackbarStore(clock: UiClock): SnackbarStore {
  let state = initialSnackbarState;
  let timer: TimerHandle | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();

  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const wake = nextWakeAt(state);
    if (wake === null || listeners.size === 0) return;
    timer = clock.setTimeout(
      () => {
        timer = null;
        dispatch({ type: "tick", now: clock.now() });
      },
      Math.max(0, wake - clock.now()),
    );
  }

  function dispatch(action: SnackbarAction) {
    const next = snackbarReducer(state, action);
    if (next !== state) {
      state = next;
      for (const listener of [...listeners]) listener();
    }
    // Also after an early timer (nothing due yet): set the timer again for the same wake time.
    schedule();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) dispatch({ type: "tick", now: clock.now() });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) schedule();
      };
    },
    notify(notification) {
      const id = nextId++;
      dispatch({ type: "notify", id, notification, now: clock.now() });
      return id;
    },
    dismiss: (id) => dispatch({ type: "dismiss", id, now: clock.now() }),
    pause: () => dispatch({ type: "pause", now: clock.now() }),
    resume: () => dispatch({ type: "resume", now: clock.now() }),
  };
}
