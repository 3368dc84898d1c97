/**
 * Which question numbers the pagination shows: a window of up to 20 (PAGINATION_INITIAL_BUTTONS)
 * consecutive numbers, 1-based and inclusive. Windows start on blocks of 20 (1-20, 21-40 ...)
 * when they follow the current question; the scrubber may then slide one to any start.
 */
import { PAGINATION_INITIAL_BUTTONS } from "@preflight/sync-protocol/rules/constants";

export interface PageWindow {
  start: number;
  end: number;
}

/** The largest start that still fills the window (1 for short tests). */
export function maxWindowStart(total: number, size: number = PAGINATION_INITIAL_BUTTONS): number {
  return Math.max(1, total - size + 1);
}

/** Any start (a scrubber value, a start left from a longer list) to a valid one. */
export function clampWindowStart(start: number, total: number, size: number = PAGINATION_INITIAL_BUTTONS): number {
  const n = Number.isFinite(start) ? Math.round(start) : 1;
  return Math.min(Math.max(1, n), maxWindowStart(total, size));
}

export function pageWindow(start: number, total: number, size: number = PAGINATION_INITIAL_BUTTONS): PageWindow {
  if (total <= 0) return { start: 1, end: 0 };
  const s = clampWindowStart(start, total, size);
  return { start: s, end: Math.min(total, s + size - 1) };
}

/** The block of 20 that holds `current` (the last block is pulled back to stay full). */
export function windowAround(current: number, total: number, size: number = PAGINATION_INITIAL_BUTTONS): number {
  const blockStart = Math.floor((Math.max(1, current) - 1) / size) * size + 1;
  return clampWindowStart(blockStart, total, size);
}

/** Keeps the window while `current` is in it; otherwise moves to the block that holds it. */
export function followCurrent(
  start: number,
  current: number,
  total: number,
  size: number = PAGINATION_INITIAL_BUTTONS,
): number {
  const { start: s, end } = pageWindow(start, total, size);
  return current >= s && current <= end ? s : windowAround(current, total, size);
}

/** A long test gets the scrubber: more questions than buttons. */
export function needsScrubber(total: number, size: number = PAGINATION_INITIAL_BUTTONS): boolean {
  return total > size;
}

export type PageCorrectness = "correct" | "incorrect";

/** The accessible name of a page button: 'Question 7, answered, flagged, incorrect'. */
export function pageButtonLabel(
  n: number,
  state: {
    answered: boolean;
    flagged?: boolean | undefined;
    commented?: boolean | undefined;
    correctness?: PageCorrectness | null | undefined;
  },
): string {
  const parts = [`Question ${n}`];
  if (state.answered) parts.push("answered");
  if (state.flagged) parts.push("flagged");
  if (state.commented) parts.push("commented");
  if (state.correctness) parts.push(state.correctness);
  return parts.join(", ");
}
