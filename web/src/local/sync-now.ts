/**
 * The sync button's work: send what waits in the outbox, then bring the device's copies up to
 * date. Runs the drain in the page under the same "outbox" lock as the worker; if the worker
 * is draining just now, waits for it a little and tries again.
 */
import type { UserDb } from "./db.ts";
import { type DrainOutcome, drainOutbox } from "./drain.ts";
import { pullAll } from "./pull.ts";

export type SyncResult = { ok: true } | { ok: false; reason: string };

const BUSY_RETRIES = 10;
const BUSY_WAIT_MS = 300;

export async function syncNow(db: UserDb): Promise<SyncResult> {
  let outcome: DrainOutcome = { kind: "busy" };
  for (let attempt = 0; attempt < BUSY_RETRIES && outcome.kind === "busy"; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
    outcome = await drainOutbox(
      { fetch: (...args) => fetch(...args), now: () => new Date(), random: Math.random },
      { force: true },
    );
  }
  if (outcome.kind !== "drained" && outcome.kind !== "idle")
    return {
      ok: false,
      reason: outcome.kind === "retry-later" || outcome.kind === "paused" ? outcome.reason : outcome.kind,
    };
  const failures = await pullAll(db);
  if (failures.length) return { ok: false, reason: failures.map(String).join("; ") };
  return { ok: true };
}
