import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparingPool } from "./pg-statements.ts";

const url = process.env.TEST_DATABASE_URL;

/** The prepared statements of the connection a query runs on, as PostgreSQL lists them. */
const PREPARED = "select name, statement from pg_prepared_statements order by statement";

describe.runIf(url)("prepared PostgreSQL statements", () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
  });
  afterAll(() => pool.end());

  it("prepares a repeated data statement once per connection and runs it with each call's values", async () => {
    const prepared = preparingPool(pool);
    const client = await prepared.connect();
    try {
      const sums: number[] = [];
      for (const n of [1, 2, 3]) {
        const { rows } = await client.query<{ n: number }>("select $1::int + 1 as n", [n]);
        sums.push(rows[0]?.n as number);
      }
      expect(sums).toEqual([2, 3, 4]);
      const { rows } = await client.query<{ name: string; statement: string }>(PREPARED, []);
      expect(rows.filter((r) => r.statement === "select $1::int + 1 as n")).toHaveLength(1);
    } finally {
      client.release();
    }
  });

  it("leaves transaction control and schema changes unnamed", async () => {
    const prepared = preparingPool(pool);
    const client = await prepared.connect();
    try {
      await client.query("begin", []);
      await client.query("create temporary table scratch (n int) on commit drop", []);
      await client.query("savepoint s", []);
      await client.query("release savepoint s", []);
      await client.query("commit", []);
      const { rows } = await client.query<{ statement: string }>(PREPARED, []);
      expect(rows.map((r) => r.statement).filter((s) => /begin|create|savepoint|commit/i.test(s))).toEqual([]);
    } finally {
      client.release();
    }
  });

  it("names no more than its limit of texts on a connection, and still runs the others", async () => {
    const prepared = preparingPool(pool, 2);
    const client = await prepared.connect();
    try {
      for (const k of [1, 2, 3, 4]) {
        const { rows } = await client.query<{ k: number }>(`select ${k} as k, $1::int as v`, [k]);
        expect(rows[0]?.k).toBe(k);
      }
      const { rows } = await client.query<{ statement: string }>(PREPARED, []);
      expect(rows.filter((r) => r.statement.endsWith("as v")).map((r) => r.statement)).toEqual([
        "select 1 as k, $1::int as v",
        "select 2 as k, $1::int as v",
      ]);
    } finally {
      client.release();
    }
  });
});
