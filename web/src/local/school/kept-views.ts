/**
 * The school area's last views (issue 20). The school area reads the server (an instructor works
 * online, at a desk or on a tablet); the last reply of each of its pages is kept in the
 * account's `meta` table, so a page opened offline still shows the class as it last was, said to
 * be from then. No schema change: `meta` holds any keyed value.
 *
 * Stored as `{ key: "school:class:class-2026-a", value: { reply, at: "2026-11-21T09:00:00.000Z" } }`
 * (a class's course dates under "school:class:class-2026-a:course-dates", the fixed tests as
 * "school:tests", a test's results as "school:test-results:12").
 */
import { getMeta, type UserDb } from "../store/db.ts";

export interface KeptView<R> {
  reply: R;
  /** When the reply came (the device's clock, ISO time). */
  at: string;
}

/** A page of the school area that keeps its last view. */
export type SchoolPage = { classId?: string; part?: "course-dates" } | { tests: "all" } | { testResults: number };

/**
 * The key of a page's kept view: the class list, one class's overview or its course dates, the
 * fixed tests, one test's results.
 */
export function schoolViewKey(page: SchoolPage): string {
  if ("tests" in page) return "school:tests";
  if ("testResults" in page) return `school:test-results:${page.testResults}`;
  if (page.classId === undefined) return "school:classes";
  return page.part === undefined ? `school:class:${page.classId}` : `school:class:${page.classId}:${page.part}`;
}

export function keptSchoolView<R>(db: UserDb, key: string): Promise<KeptView<R> | undefined> {
  return getMeta<KeptView<R>>(db, key);
}

export async function keepSchoolView<R>(db: UserDb, key: string, view: KeptView<R>): Promise<void> {
  await db.meta.put({ key, value: view });
}

/** A kept view the server refused since (the class is gone, the account is no instructor's any more). */
export async function dropSchoolView(db: UserDb, key: string): Promise<void> {
  await db.meta.delete(key);
}
