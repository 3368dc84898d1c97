/**
 * The local profiles of this device (the maintenance users page; spec accounts §2, §6): every
 * account that has signed in here (DeviceDb `accounts`), each with its own UserDb
 * (`preflight-user-<id>`): its pending changes and last sync; and what the page does to one.
 *
 * - Sync: the signed-in maintenance user's own profile drains and pulls as the sync button does
 *   (syncNow). Another profile's device holds no session of that user: its outbox goes through
 *   POST /maintenance/user/{id}/sync, the maintenance user acting for them, and each change is
 *   settled or parked by the server's result exactly as the drain does it.
 * - Full Sync: the profile's pull cursors are reset first. The own profile then pulls everything
 *   now; another profile pulls everything at its student's next sign-in here.
 * - Delete: refused for the signed-in profile and while the profile has unsent changes; online,
 *   the server first confirms every change of it arrived (POST /maintenance/user/{id}/delete);
 *   offline, the empty outbox suffices. Removes the profile's UserDb and its accounts row (with
 *   its offline verifier). The server keeps the account.
 */

import { maintenanceUsersRoutes } from "@preflight/sync-protocol/routes/maintenance-users";
import { SYNC_PUSH_BATCH_SIZE } from "@preflight/sync-protocol/rules/constants";
import { PULL_STEPS } from "@preflight/sync-protocol/schemas/pull";
import { call, NetworkError } from "../api.ts";
import { park, pushBody, settle } from "../outbox/sending.ts";
import { syncNow } from "../outbox/sync-now.ts";
import { cursorKey } from "../pull/steps/cursor.ts";
import { deviceDb, getMeta, type KnownAccount, type OutboxEntry, type UserDb, userDb } from "../store/db.ts";

export interface LocalProfile {
  userId: string;
  email: string;
  /** First and last name as the server gave them at the last sign-in here; null before any. */
  name: string | null;
  lastSignedInAt: string;
  /** Changes waiting for the server (the outbox's pending entries). */
  pending: number;
  /** Changes the server refused (parked). */
  failed: number;
  lastSyncAt: string | null;
}

/** A refusal the page shows as it is: the signed-in profile, or unsent changes. */
export class LocalProfileRefusal extends Error {
  constructor(
    readonly reason: "signed_in" | "pending",
    message: string,
  ) {
    super(message);
    this.name = "LocalProfileRefusal";
  }
}

const waiting = (db: UserDb, userId: string) =>
  db.outbox.orderBy("seq").filter((e) => e.userId === userId && (e.status === "pending" || e.needsSkip === true));

/** Every account that signed in on this device, the most recent first. */
export async function readLocalProfiles(): Promise<LocalProfile[]> {
  const accounts = await deviceDb().accounts.toArray();
  const profiles = await Promise.all(accounts.map(readProfile));
  return profiles.sort((a, b) => b.lastSignedInAt.localeCompare(a.lastSignedInAt));
}

async function readProfile(account: KnownAccount): Promise<LocalProfile> {
  const db = userDb(account.userId);
  const [pending, failed, lastSyncAt] = await Promise.all([
    db.outbox.where("status").equals("pending").count(),
    db.outbox.where("status").equals("failed").count(),
    getMeta<string>(db, "lastSyncAt"),
  ]);
  const name = account.user ? `${account.user.firstname} ${account.user.lastname}`.trim() : "";
  return {
    userId: account.userId,
    email: account.email,
    name: name || null,
    lastSignedInAt: account.lastSignedInAt,
    pending,
    failed,
    lastSyncAt: lastSyncAt ?? null,
  };
}

/** Forgets where each pull step got to: the next pull of the profile brings everything again. */
export async function resetPullCursors(db: UserDb): Promise<void> {
  await db.meta.bulkDelete(PULL_STEPS.map(cursorKey));
}

export interface ProfileSyncOutcome {
  /** The server's text (and, for the own profile, what the device did). */
  text: string;
  /** Changes still waiting afterwards (the server waits for earlier ones, or the sync stopped). */
  left: number;
}

/**
 * Sync (or, with `full`, Full Sync) of one local profile; `signedInUserId` is the maintenance
 * user's own. Throws NetworkError or ApiCallError when the server cannot be reached or refuses.
 */
export async function syncLocalProfile(
  userId: string,
  options: { full: boolean; signedInUserId: string; now: () => Date },
): Promise<ProfileSyncOutcome> {
  const db = userDb(userId);
  if (options.full) await resetPullCursors(db);
  const query = options.full ? { full: "true" as const } : {};
  if (userId === options.signedInUserId) {
    const result = await syncNow(db);
    if (!result.ok) throw new Error(`The sync did not finish: ${result.reason}`);
    const { text } = await call(maintenanceUsersRoutes.maintenanceUserSync, { params: { id: userId } });
    const did = options.full
      ? "Sent this profile's changes and pulled all its data again."
      : "Sent this profile's changes and pulled its data.";
    return { text: `${did} ${text}`, left: await waiting(db, userId).count() };
  }
  const texts: string[] = [];
  let sentAny = false;
  for (;;) {
    const batch = await waiting(db, userId).limit(SYNC_PUSH_BATCH_SIZE).toArray();
    if (batch.length === 0) break;
    const first = batch[0] as OutboxEntry;
    const reply = await call(maintenanceUsersRoutes.maintenanceUserSync, {
      params: { id: userId },
      query,
      body: pushBody(first.clientId, batch, options.now()),
    });
    texts.push(reply.text);
    sentAny = true;
    const bySeq = new Map(batch.map((e) => [e.seq, e]));
    let stopped = false;
    for (const result of reply.results ?? []) {
      const entry = bySeq.get(result.seq);
      if (!entry || entry.id !== result.id) continue;
      if (result.status === "out_of_order") {
        stopped = true;
        break;
      }
      if (entry.needsSkip) await db.outbox.update(entry.seq, { needsSkip: false });
      else if (result.status === "failed")
        await park(db, entry, result.error.code, result.error.message, options.now());
      else await settle(db, entry, result);
    }
    if (stopped || (reply.results ?? []).length === 0) break;
  }
  if (!sentAny)
    texts.push((await call(maintenanceUsersRoutes.maintenanceUserSync, { params: { id: userId }, query })).text);
  const left = await waiting(db, userId).count();
  if (sentAny && left === 0) await db.meta.put({ key: "lastSyncAt", value: options.now().toISOString() });
  return { text: texts.join(" "), left };
}

/** Why the device will not delete this profile now (the signed-in one, or unsent changes); null when it may. */
export async function deleteRefusal(userId: string, signedInUserId: string): Promise<LocalProfileRefusal | null> {
  if (userId === signedInUserId)
    return new LocalProfileRefusal("signed_in", "You cannot delete your own profile while you are signed in.");
  const account = await deviceDb().accounts.get(userId);
  if (!account) throw new Error(`No local profile ${userId} on this device`);
  const unsent = await waiting(userDb(userId), userId).count();
  if (unsent === 0) return null;
  return new LocalProfileRefusal(
    "pending",
    `${account.email} has ${unsent === 1 ? "1 change" : `${unsent} changes`} not yet sent to the server. Sync the profile first, or export its pending changes to a file.`,
  );
}

/**
 * Deletes a local profile. Refuses the signed-in one and one with unsent changes
 * (LocalProfileRefusal); a server that says changes are missing refuses too (ApiCallError).
 * Answers the server's text, or null when the server could not be reached (offline).
 */
export async function deleteLocalProfile(userId: string, signedInUserId: string): Promise<string | null> {
  const refusal = await deleteRefusal(userId, signedInUserId);
  if (refusal) throw refusal;
  const db = userDb(userId);
  const clientId = await getMeta<string>(db, "clientId");
  const lastSeq = ((await getMeta<number>(db, "nextSeq")) ?? 1) - 1;
  let text: string | null = null;
  try {
    const body = clientId ? { clientId, lastSeq } : {};
    text = (await call(maintenanceUsersRoutes.maintenanceUserDelete, { params: { id: userId }, body })).text;
  } catch (err) {
    // Offline, the device's own check (nothing waits in the outbox) is enough.
    if (!(err instanceof NetworkError)) throw err;
  }
  // The database first: if it cannot go, the profile stays listed. Reopened empty if the
  // student signs in here again.
  await db.delete({ disableAutoOpen: false });
  await deviceDb().accounts.delete(userId);
  return text;
}
