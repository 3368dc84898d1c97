/**
 * This installation's reference (spec accounts 7: `install_reference`, a stable id of this
 * installation): a uuid made once and kept in a database of its own, so reading it before the
 * legacy migration opens none of the databases the migration checks.
 */
import { Dexie, type EntityTable } from "dexie";

interface InstallationValue {
  key: "reference";
  value: string;
}

export const INSTALLATION_DB_NAME = "preflight-installation";

class InstallationDb extends Dexie {
  values!: EntityTable<InstallationValue, "key">;
  constructor() {
    super(INSTALLATION_DB_NAME);
    this.version(1).stores({ values: "key" });
  }
}

let installation: InstallationDb | null = null;

/** The installation's reference: the same on every call, on this device, until its data is cleared. */
export async function installReference(): Promise<string> {
  installation ??= new InstallationDb();
  const db = installation;
  return db.transaction("rw", db.values, async () => {
    const existing = await db.values.get("reference");
    if (existing) return existing.value;
    const value = crypto.randomUUID();
    await db.values.put({ key: "reference", value });
    return value;
  });
}
