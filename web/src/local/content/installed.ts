import type { InstalledPacks } from "@preflight/sync-protocol/rules/content-plan";
import type { UserDb } from "../store/db.ts";

/** The pack version of each subject on this device. */
export async function installedVersions(db: UserDb): Promise<InstalledPacks> {
  const rows = await db.installedPacks.toArray();
  return Object.fromEntries(rows.map((r) => [r.subject, r.version]));
}

/** No content pack on the device yet: the updater's first run. */
export async function isFirstRun(db: UserDb): Promise<boolean> {
  return (await db.installedPacks.count()) === 0;
}
