/**
 * The spec's small screen (test-taking §9: width 768 px or less), one rule for every screen that
 * changes on it: the media query, a read of it now, and a hook that follows it.
 */
import { SMALL_SCREEN_MAX_WIDTH_PX } from "@preflight/sync-protocol/rules/constants";
import { useSyncExternalStore } from "react";

export const SMALL_SCREEN_QUERY = `(max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`;

/** Whether the window is a small screen now (false where there is no window, e.g. in a worker). */
export function isSmallScreen(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(SMALL_SCREEN_QUERY).matches
    : false;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(SMALL_SCREEN_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Follows the small-screen rule as the window is resized or turned. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, isSmallScreen, () => false);
}
