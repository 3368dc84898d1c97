/** The device's copies of server data the app keeps up to date when online. */
import { refreshBank } from "./bank.ts";
import type { UserDb } from "./db.ts";
import { refreshAuthorities, refreshQuestionStats } from "./pull-question-data.ts";

const PULLS = [refreshBank, refreshQuestionStats, refreshAuthorities] as const;

/**
 * Runs every pull; each may fail alone. Returns the failures (empty when all succeeded), and
 * when all succeeded with nothing left to send, records the moment as the last sync.
 */
export async function pullAll(db: UserDb): Promise<unknown[]> {
  const results = await Promise.allSettled(PULLS.map((pull) => pull(db)));
  const failures = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (failures.length === 0 && (await db.outbox.where("status").equals("pending").count()) === 0)
    await db.meta.put({ key: "lastSyncAt", value: new Date().toISOString() });
  return failures;
}
