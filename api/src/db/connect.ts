import SQLite from "better-sqlite3";
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import * as initial from "./migrations/0001-initial.ts";
import * as questionActivity from "./migrations/0002-question-activity.ts";
import * as fixedTests from "./migrations/0003-fixed-tests.ts";
import * as syncPull from "./migrations/0004-sync-pull.ts";
import * as contentPacks from "./migrations/0005-content-packs.ts";
import * as syllabusAccess from "./migrations/0006-syllabus-access.ts";
import * as profileWrites from "./migrations/0007-profile-writes.ts";
import * as progressResets from "./migrations/0008-progress-resets.ts";
import * as accounts from "./migrations/0009-accounts.ts";
import * as rateLimits from "./migrations/0010-rate-limits.ts";
import * as examIntegrity from "./migrations/0011-exam-integrity.ts";
import * as subscriptions from "./migrations/0012-subscriptions.ts";
import * as licences from "./migrations/0013-licences.ts";
import * as feedback from "./migrations/0014-feedback.ts";
import * as bugReports from "./migrations/0015-bug-reports.ts";
import * as clientErrors from "./migrations/0016-client-errors.ts";
import * as boundedStorage from "./migrations/0017-bounded-storage.ts";
import * as pushesRunning from "./migrations/0018-pushes-running.ts";
import * as latestAnswers from "./migrations/0019-latest-answers.ts";
import * as questionStatsPending from "./migrations/0020-question-stats-pending.ts";
import * as answersNumberedByPush from "./migrations/0021-answers-numbered-by-push.ts";
import * as questionNotes from "./migrations/0022-question-notes.ts";
import * as questionComments from "./migrations/0023-question-comments.ts";
import * as reviewWeights from "./migrations/0024-review-weights.ts";
import * as instructors from "./migrations/0025-instructors.ts";
import * as schoolFixedTests from "./migrations/0026-school-fixed-tests.ts";
import * as questionReviewMarks from "./migrations/0027-question-review-marks.ts";
import * as mutationsByClient from "./migrations/0028-mutations-by-client.ts";
import { preparingPool } from "./pg-statements.ts";
import type { Database } from "./schema.ts";
import { introspectingOneSchema } from "./schema-introspection.ts";
import { cachingStatements } from "./statement-cache.ts";

const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-question-activity": questionActivity,
  "0003-fixed-tests": fixedTests,
  "0004-sync-pull": syncPull,
  "0005-content-packs": contentPacks,
  "0006-syllabus-access": syllabusAccess,
  "0007-profile-writes": profileWrites,
  "0008-progress-resets": progressResets,
  "0009-accounts": accounts,
  "0010-rate-limits": rateLimits,
  "0011-exam-integrity": examIntegrity,
  "0012-subscriptions": subscriptions,
  "0013-licences": licences,
  "0014-feedback": feedback,
  "0015-bug-reports": bugReports,
  "0016-client-errors": clientErrors,
  "0017-bounded-storage": boundedStorage,
  "0018-pushes-running": pushesRunning,
  "0019-latest-answers": latestAnswers,
  "0020-question-stats-pending": questionStatsPending,
  "0021-answers-numbered-by-push": answersNumberedByPush,
  "0022-question-notes": questionNotes,
  "0023-question-comments": questionComments,
  "0024-review-weights": reviewWeights,
  "0025-instructors": instructors,
  "0026-school-fixed-tests": schoolFixedTests,
  "0027-question-review-marks": questionReviewMarks,
  "0028-mutations-by-client": mutationsByClient,
};

export type Dialect = "sqlite" | "postgres";

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * Opens the database named by `url`: a postgres:// URL uses PostgreSQL, anything else is a
 * SQLite file path (or ":memory:"). `schema` (PostgreSQL only) isolates a test run.
 */
export function openDatabase(
  url: string,
  options: { schema?: string; sqliteSynchronous?: "NORMAL" | "FULL" } = {},
): DbHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const dialect = new PostgresDialect({ pool: preparingPool(pool) });
    return {
      db: new Kysely<Database>({
        dialect: options.schema ? introspectingOneSchema(dialect, options.schema) : dialect,
      }),
      dialect: "postgres",
    };
  }
  const sqlite = new SQLite(url);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous ?? sqliteSynchronous(process.env.SQLITE_SYNCHRONOUS)}`);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) }),
    dialect: "sqlite",
  };
}

/**
 * How a SQLite commit reaches the disk. FULL (the default): the WAL is synced at every commit,
 * so an acknowledged push survives a power cut or a kernel crash too, and the device may forget
 * it (measured on the push bench at a few per cent in pushes of 50-250). NORMAL, WAL mode's
 * usual setting and the driver's build default: a commit survives the server process crashing,
 * the disk is synced at checkpoints, and a power cut can lose the commits since the last one.
 */
export function sqliteSynchronous(setting: string | undefined): "NORMAL" | "FULL" {
  const value = (setting ?? "full").toLowerCase();
  if (value === "normal") return "NORMAL";
  if (value === "full") return "FULL";
  throw new Error(`SQLITE_SYNCHRONOUS must be "normal" or "full", not "${setting}"`);
}

/**
 * `schema` (PostgreSQL test isolation) names where Kysely keeps its migration tables, so its
 * statements on them are qualified with the test's schema (its check that they exist reads that
 * schema only: schema-introspection.ts).
 */
export async function migrateToLatest(db: Kysely<Database>, options: { schema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
