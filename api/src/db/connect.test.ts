import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, sqliteSynchronous } from "./connect.ts";

describe("how a SQLite commit reaches the disk", () => {
  const dirs: string[] = [];
  afterEach(() => {
    delete process.env.SQLITE_SYNCHRONOUS;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function synchronousOfNewFile(): Promise<number> {
    const dir = mkdtempSync(join(tmpdir(), "preflight-connect-"));
    dirs.push(dir);
    const { db } = openDatabase(join(dir, "db.sqlite"));
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      return rows[0]?.synchronous ?? -1;
    } finally {
      await db.destroy();
    }
  }

  it("is FULL unless the operator asks for NORMAL (2 and 1 in SQLite's numbering)", async () => {
    expect(await synchronousOfNewFile()).toBe(2);
    process.env.SQLITE_SYNCHRONOUS = "normal";
    expect(await synchronousOfNewFile()).toBe(1);
  });

  it("refuses a setting it does not know, naming the choices", () => {
    expect(sqliteSynchronous(undefined)).toBe("FULL");
    expect(sqliteSynchronous("Normal")).toBe("NORMAL");
    expect(() => sqliteSynchronous("off")).toThrow('SQLITE_SYNCHRONOUS must be "normal" or "full", not "off"');
  });
});
