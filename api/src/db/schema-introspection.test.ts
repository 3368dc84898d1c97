import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connect.ts";
import type { Database } from "./schema.ts";

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)("introspection of a test's own PostgreSQL schema", () => {
  const own = `t_${randomBytes(6).toString("hex")}`;
  const other = `t_${randomBytes(6).toString("hex")}`;
  let admin: pg.Client;
  let db: Kysely<Database>;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const schema of [own, other])
      await admin.query(`create schema ${schema}; create table ${schema}.widgets (id serial primary key, name text)`);
    await admin.query(`create table ${own}.gadgets (code text not null default 'x')`);
    await admin.query(`create table ${own}.kysely_migration (name text)`);
    db = openDatabase(url as string, { schema: own }).db;
  });
  afterAll(async () => {
    await db.destroy();
    await admin.query(`drop schema if exists ${own} cascade; drop schema if exists ${other} cascade`);
    await admin.end();
  });

  it("lists the schema's own tables and columns, not another schema's tables of the same name", async () => {
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([`${own}.gadgets`, `${own}.widgets`]);
    expect(tables.find((t) => t.name === "widgets")?.columns).toEqual([
      { name: "id", dataType: "int4", isNullable: false, hasDefaultValue: true, isAutoIncrementing: true },
      { name: "name", dataType: "text", isNullable: true, hasDefaultValue: false, isAutoIncrementing: false },
    ]);
    expect(tables.find((t) => t.name === "gadgets")?.columns[0]).toMatchObject({
      isNullable: false,
      hasDefaultValue: true,
    });
  });

  it("shows Kysely's migration tables only when asked, as the migrator asks", async () => {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables.map((t) => t.name)).toContain("kysely_migration");
    expect((await db.introspection.getSchemas()).map((s) => s.name)).toEqual([own]);
  });

  // Kysely's own introspection, run the same way, failed within half a second: 'schema "t_…" does not exist'.
  it("reads its schema while other test files create and drop theirs", async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let stop = false;
    const churning = (async () => {
      while (!stop) {
        const schema = `t_${randomBytes(6).toString("hex")}`;
        await churn.query(`create schema ${schema}; create table ${schema}.widgets (id serial primary key, name text)`);
        await churn.query(`drop schema ${schema} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 40; i++) await db.introspection.getTables({ withInternalKyselyTables: true });
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
  });
});
