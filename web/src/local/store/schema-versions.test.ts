/**
 * The account database declares only some of its schema versions to Dexie (`declareVersions`):
 * a device at any earlier version upgrades to the same stores and indexes as a new device, and
 * both match the schema of every version declared one by one.
 */
import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { type SchemaVersion, USER_DB_PREFIX, USER_DB_VERSIONS, UserDb } from "./db.ts";

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

/** Every version declared one by one, up to `until`, as the app declared them before. */
function declaredOneByOne(name: string, until: number): Dexie {
  const db = new Dexie(name);
  for (const v of USER_DB_VERSIONS.filter((v: SchemaVersion) => v.version <= until)) {
    const version = db.version(v.version).stores(v.stores);
    if (v.upgrade) version.upgrade(v.upgrade);
  }
  return db;
}

/** The stores as IndexedDB holds them: each one's key path and indexes. */
function storedSchema(db: Dexie): Record<string, string> {
  const idb = db.backendDB();
  const names = [...idb.objectStoreNames].sort();
  const tx = idb.transaction(names, "readonly");
  return Object.fromEntries(
    names.map((name) => {
      const store = tx.objectStore(name);
      return [name, [JSON.stringify(store.keyPath), ...[...store.indexNames].sort()].join(" ")];
    }),
  );
}

const LATEST = USER_DB_VERSIONS.at(-1)?.version ?? 0;

describe("the account database's schema versions", () => {
  it("a new device gets the schema of every version declared one by one", async () => {
    const all = declaredOneByOne("one-by-one", LATEST);
    await all.open();
    const fresh = new UserDb("fresh");
    await fresh.open();
    expect(fresh.verno).toBe(LATEST);
    expect(storedSchema(fresh)).toEqual(storedSchema(all));
    expect(Object.keys(storedSchema(fresh))).toContain("reviewMarks");
  });

  it("a device at any earlier version upgrades to the same stores and indexes, its records kept", async () => {
    const fresh = new UserDb("fresh");
    await fresh.open();
    const expected = storedSchema(fresh);
    fresh.close();
    for (const { version } of USER_DB_VERSIONS.slice(0, -1)) {
      const userId = `at-${version}`;
      const old = declaredOneByOne(`${USER_DB_PREFIX}${userId}`, version);
      await old.table("meta").put({ key: "subjects", value: [{ code: "010", title: "Air Law" }] });
      await old.table("userTests").put({ id: "t1", started: "2026-01-01", finished: null, question_ids: [1] });
      old.close();

      const db = new UserDb(userId);
      await db.open();
      expect(db.verno, `from version ${version}`).toBe(LATEST);
      expect(storedSchema(db), `from version ${version}`).toEqual(expected);
      expect(await db.meta.get("subjects"), `from version ${version}`).toEqual({
        key: "subjects",
        value: [{ code: "010", title: "Air Law" }],
      });
      // The upgrades of the versions after the device's ran on the test it had written.
      const test = await db.userTests.get("t1");
      if (version < 2) expect(test, `from version ${version}`).toMatchObject({ ended: null, can_retake: true });
      if (version < 3) expect(test, `from version ${version}`).toMatchObject({ question_versions: [1] });
      else expect(test?.question_versions, `from version ${version}`).toBeUndefined();
      db.close();
    }
  });
});
