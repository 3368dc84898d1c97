/**
 * What the drain needs once it has something to send: the push's wire form and its reply's
 * schema, and what each call's registered handling does with the server's answer (settle, park).
 * The handlings are the action modules, which bring much of the protocol's schemas; the drain
 * loads this module only when its outbox holds a batch, so a page opening with nothing to send
 * (most openings) builds none of them. Building them was the longest task of the dashboard's
 * first seconds on a slow tablet (about 100 ms at a quarter of a laptop's speed).
 */
import {
  type Mutation,
  type PushRequest,
  type PushResult,
  SYNC_PROTOCOL_VERSION,
  SYNC_SKIP_CALL,
} from "@preflight/sync-protocol/schemas/sync";
// Makes the action modules' registrations in outbox/calls.ts, wherever the drain runs.
import "../actions/drain-handling.ts";
import type { OutboxEntry, UserDb } from "../store/db.ts";
import { callHandling } from "./calls.ts";

export { pushReplySchema } from "@preflight/sync-protocol/schemas/sync";

/** The body of a push of `batch` (entries of one device, in seq order). */
export function pushBody(clientId: string, batch: OutboxEntry[], now: Date): PushRequest {
  return {
    protocol: SYNC_PROTOCOL_VERSION,
    clientId,
    mutations: batch.map(toWire),
    // With each createdAt (the same clock), the server tells how long a change waited here.
    sentAt: now.toISOString(),
  };
}

/** The wire form of an entry: itself, or a skip standing in for one the server refused whole. */
export function toWire(entry: OutboxEntry): Mutation {
  const { id, clientId, seq, userId, createdAt } = entry;
  if (entry.needsSkip)
    return { id, clientId, seq, userId, createdAt, call: SYNC_SKIP_CALL, body: { reason: entry.lastError } };
  return { id, clientId, seq, userId, createdAt, call: entry.call, body: entry.body };
}

/** A mutation the server applied (now or before): drop it and take in the server's decision. */
export async function settle(
  db: UserDb,
  entry: OutboxEntry,
  result: Extract<PushResult, { reply: unknown }>,
): Promise<void> {
  const handling = callHandling(entry.call);
  await db.transaction("rw", ["outbox", ...(handling?.tables ?? [])], async () => {
    await db.outbox.delete(entry.seq);
    await handling?.onApplied?.(result.reply, entry, db);
  });
}

/**
 * A mutation the server refused: kept, marked failed with the reason, and told to the student;
 * what the device did ahead of the server is undone by the call's registered handling.
 */
export async function park(
  db: UserDb,
  entry: OutboxEntry,
  code: string,
  message: string,
  now: Date,
  options: { needsSkip?: boolean } = {},
): Promise<void> {
  const handling = callHandling(entry.call);
  await db.transaction("rw", ["outbox", "notices", ...(handling?.tables ?? [])], async () => {
    await handling?.onRefused?.(entry, db);
    await db.outbox.update(entry.seq, {
      status: "failed",
      attempts: entry.attempts + 1,
      lastError: `${code}: ${message}`,
      needsSkip: options.needsSkip ?? false,
    });
    await db.notices.put({
      id: entry.id,
      createdAt: now.toISOString(),
      kind: "refused",
      code,
      message,
      call: entry.call,
      seen: 0,
    });
  });
}
