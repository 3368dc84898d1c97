/**
 * The drain: sends the signed-in account's pending mutations to POST /sync/push in seq order.
 *
 * One function for every runner: the service worker (on `sync` and on page messages) and the
 * page itself when no worker controls it. A Web Lock named "outbox" keeps one drainer at a time
 * across tabs and the worker. Failure handling:
 *   network error, 5xx, 408, 429 -> back off exponentially with jitter (meta "drainBackoff")
 *   401 / 403                     -> pause (meta "paused") until the same user signs in again
 *   other 4xx for the batch       -> park the batch's first entry as failed, so the rest moves on
 * Per mutation: applied/duplicate -> removed (its reply applied locally); failed -> parked with
 * its reason and a notice for the student; out_of_order -> stop and retry later. What a call's
 * reply or refusal means for the device's copy is registered by its action (outbox/calls.ts).
 */

import {
  DRAIN_BACKOFF_BASE_MS,
  DRAIN_BACKOFF_MAX_MS,
  SYNC_CALL_TIMEOUT_MS,
  SYNC_PUSH_BATCH_SIZE,
} from "@preflight/sync-protocol/rules/constants";
import type { PushReply } from "@preflight/sync-protocol/schemas/sync";
import { delay, webLocks } from "../../platform.ts";
import { deviceDb, getMeta, type OutboxEntry, type UserDb, userDb } from "../store/db.ts";

/**
 * What sending needs (the push's wire form, its reply's schema, the calls' handling) comes only
 * once there is something to send (sending.ts).
 */
const loadSending = () => import("./sending.ts");

export interface DrainDeps {
  fetch: typeof fetch;
  now: () => Date;
  random: () => number;
  /** Base URL of the API; "" for same origin. */
  baseUrl?: string;
}

export type DrainOutcome =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "no-session" }
  | { kind: "paused"; reason: string }
  | { kind: "waiting"; until: string }
  | { kind: "drained"; sent: number; failed: number }
  | { kind: "retry-later"; sent: number; failed: number; reason: string };

interface Backoff {
  failures: number;
  nextAttemptAt: string;
}

export function backoffDelay(failures: number, random: () => number): number {
  const exp = Math.min(DRAIN_BACKOFF_MAX_MS, DRAIN_BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  // "Equal jitter": at least half the window, so retries of many devices spread out but never bunch at zero.
  return Math.round(exp / 2 + random() * (exp / 2));
}

export interface DrainOptions {
  /** Ignore the back-off (the student asked, or the network just came back). */
  force?: boolean;
  /** Stop once the entry with this seq has been sent (entries go in seq order, so all before it go too). */
  throughSeq?: number;
}

/** Runs the drain under the "outbox" Web Lock when the platform has one; "busy" while another drainer holds it. */
export async function drainOutbox(deps: DrainDeps, options: DrainOptions = {}): Promise<DrainOutcome> {
  const locks = webLocks();
  if (!locks) return drainUnlocked(deps, options);
  return locks.request("outbox", { ifAvailable: true }, async (lock) =>
    lock ? drainUnlocked(deps, options) : ({ kind: "busy" } as const),
  );
}

/** How often, and how long apart, drainWhenFree tries while another drainer holds the lock (about 3 s in all). */
const BUSY_RETRIES = 10;
const BUSY_WAIT_MS = 300;

/**
 * Runs the drain now for someone waiting on it (the sync button, the jobs panel): while another
 * drainer (another tab, the worker) holds the lock, waits a little and tries again; "busy" only
 * when it is still held after the last try.
 */
export async function drainWhenFree(deps: DrainDeps, options: DrainOptions = {}): Promise<DrainOutcome> {
  let outcome = await drainOutbox(deps, options);
  for (let attempt = 1; attempt < BUSY_RETRIES && outcome.kind === "busy"; attempt++) {
    await delay(BUSY_WAIT_MS);
    outcome = await drainOutbox(deps, options);
  }
  return outcome;
}

export async function drainUnlocked(deps: DrainDeps, options: DrainOptions = {}): Promise<DrainOutcome> {
  const session = await deviceDb().session.get("current");
  if (!session) return { kind: "no-session" };
  const db = userDb(session.userId);
  const paused = await getMeta<string>(db, "paused");
  if (paused) return { kind: "paused", reason: paused };
  const backoff = await getMeta<Backoff>(db, "drainBackoff");
  if (!options.force && backoff && new Date(backoff.nextAttemptAt) > deps.now())
    return { kind: "waiting", until: backoff.nextAttemptAt };

  let sent = 0;
  let failed = 0;
  for (;;) {
    const batchSize = (await getMeta<number>(db, "pushBatchSize")) ?? SYNC_PUSH_BATCH_SIZE;
    const batch = await db.outbox
      .orderBy("seq")
      .filter(
        (e) =>
          e.userId === session.userId &&
          (e.status === "pending" || e.needsSkip === true) &&
          (options.throughSeq === undefined || e.seq <= options.throughSeq),
      )
      .limit(batchSize)
      .toArray();
    if (batch.length === 0) {
      await db.meta.delete("drainBackoff");
      await db.meta.delete("pushBatchSize");
      // A drain stopped at `throughSeq` may leave later entries waiting: not a full sync yet.
      const waiting =
        options.throughSeq === undefined
          ? 0
          : await db.outbox.filter((e) => e.userId === session.userId && e.status === "pending").count();
      if (sent + failed > 0 && waiting === 0) await db.meta.put({ key: "lastSyncAt", value: deps.now().toISOString() });
      return sent + failed === 0 ? { kind: "idle" } : { kind: "drained", sent, failed };
    }
    const first = batch[0] as OutboxEntry;
    let sending: Awaited<ReturnType<typeof loadSending>>;
    try {
      sending = await loadSending();
    } catch (err) {
      // Its code could not be fetched (offline before the app was stored): as a failed request.
      return retryLater(db, deps, sent, failed, `network: ${String(err)}`);
    }
    const { park, pushBody, pushReplySchema, settle } = sending;
    let response: Response;
    try {
      response = await deps.fetch(`${deps.baseUrl ?? ""}/sync/push`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Idempotency-Key": first.id },
        // A hung request must not hold the outbox lock for ever (spec: sync call timeout 30 s).
        signal: AbortSignal.timeout(SYNC_CALL_TIMEOUT_MS),
        body: JSON.stringify(pushBody(first.clientId, batch, deps.now())),
      });
    } catch (err) {
      return retryLater(db, deps, sent, failed, `network: ${String(err)}`);
    }
    if (response.status === 401 || response.status === 403) {
      // Only the session this drain started under is paused: if the student signed in again
      // while the push was on the wire, the refusal is stale and the next drain goes ahead.
      const current = await deviceDb().session.get("current");
      if (current?.userId !== session.userId || current.signedInAt !== session.signedInAt)
        return retryLater(db, deps, sent, failed, "signed in again while a push was on the wire");
      await db.meta.put({ key: "paused", value: `server said ${response.status}` });
      return { kind: "paused", reason: `server said ${response.status}` };
    }
    if (response.status === 426) {
      const reason = `update required: ${await errorMessage(response)}`;
      await db.meta.put({ key: "paused", value: reason });
      return { kind: "paused", reason };
    }
    if (response.status >= 500 || response.status === 408 || response.status === 429 || response.status === 409)
      return retryLater(db, deps, sent, failed, `server said ${response.status}`);
    if (!response.ok) {
      // Refused whole: find the culprit by sending one at a time; a single change the server
      // will never take is parked here and a skip goes in its place (DR8).
      const reason = await errorMessage(response);
      if (batch.length > 1) {
        await db.meta.put({ key: "pushBatchSize", value: 1 });
        continue;
      }
      await park(db, first, `http_${response.status}`, reason, deps.now(), { needsSkip: true });
      await db.meta.delete("pushBatchSize");
      failed++;
      continue;
    }
    let reply: PushReply;
    try {
      reply = pushReplySchema.parse(await response.json());
    } catch (err) {
      return retryLater(db, deps, sent, failed, `unreadable reply: ${String(err)}`);
    }
    const bySeq = new Map(batch.map((e) => [e.seq, e]));
    for (const result of reply.results) {
      const entry = bySeq.get(result.seq);
      if (!entry || entry.id !== result.id) continue;
      if (result.status === "out_of_order")
        return retryLater(db, deps, sent, failed, `server expects seq ${result.expectedSeq}`);
      if (entry.needsSkip) {
        // The server has recorded the skip: the entry stays parked, the queue moves on.
        await db.outbox.update(entry.seq, { needsSkip: false });
      } else if (result.status === "failed") {
        await park(db, entry, result.error.code, result.error.message, deps.now());
        failed++;
      } else {
        await settle(db, entry, result);
        sent++;
      }
    }
    if (reply.results.length === 0) return retryLater(db, deps, sent, failed, "server applied nothing");
  }
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    return body.error?.message ?? `server said ${response.status}`;
  } catch {
    return `server said ${response.status}`;
  }
}

async function retryLater(
  db: UserDb,
  deps: DrainDeps,
  sent: number,
  failed: number,
  reason: string,
): Promise<DrainOutcome> {
  const previous = await getMeta<Backoff>(db, "drainBackoff");
  const failures = (previous?.failures ?? 0) + 1;
  const nextAttemptAt = new Date(deps.now().getTime() + backoffDelay(failures, deps.random)).toISOString();
  await db.meta.put({ key: "drainBackoff", value: { failures, nextAttemptAt } satisfies Backoff });
  return { kind: "retry-later", sent, failed, reason };
}
