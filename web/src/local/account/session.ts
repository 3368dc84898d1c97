/**
 * Who is signed in on this device. The session is kept in the device database, so the app
 * opens offline. A 401 from the server ends the local session but never touches the account's
 * outbox: it waits for the same student (ID8, ID9).
 *
 * Signing in goes to the server first. Each online sign-in also leaves, in the device's
 * `accounts` row, a verifier of the password (a slow salted hash, `offline-verifier.ts`;
 * derived while the login request is on the wire, so it costs the student almost nothing).
 * When the server cannot be reached (a NetworkError, or the browser says it is offline), the
 * account is looked up by e-mail on this device and the password checked against that
 * verifier: a match starts the same DeviceSession, flagged `offline`; a wrong password is
 * refused with the server's own words; an address never signed in here needs a connection.
 *
 * An offline sign-in has no server session behind it (the student may have signed out, or a
 * reset may have ended every session), so the first call that reaches the server gets a 401.
 * Then the session is renewed silently: the password the student typed is POSTed to
 * /api/auth/login, and the fresh session clears the outbox's `paused` so replay goes on. The
 * password is held for that in this module's memory only — never stored, gone on sign-out,
 * on renewal and with the page — because a password at rest on the device is exactly what the
 * verifier exists to avoid. If the page was reloaded in between, nothing is held: the student
 * is asked to sign in again, and the outbox replays after that sign-in.
 */
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { currentDate } from "../../platform.ts";
import { ApiCallError, call, NetworkError } from "../api.ts";
import { clientIdOf } from "../outbox/client-id.ts";
import { clearDashboardSnapshot } from "../snapshot/dashboard-snapshot.ts";
import { type DeviceSession, deviceDb, type KnownAccount, userDb } from "../store/db.ts";
import { OfflineSignInError } from "./offline-sign-in-error.ts";
import type { PasswordVerifier } from "./offline-verifier.ts";

// The verifier's code comes with a sign-in, not with every signed-in page that checks the session
// (the dashboard's JS budget); fetched after the first page's load (scripts/first-pages.ts).
const offlineVerifier = () => import("./offline-verifier.ts");

export {
  FIRST_SIGN_IN_NEEDS_CONNECTION,
  OfflineSignInError,
  WRONG_CREDENTIALS_MESSAGE,
} from "./offline-sign-in-error.ts";

/** What an offline sign-in needs to renew the server session; page memory only (see the header). */
let held: { userId: string; email: string; password: string } | null = null;

/** Whether a password is held for renewing an offline sign-in (tests and the banner). */
export function holdsRenewalPassword(): boolean {
  return held !== null;
}

const renewedListeners = new Set<(session: DeviceSession) => void>();

/**
 * Called when the server took back an offline sign-in (renewed, or confirmed by `/me`) and the
 * outbox was un-paused: the page wakes the drain so the waiting changes replay at once.
 */
export function onServerSessionRenewed(listener: (session: DeviceSession) => void): () => void {
  renewedListeners.add(listener);
  return () => renewedListeners.delete(listener);
}

function browserSaysOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

export async function currentSession(): Promise<DeviceSession | undefined> {
  return deviceDb().session.get("current");
}

/**
 * Starts the local session. `verifier`: a new one replaces the account's (null drops it, when
 * it could not be made); absent keeps what the account has.
 */
async function rememberSession(
  user: UserSummary,
  now: Date,
  options: { verifier?: PasswordVerifier | null; offline?: boolean } = {},
): Promise<DeviceSession> {
  const session: DeviceSession = {
    key: "current",
    userId: user.id,
    user,
    signedInAt: now.toISOString(),
    ...(options.offline ? { offline: true } : {}),
  };
  const device = deviceDb();
  await device.transaction("rw", device.session, device.accounts, async () => {
    const known = await device.accounts.get(user.id);
    const verifier = options.verifier === undefined ? known?.verifier : (options.verifier ?? undefined);
    const account: KnownAccount = {
      userId: user.id,
      email: user.email.toLowerCase(),
      lastSignedInAt: session.signedInAt,
      user,
      ...(verifier ? { verifier } : {}),
    };
    await device.session.put(session);
    await device.accounts.put(account);
  });
  const db = userDb(user.id);
  await clientIdOf(db);
  // The same student is back with the server: replay what waited for them. An offline sign-in
  // is no news to the server, so a pause stays until the session is renewed.
  if (!options.offline) {
    await db.meta.delete("paused");
    await db.meta.delete("drainBackoff");
  }
  return session;
}

export interface SignInOptions {
  /**
   * The verifier's cost; `VERIFIER_ITERATIONS` unless given. Only suites that sign in thousands
   * of times (the sync property tests) pass a smaller one.
   */
  verifierIterations?: number;
}

async function signInOnline(email: string, password: string, options: SignInOptions = {}): Promise<DeviceSession> {
  // The verifier is derived while the request is on the wire, and kept only if it succeeds.
  const derivation = options.verifierIterations === undefined ? {} : { iterations: options.verifierIterations };
  const verifier = offlineVerifier()
    .then(({ deriveVerifier }) => deriveVerifier(password, derivation))
    .catch((err: unknown) => {
      console.warn("no offline verifier", err);
      return null;
    });
  const { user } = await call("login", { body: { email, password }, globalPolicy: false });
  return rememberSession(user, currentDate(), { verifier: await verifier });
}

async function signInOffline(email: string, password: string): Promise<DeviceSession> {
  const address = email.trim().toLowerCase();
  const known = await deviceDb().accounts.where("email").equals(address).toArray();
  const account = known
    .filter((a) => a.verifier && a.user)
    .sort((a, b) => b.lastSignedInAt.localeCompare(a.lastSignedInAt))[0];
  if (!account?.verifier || !account.user) throw new OfflineSignInError("needs_connection");
  const { verifyPassword } = await offlineVerifier();
  if (!(await verifyPassword(password, account.verifier))) throw new OfflineSignInError("wrong_password");
  held = { userId: account.userId, email: address, password };
  return rememberSession(account.user, currentDate(), { offline: true });
}

/**
 * Signs in with the server, or on this device when the server cannot be reached. Throws
 * ApiCallError for the server's refusals and OfflineSignInError for the device's.
 */
export async function signIn(email: string, password: string, options: SignInOptions = {}): Promise<DeviceSession> {
  if (browserSaysOffline()) return signInOffline(email, password);
  let session: DeviceSession;
  try {
    session = await signInOnline(email, password, options);
  } catch (err) {
    if (err instanceof NetworkError) return signInOffline(email, password);
    throw err;
  }
  held = null;
  return session;
}

export async function signOut(): Promise<void> {
  held = null;
  try {
    await call("logout", { globalPolicy: false });
  } catch {
    // Signing out offline still ends the session on this device.
  }
  await deviceDb().session.delete("current");
  // The next student on this device does not see this one's dashboard, even for a moment.
  await clearDashboardSnapshot().catch(() => undefined);
}

export type SessionCheck =
  | { kind: "signed-in"; session: DeviceSession; online: boolean }
  | { kind: "signed-out"; reason: "none" | "expired" | "replaced" | "offline" | "password-changed" };

/**
 * Confirms the local session with the server when it can; offline, trusts the device. When the
 * browser knows it is offline the server is not asked at all (no request bound to fail, no error
 * logged on each offline page load); the `online` event brings the check back.
 */
export async function checkSession(): Promise<SessionCheck> {
  const local = await currentSession();
  if (browserSaysOffline())
    return local ? { kind: "signed-in", session: local, online: false } : { kind: "signed-out", reason: "none" };
  try {
    const { user } = await call("me", { globalPolicy: false });
    if (local && local.userId === user.id)
      return { kind: "signed-in", session: await confirmSession(local, user), online: true };
    // A cookie of another account under an offline sign-in is stale: renew the one signed in here.
    if (local?.offline) return renewServerSession();
    return { kind: "signed-in", session: await rememberSession(user, currentDate()), online: true };
  } catch (err) {
    if (err instanceof NetworkError || (err instanceof ApiCallError && err.status >= 500)) {
      return local ? { kind: "signed-in", session: local, online: false } : { kind: "signed-out", reason: "none" };
    }
    if (err instanceof ApiCallError && err.status === 401) {
      if (local?.offline) return renewServerSession();
      held = null;
      await deviceDb().session.delete("current");
      return { kind: "signed-out", reason: err.code === "session_replaced" ? "replaced" : local ? "expired" : "none" };
    }
    throw err;
  }
}

/** `/me` names the signed-in student: keep their details, and un-pause replay (ID8). */
async function confirmSession(local: DeviceSession, user: UserSummary): Promise<DeviceSession> {
  const device = deviceDb();
  await device.transaction("rw", device.session, device.accounts, async () => {
    // `offline: undefined` removes the flag: the server knows this session.
    await device.session.update("current", { user, offline: undefined });
    await device.accounts.update(user.id, { user, email: user.email.toLowerCase() });
  });
  await userDb(user.id).meta.delete("paused");
  const { offline: _wasOffline, ...confirmed } = { ...local, user };
  if (local.offline) {
    held = null;
    for (const listener of renewedListeners) listener(confirmed);
  }
  return confirmed;
}

let renewing: Promise<SessionCheck> | null = null;
/**
 * How the last renewal that signed the device out ended. A check whose request was on the wire
 * meanwhile finds no session left, and says the same: without it, the second of the page's
 * checks (open, online, paused) answered "none" and its redirect dropped the reason the first
 * one gave the sign-in page ('You signed in while offline…').
 */
let signedOutBy: SessionCheck | null = null;

/** One renewal at a time: the page's triggers (open, online, paused) may ask together. */
function renewServerSession(): Promise<SessionCheck> {
  renewing ??= renew().finally(() => {
    renewing = null;
  });
  return renewing;
}

async function renew(): Promise<SessionCheck> {
  // A renewal that finished while this check's request was on the wire already did the work.
  const current = await currentSession();
  if (!current) return signedOutBy ?? { kind: "signed-out", reason: "none" };
  signedOutBy = null;
  if (!current.offline) return { kind: "signed-in", session: current, online: true };
  const password = held?.userId === current.userId ? held : null;
  if (!password) {
    // The page was reloaded since the offline sign-in: the student signs in again, and the
    // outbox, kept for them, replays after that.
    await deviceDb().session.delete("current");
    signedOutBy = { kind: "signed-out", reason: "offline" };
    return signedOutBy;
  }
  try {
    const session = await signInOnline(password.email, password.password);
    held = null;
    for (const listener of renewedListeners) listener(session);
    return { kind: "signed-in", session, online: true };
  } catch (err) {
    // Not reachable after all, or busy: stay signed in on the device and try again later.
    if (err instanceof NetworkError || (err instanceof ApiCallError && (err.status >= 500 || err.status === 429)))
      return { kind: "signed-in", session: current, online: false };
    if (!(err instanceof ApiCallError)) throw err;
    // The password changed online since this device last signed in online (or the account
    // can no longer sign in): the student signs in with the current one; the outbox waits.
    held = null;
    await deviceDb().session.delete("current");
    signedOutBy = { kind: "signed-out", reason: err.code === "invalid_credentials" ? "password-changed" : "offline" };
    return signedOutBy;
  }
}
