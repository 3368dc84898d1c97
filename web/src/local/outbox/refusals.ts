/**
 * The refused changes the banner shows, for the signed-in frame: nothing to load while there
 * are none (nearly always); the labels (call-labels.ts, which reads each call's body with the
 * write's schema) load with the first one. The page fetches them once it has loaded, so they
 * are at hand offline; should that load fail, the banner stays hidden until the next change.
 */
import type { Notice, UserDb } from "../store/db.ts";

export async function unseenRefusalsLabelled(db: UserDb): Promise<(Notice & { label: string })[]> {
  if ((await db.notices.where("seen").equals(0).count()) === 0) return [];
  // Wrapped in Promise.resolve: a live query awaits only Dexie's promises (Dexie's rule for
  // other asynchronous calls in a querier).
  const labels = await Promise.resolve(import("./call-labels.ts")).catch(() => null);
  return labels ? labels.unseenRefusals(db) : [];
}
