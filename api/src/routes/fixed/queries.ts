/** Reads about fixed tests: the student's tests, attempts used, password grants. */

import { FIXED_TEST_MESSAGES } from "@preflight/sync-protocol/rules/fixed-tests";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, FixedTestsTable } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";

type Db = Kysely<Database> | Transaction<Database>;
export type FixedTestRow = Selectable<FixedTestsTable>;

/** Whose fixed tests: the student, and their syllabus. */
export interface FixedTestReader {
  id: string;
  syllabus_id: number | null;
}

/**
 * The tests a student may see: their syllabus's tests that no school set, and the tests their
 * school assigned to their class (whatever the syllabus).
 */
function visibleTo(db: Db, reader: FixedTestReader) {
  return db
    .selectFrom("fixed_tests")
    .where((eb) =>
      eb.or([
        eb.and([eb("school_id", "is", null), eb("syllabus_id", "=", reader.syllabus_id ?? -1)]),
        eb(
          "id",
          "in",
          eb
            .selectFrom("fixed_test_classes")
            .innerJoin("users", "users.class_id", "fixed_test_classes.class_id")
            .select("fixed_test_classes.fixed_test_id")
            .where("users.id", "=", reader.id),
        ),
      ]),
    );
}

/** The student's fixed tests, in the school's order. */
export async function fixedTestsOf(db: Db, reader: FixedTestReader): Promise<FixedTestRow[]> {
  return visibleTo(db, reader).selectAll().orderBy("position").orderBy("id").execute();
}

/** One of the student's fixed tests, or 404: a test they may not see is not theirs to know of. */
export async function loadFixedTest(db: Db, reader: FixedTestReader, id: number): Promise<FixedTestRow> {
  const row = await visibleTo(db, reader).selectAll().where("id", "=", id).executeTakeFirst();
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
