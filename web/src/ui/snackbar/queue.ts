/**
 * The snackbar queue as a pure reducer over explicit times (no timers, no Date.now).
 *
 * Life of a notification (spec section 4, constants in section 9):
 *   waiting  - notified; not before `readyAt` (notify time + `delay`), and backlogged while
 *              another one was released less than NOTIFICATION_BACKLOG_DELAY_MS ago;
 *   shown    - released one at a time, on screen until `hideAt` (release + `timeout`,
 *              NOTIFICATION_TIMEOUT_MS by default); hover or focus pauses that countdown;
 *   hiding   - sliding up (CSS transition) for SNACKBAR_SLIDE_MS, then removed.
 *
 * Example state, 1 s after two notifications arrived together at t=0:
 *   { entries: [{ id: 1, phase: "shown", hideAt: 5000 }, { id: 2, phase: "waiting", readyAt: 0 }],
 *     lastReleaseAt: 0, pausedAt: null }
 * Entry 2 is released at t=2000. `nextWakeAt` tells the driver (store.ts) when to tick next.
 */
import { NOTIFICATION_BACKLOG_DELAY_MS, NOTIFICATION_TIMEOUT_MS } from "@preflight/sync-protocol/rules/constants";

export const SNACKBAR_TYPES = ["danger", "success", "info", "warning"] as const;
export type SnackbarType = (typeof SNACKBAR_TYPES)[number];

/** Where on the screen a notification shows. */
export const SNACKBAR_POSITIONS = ["top-right", "top-center", "bottom-center"] as const;
export type SnackbarPosition = (typeof SNACKBAR_POSITIONS)[number];

/**
 * Without a position given: top centre, or bottom centre on a small screen (ui/useSmallScreen.ts).
 * Not top right: there a notification lies over the header's and the pages' own buttons, and a
 * pointer resting on it to reach them holds it.
 */
export function defaultPosition(smallScreen: boolean): SnackbarPosition {
  return smallScreen ? "bottom-center" : "top-center";
}

/** Length of the slide-up that hides a notification; the CSS transition uses the same. */
export const SNACKBAR_SLIDE_MS = 300;

export interface Notification {
  type: SnackbarType;
  title: string;
  text: string;
  /** How long it stays on screen once shown; default 5000 ms; `Infinity` waits for a dismiss. */
  timeout?: number;
  /** Postpones showing it, in ms from the notify call. */
  delay?: number;
  /** Where it shows; by default top right, bottom centre on a small screen. */
  position?: SnackbarPosition;
}

export type SnackbarPhase = "waiting" | "shown" | "hiding";

export interface SnackbarEntry {
  id: number;
  type: SnackbarType;
  title: string;
  text: string;
  timeout: number;
  /** The position asked for, or null for the default of the screen it shows on. */
  position: SnackbarPosition | null;
  phase: SnackbarPhase;
  /** Earliest release time (notify time + delay). */
  readyAt: number;
  /** shown: when the slide-up starts (moved on by the length of a pause). */
  hideAt: number | null;
  /** hiding: when the entry leaves the state. */
  removeAt: number | null;
}

export interface SnackbarState {
  /** In notify order. */
  entries: readonly SnackbarEntry[];
  lastReleaseAt: number | null;
  pausedAt: number | null;
}

export type SnackbarAction =
  | { type: "notify"; id: number; notification: Notification; now: number }
  | { type: "dismiss"; id: number; now: number }
  | { type: "pause"; now: number }
  | { type: "resume"; now: number }
  | { type: "tick"; now: number };

export const initialSnackbarState: SnackbarState = { entries: [], lastReleaseAt: null, pausedAt: null };

function validTimeout(timeout: number | undefined): number {
  if (timeout === Number.POSITIVE_INFINITY) return timeout;
  return timeout !== undefined && Number.isFinite(timeout) && timeout > 0 ? timeout : NOTIFICATION_TIMEOUT_MS;
}

function validDelay(delay: number | undefined): number {
  return delay !== undefined && Number.isFinite(delay) && delay > 0 ? delay : 0;
}

export function snackbarReducer(state: SnackbarState, action: SnackbarAction): SnackbarState {
  switch (action.type) {
    case "notify": {
      const { notification: n, now } = action;
      const entry: SnackbarEntry = {
        id: action.id,
        type: n.type,
        title: n.title,
        text: n.text,
        timeout: validTimeout(n.timeout),
        position: n.position !== undefined && SNACKBAR_POSITIONS.includes(n.position) ? n.position : null,
        phase: "waiting",
        readyAt: now + validDelay(n.delay),
        hideAt: null,
        removeAt: null,
      };
      return advance({ ...state, entries: [...state.entries, entry] }, now);
    }
    case "dismiss": {
      const target = state.entries.find((e) => e.id === action.id);
      if (!target || target.phase === "hiding") return advance(state, action.now);
      const entries =
        target.phase === "waiting"
          ? state.entries.filter((e) => e !== target)
          : state.entries.map((e) => (e === target ? startHiding(e, action.now) : e));
      return advance({ ...state, entries }, action.now);
    }
    case "pause":
      return state.pausedAt !== null ? state : advance({ ...state, pausedAt: action.now }, action.now);
    case "resume": {
      if (state.pausedAt === null) return advance(state, action.now);
      const paused = Math.max(0, action.now - state.pausedAt);
      const entries = state.entries.map((e) =>
        e.phase === "shown" && e.hideAt !== null ? { ...e, hideAt: e.hideAt + paused } : e,
      );
      return advance({ ...state, entries, pausedAt: null }, action.now);
    }
    case "tick":
      return advance(state, action.now);
  }
}

function startHiding(entry: SnackbarEntry, now: number): SnackbarEntry {
  return { ...entry, phase: "hiding", hideAt: null, removeAt: now + SNACKBAR_SLIDE_MS };
}

/** When the backlog may release its next entry. */
function releaseGate(state: SnackbarState): number {
  return state.lastReleaseAt === null ? Number.NEGATIVE_INFINITY : state.lastReleaseAt + NOTIFICATION_BACKLOG_DELAY_MS;
}

/** The waiting entry to release next: the earliest ready, then the first notified. */
function nextWaiting(state: SnackbarState): SnackbarEntry | undefined {
  let best: SnackbarEntry | undefined;
  for (const e of state.entries) {
    if (e.phase === "waiting" && (!best || e.readyAt < best.readyAt)) best = e;
  }
  return best;
}

/**
 * Everything due at `now`: removals, slide-ups, and at most one release. Returns the same
 * object when nothing is due, so subscribers can compare snapshots by identity.
 */
export function advance(state: SnackbarState, now: number): SnackbarState {
  let changed = false;
  let entries: SnackbarEntry[] = [];
  for (const e of state.entries) {
    if (e.phase === "hiding" && e.removeAt !== null && e.removeAt <= now) {
      changed = true;
      continue;
    }
    if (e.phase === "shown" && state.pausedAt === null && e.hideAt !== null && e.hideAt <= now) {
      changed = true;
      entries.push(startHiding(e, now));
      continue;
    }
    entries.push(e);
  }
  let lastReleaseAt = state.lastReleaseAt;
  const candidate = nextWaiting(state);
  if (candidate && candidate.readyAt <= now && releaseGate(state) <= now) {
    changed = true;
    lastReleaseAt = now;
    // Released during a pause, its countdown starts when the pause ends (resume adds the pause).
    const from = state.pausedAt ?? now;
    entries = entries.map((e) => (e === candidate ? { ...e, phase: "shown", hideAt: from + e.timeout } : e));
  }
  return changed ? { ...state, entries, lastReleaseAt } : state;
}

/** The next time at which `advance` has something to do, or null when the queue is idle. */
export function nextWakeAt(state: SnackbarState): number | null {
  let wake = Number.POSITIVE_INFINITY;
  for (const e of state.entries) {
    if (e.phase === "hiding" && e.removeAt !== null) wake = Math.min(wake, e.removeAt);
    if (e.phase === "shown" && state.pausedAt === null && e.hideAt !== null) wake = Math.min(wake, e.hideAt);
  }
  const candidate = nextWaiting(state);
  if (candidate) wake = Math.min(wake, Math.max(candidate.readyAt, releaseGate(state)));
  return Number.isFinite(wake) ? wake : null;
}

/** What the stack renders: shown and hiding entries, oldest first. */
export function visibleEntries(state: SnackbarState): SnackbarEntry[] {
  return state.entries.filter((e) => e.phase !== "waiting");
}
