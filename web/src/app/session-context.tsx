import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { LocalScope } from "../local/outbox/action.ts";
import { type DeviceSession, userDb } from "../local/store/db.ts";
import { currentDate } from "../platform.ts";
import { wakeDrainSoon } from "./drain-later.ts";

export interface SignedIn {
  session: DeviceSession;
  scope: LocalScope;
}

const SessionContext = createContext<SignedIn | null>(null);

export function scopeFor(session: DeviceSession): LocalScope {
  return {
    db: userDb(session.userId),
    userId: session.userId,
    now: currentDate,
    onEnqueued: () => wakeDrainSoon(),
  };
}

export function SessionProvider({ session, children }: { session: DeviceSession; children: ReactNode }) {
  const value = useMemo(() => ({ session, scope: scopeFor(session) }), [session]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in student and their local scope; only under the signed-in layout. */
export function useSignedIn(): SignedIn {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSignedIn outside the signed-in layout");
  return value;
}
