/**
 * Pending changes as a file: a last resort for a device that will never reconnect. The file
 * carries the queued mutations exactly as the outbox holds them (same ids, client id and seq),
 * so importing it on any device signed in as the same student replays them through
 * POST /sync/push, and the server applies each once: a later replay from the old device, or a
 * second import, only meets stored replies.
 */

import { syncRoutes } from "@preflight/sync-protocol/routes/sync";
import { SYNC_PUSH_BATCH_SIZE } from "@preflight/sync-protocol/rules/constants";
import { mutationSchema, type PushReply, SYNC_PROTOCOL_VERSION } from "@preflight/sync-protocol/schemas/sync";
import { z } from "zod";
import { ApiCallError, call } from "../api.ts";
import type { UserDb } from "../store/db.ts";
import { toWire } from "./sending.ts";

export const PENDING_FILE_KIND = "preflight-pending-changes";

export const pendingFileSchema = z.object({
  kind: z.literal(PENDING_FILE_KIND),
  version: z.literal(1),
  exportedAt: z.string().datetime(),
  userId: z.string(),
  email: z.string(),
  clientId: z.string().uuid(),
  mutations: z.array(mutationSchema),
});
export type PendingFile = z.infer<typeof pendingFileSchema>;

/** Everything the server has not taken yet, in order. */
export async function exportPending(
  db: UserDb,
  account: { userId: string; email: string },
  now: Date,
): Promise<PendingFile> {
  const entries = await db.outbox
    .orderBy("seq")
    .filter((e) => e.userId === account.userId && (e.status === "pending" || e.needsSkip === true))
    .toArray();
  const clientId = entries[0]?.clientId ?? ((await db.meta.get("clientId"))?.value as string);
  return {
    kind: PENDING_FILE_KIND,
    version: 1,
    exportedAt: now.toISOString(),
    userId: account.userId,
    email: account.email,
    clientId,
    mutations: entries.map(toWire),
  };
}

/** A pending-changes file that cannot be replayed; `message` is what the changes page shows. */
export class PendingFileError extends Error {
  constructor(
    readonly reason: "not_a_pending_file" | "damaged" | "other_student" | "server_refused",
    message: string,
  ) {
    super(message);
  }
}

export function parsePendingFile(text: string): PendingFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PendingFileError("not_a_pending_file", "This is not a pending-changes file.");
  }
  const parsed = pendingFileSchema.safeParse(raw);
  if (!parsed.success) throw new PendingFileError("damaged", "This is not a pending-changes file, or it is damaged.");
  return parsed.data;
}

export interface ImportReport {
  applied: number;
  duplicate: number;
  failed: { call: string; message: string }[];
  /** Changes the server could not take yet because earlier ones from that device are missing. */
  waiting: number;
}

/** Replays a file's changes for the signed-in student; refuses another student's file. */
export async function importPending(file: PendingFile, signedInUserId: string): Promise<ImportReport> {
  if (file.userId !== signedInUserId)
    throw new PendingFileError(
      "other_student",
      `These changes belong to ${file.email}. Sign in as that student to import them.`,
    );
  const report: ImportReport = { applied: 0, duplicate: 0, failed: [], waiting: 0 };
  const calls = new Map(file.mutations.map((m) => [m.id, m.call]));
  for (let i = 0; i < file.mutations.length; i += SYNC_PUSH_BATCH_SIZE) {
    const batch = file.mutations.slice(i, i + SYNC_PUSH_BATCH_SIZE);
    let reply: PushReply;
    try {
      reply = await call(syncRoutes.push, {
        body: { protocol: SYNC_PROTOCOL_VERSION, clientId: file.clientId, mutations: batch },
      });
    } catch (err) {
      if (err instanceof ApiCallError) throw new PendingFileError("server_refused", err.message);
      throw err;
    }
    for (const result of reply.results) {
      if (result.status === "applied") report.applied++;
      else if (result.status === "duplicate") report.duplicate++;
      else if (result.status === "failed")
        report.failed.push({ call: calls.get(result.id) ?? "", message: result.error.message });
      else {
        report.waiting += file.mutations.length - file.mutations.findIndex((m) => m.id === result.id);
        return report;
      }
    }
  }
  return report;
}
