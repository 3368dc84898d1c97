/**
 * The one wrapper around the platform globals of the page and the service worker: the clock
 * (`Date.now`, `new Date()`, `performance.now`), Web Locks (`navigator.locks`), localStorage and
 * fetch, which scripts/check-layers.ts refuses raw anywhere else in web/src (tests aside), plus
 * the timer and jitter the drain runs on; so tests and other runtimes have one seam to look at.
 * It imports nothing of ours: every layer may use it.
 *
 * localStorage holds small, per-device notes that must survive a reload but are not the
 * student's records (those live in IndexedDB). Spec: "Inactivity info kept in browser storage:
 * showInactivityReason, inactivityTime".
 */

/** Milliseconds since the epoch, from the device clock. */
export function now(): number {
  return Date.now();
}

/** The device clock's current time as a Date (what `new Date()` gives). */
export function currentDate(): Date {
  return new Date();
}

/**
 * Milliseconds since the page (or worker) started, which never goes back when the device clock
 * is changed: for durations measured on this device only.
 */
export function monotonicNow(): number {
  return performance.now();
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A number in [0, 1) for jitter and the like (not for secrets: crypto is for those). */
export function random(): number {
  return Math.random();
}

/** The runtime's fetch, looked up at each call, so a replaced global (a test's stub) is the one used. */
export function platformFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return fetch(input, init);
}

/** The Web Locks manager, or undefined where the runtime has none (old Safari, Node tests). */
export function webLocks(): LockManager | undefined {
  return (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
}

/** Runs `work` holding the lock `name` (waiting for it); without Web Locks it just runs. */
export async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  return locks ? locks.request(name, work) : work();
}

/** Is the lock `name` held just now, in this page, another tab or the service worker? */
export async function lockHeld(name: string): Promise<boolean> {
  const locks = webLocks();
  if (!locks) return false;
  const state = await locks.query();
  return (state.held ?? []).some((lock) => lock.name === name);
}

/** What the app uses of localStorage (typed here, as the service worker's lib has no Storage). */
export interface NoteStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** This origin's localStorage, or null where it is missing or blocked (or in a worker). */
export function localStore(): NoteStore | null {
  try {
    return (globalThis as { localStorage?: NoteStore }).localStorage ?? null;
  } catch {
    return null;
  }
}

export interface InactivityNote {
  showInactivityReason: string;
  inactivityTime: number;
}

const INACTIVITY_KEY = "preflight.inactivity";

export function storeInactivityNote(note: InactivityNote): void {
  localStore()?.setItem(INACTIVITY_KEY, JSON.stringify(note));
}

/** Reads and clears the note, so the 'Closed due to inactivity' modal shows once. */
export function takeInactivityNote(): InactivityNote | null {
  const raw = localStore()?.getItem(INACTIVITY_KEY);
  localStore()?.removeItem(INACTIVITY_KEY);
  if (!raw) return null;
  try {
    const note = JSON.parse(raw) as Partial<InactivityNote>;
    return typeof note.showInactivityReason === "string" && typeof note.inactivityTime === "number"
      ? { showInactivityReason: note.showInactivityReason, inactivityTime: note.inactivityTime }
      : null;
  } catch {
    return null;
  }
}

const LOGGED_OUT_COOKIE = "pf_logged_out";

/** The server sets this cookie when a sign-in elsewhere ended this device's session; read once. */
export function takeLoggedOutCookie(): boolean {
  const document = (globalThis as unknown as { document: { cookie: string } }).document;
  const set = document.cookie.split("; ").some((c) => c === `${LOGGED_OUT_COOKIE}=1`);
  // document.cookie, not the Cookie Store API: that is missing on iPad Safari.
  if (set) document.cookie = `${LOGGED_OUT_COOKIE}=; Max-Age=0; path=/`;
  return set;
}
