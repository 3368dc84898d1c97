import SQLite from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { cachingStatements } from "./statement-cache.ts";

function database() {
  const sqlite = new SQLite(":memory:");
  sqlite.exec("create table t (n integer)");
  const prepare = vi.spyOn(sqlite, "prepare");
  return { sqlite, prepare };
}

describe("the SQLite statement cache", () => {
  it("prepares a repeated SQL text once and runs it with each call's values", () => {
    const { sqlite, prepare } = database();
    const db = cachingStatements(sqlite);
    for (const n of [1, 2, 3]) db.prepare("insert into t (n) values (?)").run([n]);
    expect(db.prepare("select n from t order by n").all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it("keeps only the most recently used texts", () => {
    const { sqlite, prepare } = database();
    const db = cachingStatements(sqlite, 2);
    db.prepare("select 1");
    db.prepare("select 2");
    db.prepare("select 1"); // now the most recent
    db.prepare("select 3"); // evicts select 2
    db.prepare("select 1");
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare("select 2");
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it("hands out a fresh statement while the cached one is still being iterated", () => {
    const { sqlite } = database();
    const db = cachingStatements(sqlite);
    db.prepare("insert into t (n) values (?)").run([1]);
    db.prepare("insert into t (n) values (?)").run([2]);
    const outer = db.prepare("select n from t order by n");
    const seen: number[] = [];
    for (const row of outer.iterate([]) as Iterable<{ n: number }>) {
      seen.push(row.n, ...(db.prepare("select n from t order by n").all([]) as { n: number }[]).map((r) => r.n));
    }
    expect(seen).toEqual([1, 1, 2, 2, 1, 2]);
  });

  it("closes the database", () => {
    const { sqlite } = database();
    cachingStatements(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});
