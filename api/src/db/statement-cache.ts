/**
 * Kysely's SQLite driver prepares every query it runs; preparing is most of the cost of a small
 * statement. This keeps the prepared statements of the most recent distinct SQL texts (Kysely
 * binds values as parameters, so the texts repeat) and hands them out again.
 */
import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Distinct SQL texts kept: the app's queries, with room for the IN lists of different lengths. */
const KEPT = 1000;

export function cachingStatements(sqlite: SQLite.Database, kept = KEPT): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      // A statement still being iterated (a streamed select) cannot run twice at once.
      if (cached && !cached.busy) {
        // Map order is insertion order: moving the text to the end keeps the least recent first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > kept) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
