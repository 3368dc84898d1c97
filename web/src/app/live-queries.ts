/** Live reads of the device's stores (pending changes, last sync, notices, bank size) as React hooks: here, not in local/, which has no React. */
import { useLiveQuery } from "dexie-react-hooks";
import type { Notice, UserDb } from "../local/db.ts";

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
