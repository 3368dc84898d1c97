import { useEffect, useRef } from "react";
import { systemClock, type UiClock } from "./clock.ts";

/**
 * `later(fn, ms)` runs fn after ms on the given clock (a redirect after a reply); a pending one
 * is dropped when the page goes away, so leaving early never navigates twice.
 */
export function useLater(clock: UiClock = systemClock): (fn: () => void, ms: number) => void {
  const handles = useRef(new Set<ReturnType<UiClock["setTimeout"]>>());
  useEffect(() => {
    const pending = handles.current;
    return () => {
      for (const handle of pending) clock.clearTimeout(handle);
      pending.clear();
    };
  }, [clock]);
  return (fn, ms) => {
    const handle = clock.setTimeout(() => {
      handles.current.delete(handle);
      fn();
    }, ms);
    handles.current.add(handle);
  };
}
