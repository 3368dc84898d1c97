/**
 * The outbox: every user intent appends its mutation here in the SAME Dexie transaction as its
 * local change, so the two are never apart. `seq` is this client's own counter, kept in meta
 * under "nextSeq" and read inside the transaction; `clientId` names this account's database on
 * this device. The drain (drain.ts) sends entries in seq order.
 */

import { callFor, type MutationTemplate } from "@preflight/sync-protocol/mutation-templates";
import type { MutationBody } from "@preflight/sync-protocol/mutations";
import { v7 as uuidv7 } from "uuid";
import { getMeta, type OutboxEntry, type UserDb } from "../store/db.ts";

export const OUTBOX_TABLES = ["outbox", "meta"] as const;

/** Must run inside a Dexie rw transaction that includes `outbox` and `meta`. */
export async function enqueue<T extends MutationTemplate>(
  db: UserDb,
  userId: string,
  template: T,
  params: Record<string, string>,
  body: MutationBody<T>,
  now: Date,
): Promise<OutboxEntry> {
  const clientId = await getMeta<string>(db, "clientId");
  if (!clientId) throw new Error("clientId is made before any action runs");
  const seq = (await getMeta<number>(db, "nextSeq")) ?? 1;
  await db.meta.put({ key: "nextSeq", value: seq + 1 });
  // The server orders a device's intents by their time: never stamp one earlier than the one
  // before, even when the device's clock is set back between them.
  const last = await getMeta<string>(db, "lastCreatedAt");
  const stamp = last && new Date(last) >= now ? new Date(new Date(last).getTime() + 1) : now;
  await db.meta.put({ key: "lastCreatedAt", value: stamp.toISOString() });
  const entry: OutboxEntry = {
    seq,
    id: uuidv7(),
    clientId,
    userId,
    createdAt: stamp.toISOString(),
    call: callFor(template, params),
    body,
    status: "pending",
    attempts: 0,
    lastError: null,
  };
  await db.outbox.add(entry);
  return entry;
}
