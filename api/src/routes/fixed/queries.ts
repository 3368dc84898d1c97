/** Reads about fixed tests: the student's tests, attempts used, password grants, the server-wide setting. */

import { FIXED_TEST_MESSAGES } from "@preflight/sync-protocol/rules/fixed-tests";
import { type ResultPrivacy, resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, FixedTestsTable } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";

type Db = Kysely<Database> | Transaction<Database>;
export type FixedTestRow = Selectable<FixedTestsTable>;

export const HIDE_FIXED_RESULTS_SETTING = "hide_fixed_results";

/** The server-wide hide_fixed_results setting (spec): a settings row, "1" for on. */
export async function hideFixedResults(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("server_settings")
    .select("value")
    .where("key", "=", HIDE_FIXED_RESULTS_SETTING)
    .executeTakeFirst();
  return row?.value === "1";
}

export async function setHideFixedResults(db: Db, on: boolean): Promise<void> {
  await db
    .insertInto("server_settings")
    .values({ key: HIDE_FIXED_RESULTS_SETTING, value: on ? "1" : "0" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: on ? "1" : "0" }))
    .execute();
}

/** The fixed tests of the student's syllabus, in the school's order. */
export async function fixedTestsOf(db: Db, syllabusId: number | null): Promise<FixedTestRow[]> {
  if (syllabusId === null) return [];
  return db
    .selectFrom("fixed_tests")
    .selectAll()
    .where("syllabus_id", "=", syllabusId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** One fixed test of the student's syllabus, or 404: another syllabus's test is not theirs to see. */
export async function loadFixedTest(db: Db, syllabusId: number | null, id: number): Promise<FixedTestRow> {
  const row =
    syllabusId === null
      ? undefined
      : await db
          .selectFrom("fixed_tests")
          .selectAll()
          .where("id", "=", id)
          .where("syllabus_id", "=", syllabusId)
          .executeTakeFirst();
  if (!row) throw new ApiError("not_found", FIXED_TEST_MESSAGES.notFound);
  return row;
}

export function questionIdsOf(test: FixedTestRow): number[] {
  return JSON.parse(test.question_ids) as number[];
}

/** Tests the student has started from each fixed test: fixed test id -> count. */
export async function attemptsUsed(db: Db, userId: string, fixedTestIds?: number[]): Promise<Map<number, number>> {
  if (fixedTestIds && fixedTestIds.length === 0) return new Map();
  let query = db
    .selectFrom("user_tests")
    .select(["fixed_test_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("user_id", "=", userId)
    .where("fixed_test_id", "is not", null)
    .groupBy("fixed_test_id");
  if (fixedTestIds) query = query.where("fixed_test_id", "in", fixedTestIds);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.fixed_test_id as number, Number(r.n)]));
}

/** Has the student given the test's current password online? */
export async function passwordGranted(db: Db, userId: string, test: FixedTestRow): Promise<boolean> {
  if (test.password_hash === null) return true;
  const grant = await db
    .selectFrom("fixed_test_access")
    .select("password_hash")
    .where("user_id", "=", userId)
    .where("fixed_test_id", "=", test.id)
    .executeTakeFirst();
  return grant?.password_hash === test.password_hash;
}

/** A user_tests row as the shared hiding rule reads it. */
export function privacyOf(row: { test_type: string; hide_results: number; hide_answers: number }): ResultPrivacy {
  return { test_type: row.test_type, hide_results: row.hide_results === 1, hide_answers: row.hide_answers === 1 };
}

/** What the student may see of one of their tests, with the server-wide setting as it is now. */
export async function visibilityOf(
  db: Db,
  row: { test_type: string; hide_results: number; hide_answers: number },
): Promise<ReturnType<typeof resultVisibility>> {
  return resultVisibility(privacyOf(row), await hideFixedResults(db));
}
