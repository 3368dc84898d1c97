/**
 * What a student may see of their own tests (sync-protocol rules/hidden-results.ts) as the
 * server reads it: the server-wide hide_fixed_results setting and each test's own hiding. The
 * results routes and the user sync step both ask here, so a reply and a pulled row agree.
 */
import { isFixedTestType, type ResultPrivacy, resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import type { Db } from "../db/schema.ts";

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

/** A user_tests row as the shared hiding rule reads it. */
export function privacyOf(row: { test_type: string; hide_results: number; hide_answers: number }): ResultPrivacy {
  return { test_type: row.test_type, hide_results: row.hide_results === 1, hide_answers: row.hide_answers === 1 };
}

/** What the student may see of one of their tests, with the server-wide setting as it is now. */
export async function visibilityOf(
  db: Db,
  row: { test_type: string; hide_results: number; hide_answers: number },
): Promise<ReturnType<typeof resultVisibility>> {
  // The server-wide setting concerns fixed tests only: every other test (each answer saved on
  // the hot path) is judged by its own row without reading it.
  const hideAll = isFixedTestType(row.test_type) ? await hideFixedResults(db) : false;
  return resultVisibility(privacyOf(row), hideAll);
}
