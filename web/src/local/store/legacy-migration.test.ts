import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { DeviceDb, UserDb } from "./db.ts";
import {
  LEGACY_DEVICE_RECORDS,
  LEGACY_USER_DB,
  LEGACY_USER_ID,
  LEGACY_USER_RECORDS,
  writeLegacyRelease,
} from "./fake-legacy-release.ts";
import { findLegacyDatabases, LegacyMigration } from "./legacy-migration.ts";

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

const USER_RECORD_COUNT = Object.values(LEGACY_USER_RECORDS).reduce((n, rows) => n + rows.length, 0);

describe("legacy migration: an older release's device databases brought to the current schema", () => {
  it("finds nothing to migrate on a new installation, and completes", async () => {
    const migration = new LegacyMigration();
    expect(migration.status().state).toBe("pending");
    const done = await migration.start();
    expect(done).toEqual({ state: "complete", migrated: [], error: null });
  });

  it("finds the old account database and the old device database, each below its current version", async () => {
    await writeLegacyRelease();
    const legacy = await findLegacyDatabases();
    expect(legacy.map((d) => [d.name, d.version, d.current]).sort()).toEqual(
      [
        ["preflight", 1, new DeviceDb().verno],
        [LEGACY_USER_DB, 1, new UserDb(LEGACY_USER_ID).verno],
      ].sort(),
    );
  });

  it("migrates every record of the old account database: nothing lost, each upgraded as db.ts says", async () => {
    await writeLegacyRelease();
    const migration = new LegacyMigration();
    const run = migration.start();
    expect(migration.status().state).toBe("pending");
    const done = await run;
    expect(done.state).toBe("complete");
    expect(done.migrated.find((d) => d.name === LEGACY_USER_DB)).toEqual({
      name: LEGACY_USER_DB,
      fromVersion: 1,
      toVersion: new UserDb("schema-probe").verno,
      records: USER_RECORD_COUNT,
    });

    const db = new UserDb(LEGACY_USER_ID);
    await db.open();
    // Every record is there, every field it had unchanged.
    for (const [table, rows] of Object.entries(LEGACY_USER_RECORDS)) {
      const now = await db.table(table).toArray();
      expect(now).toHaveLength(rows.length);
      for (const row of rows) expect(now).toContainEqual(expect.objectContaining(row));
    }
    // The upgrades of versions 2 and 3 filled what the old release did not write.
    const finished = await db.userTests.get("legacy-test-finished");
    expect(finished).toMatchObject({
      ended: "finished",
      can_retake: true,
      hide_results: false,
      retake_of: null,
      question_versions: [1, 1],
    });
    expect(await db.userTests.get("legacy-test-open")).toMatchObject({ ended: null, question_versions: [1] });
    // The queued change still waits to be sent, in its place.
    expect(await db.outbox.where("status").equals("pending").primaryKeys()).toEqual([7]);
    // The tables of later versions exist, empty.
    expect(await db.flags.count()).toBe(0);
    expect(await db.progressResets.count()).toBe(0);
    db.close();
  });

  it("migrates the old device database: the account kept, its e-mail lower-cased and now indexed", async () => {
    await writeLegacyRelease();
    const done = await new LegacyMigration().start();
    expect(done.migrated.find((d) => d.name === "preflight")).toMatchObject({ fromVersion: 1, records: 1 });
    const device = new DeviceDb();
    await device.open();
    const account = await device.accounts.where("email").equals("legacy.student@preflight.test").first();
    expect(account).toMatchObject({ ...LEGACY_DEVICE_RECORDS.accounts[0], email: "legacy.student@preflight.test" });
    device.close();
  });

  it("leaves a current database alone: a second run finds nothing", async () => {
    await writeLegacyRelease();
    await new LegacyMigration().start();
    expect(await findLegacyDatabases()).toEqual([]);
    expect((await new LegacyMigration().start()).migrated).toEqual([]);
  });

  it("fails on a check error (a database of a newer release) and changes nothing", async () => {
    await writeLegacyRelease();
    const newer = new Dexie(`preflight-user-from-the-future`);
    newer.version(99).stores({ meta: "key" });
    await newer.open();
    await newer.table("meta").put({ key: "clientId", value: "x" });
    newer.close();

    const done = await new LegacyMigration().start();
    expect(done.state).toBe("failed");
    expect(done.error).toContain("newer version of the app");
    expect(done.migrated).toEqual([]);
    // The old databases were not touched: still version 1, every record as it was.
    const probe = new Dexie(LEGACY_USER_DB);
    await probe.open();
    expect(probe.verno).toBe(1);
    expect(await probe.table("userTests").count()).toBe(LEGACY_USER_RECORDS.userTests.length);
    probe.close();
  });

  it("starts once: a second start returns the same run", async () => {
    const migration = new LegacyMigration();
    expect(migration.start()).toBe(migration.start());
  });
});
