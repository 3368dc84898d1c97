/**
 * The sync button's work: send what waits in the outbox, then bring the device's copies up to
 * date. Runs the drain in the page under the same "outbox" lock as the worker; if the worker
 * is draining just now, waits for it a little and tries again.
 */

import { pullAll } from "../pull/pull.ts";
import type { UserDb } from "../store/db.ts";
import { drainWhenFree } from "./drain.ts";
import { platformDrainDeps } from "./drain-deps.ts";

export type SyncResult = { ok: true } | { ok: false; reason: string };

export async function syncNow(db: UserDb): Promise<SyncResult> {
  const outcome = await drainWhenFree(platformDrainDeps(), { force: true });
  if (outcome.kind !== "drained" && outcome.kind !== "idle")
    return {
      ok: false,
      reason: outcome.kind === "retry-later" || outcome.kind === "paused" ? outcome.reason : outcome.kind,
    };
  const failures = await pullAll(db);
  if (failures.length) return { ok: false, reason: failures.map(String).join("; ") };
  return { ok: true };
}
