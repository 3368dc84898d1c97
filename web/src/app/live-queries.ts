/** Live reads of the device's stores (pending changes, last sync, notices, bank size, hidden fixed results, subjects on the device) as React hooks: here, not in local/, which has no React. */
import { useLiveQuery } from "dexie-react-hooks";
import { HIDE_FIXED_RESULTS_META } from "../local/pull/keys.ts";
import { getMeta, type Notice, type UserDb } from "../local/store/db.ts";
import type { SubjectEntry } from "../ui/subject-tree.ts";

export interface SyncSnapshot {
  pending: number;
  failed: number;
  lastSyncAt: string | null;
  paused: string | null;
}

export function useSyncSnapshot(db: UserDb): SyncSnapshot | undefined {
  return useLiveQuery(async () => {
    const [pending, failed, lastSyncAt, paused] = await Promise.all([
      db.outbox.where("status").equals("pending").count(),
      db.outbox.where("status").equals("failed").count(),
      db.meta.get("lastSyncAt"),
      db.meta.get("paused"),
    ]);
    return {
      pending,
      failed,
      lastSyncAt: (lastSyncAt?.value as string | undefined) ?? null,
      paused: (paused?.value as string | undefined) ?? null,
    };
  }, [db]);
}

export function useUnseenNotices(db: UserDb): Notice[] {
  return useLiveQuery(() => db.notices.where("seen").equals(0).sortBy("createdAt"), [db]) ?? [];
}

export function useBankSize(db: UserDb): number | undefined {
  return useLiveQuery(() => db.questions.count(), [db]);
}

/** The server-wide hide_fixed_results as last downloaded; false until known. */
export function useHideFixedResults(db: UserDb): boolean {
  return useLiveQuery(async () => (await db.meta.get(HIDE_FIXED_RESULTS_META))?.value === true, [db], false) ?? false;
}

/** The subjects whose content is on this device. */
export function useSubjects(db: UserDb): SubjectEntry[] | undefined {
  return useLiveQuery(async () => (await getMeta<SubjectEntry[]>(db, "subjects")) ?? [], [db]);
}
