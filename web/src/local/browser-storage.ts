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
