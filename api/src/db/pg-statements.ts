/**
 * Kysely sends every PostgreSQL query unnamed, so the server parses and plans it each time it
 * runs; for the small statements of a push that is most of their cost. This pool hands Kysely
 * connections that name each data statement by a hash of its SQL text (Kysely binds values as
 * parameters, so the texts repeat), and the pg driver then prepares it once per connection and
 * only binds and executes it afterwards. The counterpart of statement-cache.ts for SQLite.
 *
 * Only SELECT / INSERT / UPDATE / DELETE / WITH are named (transaction control, savepoints and
 * DDL stay unnamed), and at most KEPT texts per connection, so IN lists of many lengths cannot
 * grow a connection's prepared statements without bound. Named statements are per connection,
 * which a transaction-mode pooler (PgBouncer) does not keep: the README says to use session mode.
 */
import { createHash } from "node:crypto";
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

/** Distinct statement texts prepared on one connection. */
const KEPT = 1000;

/** Statement names by SQL text, so a repeated text is not hashed again. */
const NAMES = new Map<string, string>();

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

export function preparingPool(pool: pg.Pool, kept = KEPT): PostgresPool {
  // One wrapper per pooled connection, as Kysely keeps its own state by the client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = preparingClient(client, new Set(), kept);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function preparingClient(client: pg.PoolClient, names: Set<string>, kept: number): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (streamed rows) passes through as it came.
    if (typeof sqlOrCursor !== "string") return client.query(sqlOrCursor as never) as never;
    const values = parameters as unknown[];
    const name = statementName(sqlOrCursor, names, kept);
    const result = name ? client.query({ name, text: sqlOrCursor, values }) : client.query(sqlOrCursor, values);
    return result as unknown as Promise<PostgresQueryResult<R>>;
  }
  return { query, release: () => client.release() };
}

/** The statement's name on this connection, or undefined to send it unnamed. */
function statementName(sql: string, names: Set<string>, kept: number): string | undefined {
  if (!DATA_STATEMENT.test(sql)) return undefined;
  let name = NAMES.get(sql);
  if (!name) {
    name = `k${createHash("sha1").update(sql).digest("base64url")}`;
    if (NAMES.size >= 10 * KEPT) NAMES.clear();
    NAMES.set(sql, name);
  }
  if (names.has(name)) return name;
  if (names.size >= kept) return undefined;
  names.add(name);
  return name;
}
