import { UPDATE_MODE_AUTOMATIC } from "@preflight/sync-protocol/rules/constants";
import type { UserDb } from "../store/db.ts";
import { isFirstRun } from "./installed.ts";
import { checkAvailable, startUpdate, updateMode } from "./service.ts";

/**
 * The content step of the app's refresh when online: ask what is new; in automatic mode start
 * the update in the background, in manual mode leave it for the student's 'Update now' (the
 * dashboard shows the count). A device with no content yet is the updater screen's first run.
 */
export async function refreshContent(db: UserDb): Promise<void> {
  const available = await checkAvailable(db);
  if (available.total_updates === 0 || (await isFirstRun(db))) return;
  if ((await updateMode(db)) === UPDATE_MODE_AUTOMATIC) await startUpdate(db);
}
