/**
 * Legacy migration (spec accounts 2 and 4): after the installed app is activated, the device's
 * data written by an older release of this app is brought up to the current schema before
 * anyone signs in, and checked record by record.
 *
 * Legacy data here is a device database (`preflight`, or an account's `preflight-user-<userId>`;
 * store/db.ts) at an older Dexie schema version than this release declares: an older release
 * wrote it and this one has not opened it yet. The migration runs the same upgrades db.ts
 * declares (so there is one migration per schema change, wherever the database is first opened),
 * but here up front, with the page showing where it is, and checked:
 *
 *   pending   the check: every database on the device, opened as it is (Dexie's dynamic mode),
 *             its version read. A database newer than this release, or one that cannot be
 *             read, is a check error: failed, and nothing is changed.
 *   active    each legacy database: every table's primary keys read as they are, the database
 *             opened with its current schema (Dexie runs the upgrades in one versionchange
 *             transaction, so a failing upgrade leaves the old database whole), then every old
 *             key looked up again. A record missing afterwards fails the migration.
 *   complete  every legacy database is at the current version with all its records.
 *
 * Example: `preflight-user-42` at version 1 with 3 tests → upgraded to 9 (tests gain `ended`,
 * `can_retake`, `question_versions` ...): { name, fromVersion: 1, toVersion: 9, records: 3 }.
 */
import { Dexie } from "dexie";
import { DeviceDb, UserDb } from "./db.ts";

export type LegacyMigrationState = "pending" | "active" | "complete" | "failed";

export interface MigratedDatabase {
  name: string;
  fromVersion: number;
  toVersion: number;
  /** Records the database held before, every one of them found again after. */
  records: number;
}

export interface LegacyMigrationStatus {
  state: LegacyMigrationState;
  /** The databases migrated so far. */
  migrated: MigratedDatabase[];
  /** Why it failed (failed only). */
  error: string | null;
}

/** A database the migration refuses to touch, or one that lost records: `message` says which. */
export class LegacyMigrationError extends Error {
  constructor(
    readonly reason: "newer_version" | "unreadable" | "records_missing",
    message: string,
  ) {
    super(message);
    this.name = "LegacyMigrationError";
  }
}

/** The current schema of a device database by its name, or null for a database that is not the app's. */
function currentSchemaOf(name: string): (() => Dexie) | null {
  if (name === "preflight") return () => new DeviceDb();
  const account = /^preflight-user-(.+)$/.exec(name)?.[1];
  return account ? () => new UserDb(account) : null;
}

interface LegacyDatabase {
  name: string;
  version: number;
  current: number;
  open: () => Dexie;
}

/** The check: the app's databases on this device below their current version. */
export async function findLegacyDatabases(): Promise<LegacyDatabase[]> {
  const legacy: LegacyDatabase[] = [];
  for (const name of await Dexie.getDatabaseNames()) {
    const open = currentSchemaOf(name);
    if (!open) continue;
    const version = await versionOf(name);
    const current = open().verno;
    if (version > current)
      throw new LegacyMigrationError(
        "newer_version",
        `The database ${name} was written by a newer version of the app (schema ${version}, this one knows ${current}).`,
      );
    if (version < current) legacy.push({ name, version, current, open });
  }
  return legacy;
}

async function versionOf(name: string): Promise<number> {
  const probe = new Dexie(name);
  try {
    await probe.open();
    return probe.verno;
  } catch (err) {
    throw new LegacyMigrationError("unreadable", `The database ${name} could not be read: ${String(err)}`);
  } finally {
    probe.close();
  }
}

/** Every table's primary keys, read with the database's own (old) schema. */
async function keysAsTheyAre(name: string): Promise<Map<string, unknown[]>> {
  const probe = new Dexie(name);
  try {
    await probe.open();
    const keys = new Map<string, unknown[]>();
    for (const table of probe.tables) keys.set(table.name, await table.toCollection().primaryKeys());
    return keys;
  } finally {
    probe.close();
  }
}

/** Upgrades one legacy database to its current schema and checks that every record is still there. */
export async function migrateDatabase(legacy: LegacyDatabase): Promise<MigratedDatabase> {
  const before = await keysAsTheyAre(legacy.name);
  const db = legacy.open();
  try {
    await db.open();
    let records = 0;
    for (const [table, keys] of before) {
      const found = await db.table(table).bulkGet(keys as never[]);
      const missing = found.filter((row) => row === undefined).length;
      if (missing > 0)
        throw new LegacyMigrationError(
          "records_missing",
          `${missing} of ${keys.length} records of ${table} in ${legacy.name} were not found after the migration.`,
        );
      records += keys.length;
    }
    return { name: legacy.name, fromVersion: legacy.version, toVersion: db.verno, records };
  } finally {
    db.close();
  }
}

/** One run of the migration on this device; its status is read (polled) while it runs. */
export class LegacyMigration {
  private current: LegacyMigrationStatus = { state: "pending", migrated: [], error: null };
  private run: Promise<LegacyMigrationStatus> | null = null;

  status(): LegacyMigrationStatus {
    return { ...this.current, migrated: [...this.current.migrated] };
  }

  /** Starts the run once; later calls return the same run. */
  start(): Promise<LegacyMigrationStatus> {
    this.run ??= this.migrate();
    return this.run;
  }

  private async migrate(): Promise<LegacyMigrationStatus> {
    try {
      const legacy = await findLegacyDatabases();
      this.current = { ...this.current, state: "active" };
      for (const database of legacy) {
        const migrated = await migrateDatabase(database);
        this.current = { ...this.current, migrated: [...this.current.migrated, migrated] };
      }
      this.current = { ...this.current, state: "complete" };
    } catch (err) {
      this.current = { ...this.current, state: "failed", error: err instanceof Error ? err.message : String(err) };
    }
    return this.status();
  }
}

let pageMigration: LegacyMigration | null = null;

/** The page's one migration run (the activation's next page starts it; the poll reads it). */
export function legacyMigration(): LegacyMigration {
  pageMigration ??= new LegacyMigration();
  return pageMigration;
}
