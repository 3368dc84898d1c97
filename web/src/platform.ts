/**
 * The one wrapper around localStorage: small, per-device notes that must survive a reload but
 * are not the student's records (those live in IndexedDB). Spec: "Inactivity info kept in
 * browser storage: showInactivityReason, inactivityTime".
 */
export interface InactivityNote {
  showInactivityReason: string;
  inactivityTime: number;
}

const INACTIVITY_KEY = "preflight.inactivity";

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function storeInactivityNote(note: InactivityNote): void {
  storage()?.setItem(INACTIVITY_KEY, JSON.stringify(note));
}

/** Reads and clears the note, so the 'Closed due to inactivity' modal shows once. */
export function takeInactivityNote(): InactivityNote | null {
  const raw = storage()?.getItem(INACTIVITY_KEY);
  storage()?.removeItem(INACTIVITY_KEY);
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
  const set = document.cookie.split("; ").some((c) => c === `${LOGGED_OUT_COOKIE}=1`);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on iPad Safari
  if (set) document.cookie = `${LOGGED_OUT_COOKIE}=; Max-Age=0; path=/`;
  return set;
}
