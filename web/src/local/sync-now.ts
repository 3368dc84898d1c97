/**
 * The sync button's work: send what waits in the outbox, then bring the device's copies up to
 * date. Runs the drain in the page under the same "outbox" lock as the worker; if the worker
 * is draining just now, waits for it a little and tries again.
 */
import { refreshBank } from "./bank.ts";
import type { UserDb } from "./db.ts";
import { type DrainOutcome, drainOutbox } from "./drain.ts";
import { refreshAuthorities, refreshQuestionStats } from "./pull-question-data.ts";

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
  try {
    await Promise.all([refreshBank(db), refreshQuestionStats(db), refreshAuthorities(db)]);
  } catch (err) {
    return { ok: false, reason: String(err) };
  }
  await db.meta.put({ key: "lastSyncAt", value: new Date().toISOString() });
  return { ok: true };
}
