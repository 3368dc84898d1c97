import { now } from "../platform.ts";

/** What counts as the student doing something on the page. */
export const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/** The app's start counts as activity: the student has just opened it. */
let last = now();
let watching = false;

/**
 * Notes the student's touches, keys and scrolls from the app's start (main.tsx), so a watcher that
 * mounts later (the manual-mode update prompt, once the first page is ready) still knows how long
 * the student has been away.
 */
export function watchActivity(): void {
  if (watching) return;
  watching = true;
  const mark = () => {
    last = now();
  };
  for (const name of ACTIVITY_EVENTS) addEventListener(name, mark, { passive: true, capture: true });
}

/** When the student last did something on the page (or opened the app). */
export function lastActivity(): number {
  return last;
}
