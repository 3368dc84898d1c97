/** The device's copies of server data the app keeps up to date when online. */
import { currentDate } from "../../platform.ts";
import { refreshContent } from "../content/refresh.ts";
import type { UserDb } from "../store/db.ts";
import { refreshFixedTests } from "./fixed-tests.ts";
import { refreshAuthorities, refreshQuestionStats } from "./question-data.ts";
import { refreshSyncSteps } from "./steps/runner.ts";

const PULLS = [refreshContent, refreshQuestionStats, refreshAuthorities, refreshFixedTests] as const;

/**
 * Runs every pull; each may fail alone. Returns the failures (empty when all succeeded), and
 * when all succeeded with nothing left to send, records the moment as the last sync.
 *
 * The post-login sync steps (profile, user, syllabus, school) run as one more refresh, in their
 * order, unless `syncSteps` is false: the sync screen runs them itself, with the course the
 * student watches, and a chain finished just before would only run them twice.
 */
export async function pullAll(db: UserDb, { syncSteps = true }: { syncSteps?: boolean } = {}): Promise<unknown[]> {
  const pulls = syncSteps ? [...PULLS, refreshSyncSteps] : PULLS;
  const results = await Promise.allSettled(pulls.map((pull) => pull(db)));
  const failures = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (failures.length === 0 && (await db.outbox.where("status").equals("pending").count()) === 0)
    await db.meta.put({ key: "lastSyncAt", value: currentDate().toISOString() });
  return failures;
}
