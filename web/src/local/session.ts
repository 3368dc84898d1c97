/**
 * Who is signed in on this device. Sign-in needs the network; after that the session is kept
 * in the device database, so the app opens offline. A 401 from the server ends the local
 * session but never touches the account's outbox: it waits for the same student.
 */
import { type MeReply, meReplySchema, type UserSummary } from "@preflight/sync-protocol";
import { ApiCallError, apiCall, NetworkError } from "./api.ts";
import { type DeviceSession, deviceDb, userDb } from "./db.ts";
import { clientIdOf } from "./outbox.ts";

export async function currentSession(): Promise<DeviceSession | undefined> {
  return deviceDb().session.get("current");
}

async function rememberSession(user: UserSummary, now: Date): Promise<DeviceSession> {
  const session: DeviceSession = { key: "current", userId: user.id, user, signedInAt: now.toISOString() };
  const device = deviceDb();
  await device.transaction("rw", device.session, device.accounts, async () => {
    await device.session.put(session);
    await device.accounts.put({ userId: user.id, email: user.email, lastSignedInAt: session.signedInAt });
  });
  const db = userDb(user.id);
  await clientIdOf(db);
  // The same student is back: replay what waited for them.
  await db.meta.delete("paused");
  await db.meta.delete("drainBackoff");
  return session;
}

export async function signIn(email: string, password: string): Promise<DeviceSession> {
  const { body } = await apiCall<MeReply>("/api/auth/login", { json: { email, password } });
  return rememberSession(meReplySchema.parse(body).user, new Date());
}

export async function signOut(): Promise<void> {
  try {
    await apiCall("/api/auth/logout", { method: "POST" });
  } catch {
    // Signing out offline still ends the session on this device.
  }
  await deviceDb().session.delete("current");
}

export type SessionCheck =
  | { kind: "signed-in"; session: DeviceSession; online: boolean }
  | { kind: "signed-out"; reason: "none" | "expired" | "replaced" };

/** Confirms the local session with the server when it can; offline, trusts the device. */
export async function checkSession(): Promise<SessionCheck> {
  const local = await currentSession();
  try {
    const { body } = await apiCall<MeReply>("/api/auth/me");
    const user = meReplySchema.parse(body).user;
    if (local && local.userId === user.id) {
      await deviceDb().session.update("current", { user });
      // The server knows this student again: replay what a 401/403 paused.
      await userDb(user.id).meta.delete("paused");
      return { kind: "signed-in", session: { ...local, user }, online: true };
    }
    return { kind: "signed-in", session: await rememberSession(user, new Date()), online: true };
  } catch (err) {
    if (err instanceof NetworkError || (err instanceof ApiCallError && err.status >= 500)) {
      return local ? { kind: "signed-in", session: local, online: false } : { kind: "signed-out", reason: "none" };
    }
    if (err instanceof ApiCallError && err.status === 401) {
      await deviceDb().session.delete("current");
      return { kind: "signed-out", reason: err.code === "session_replaced" ? "replaced" : local ? "expired" : "none" };
    }
    throw err;
  }
}
