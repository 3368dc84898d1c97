/**
 * The demo's access rules, so every branch of the syllabus page is reachable with the demo
 * accounts: Meteorology needs Air Law first (prerequisite); each part's target applies
 * (restrict_target_dates "parts": the class student's later Meteorology parts wait for their
 * dates); each progress test requires the lessons before it; the Air Law progress test allows an
 * initial attempt and, after a fail, a retry interval of an hour; Meteorology's allows neither.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { RESTRICT_TARGET_DATES_SETTING } from "../read/syllabus.ts";
import { setAccessSetting } from "../routes/syllabus/queries.ts";

export const DEMO_RESTRICT_TARGET_DATES = "parts";
export const DEMO_RETRY_INTERVAL_MINUTES = 60;
/** The Air Law progress test (fixtures/syllabi.json). */
export const DEMO_INITIAL_ATTEMPT_TEST_ID = 1;

export async function seedDemoAccessRules(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable("progress_tests")
    .set({ allow_initial_attempt: 1, retry_interval_minutes: DEMO_RETRY_INTERVAL_MINUTES })
    .where("id", "=", DEMO_INITIAL_ATTEMPT_TEST_ID)
    .execute();
  const parts = await db
    .selectFrom("module_parts")
    .select(["module_id", "position", "type", "lesson_id", "progress_test_id"])
    .orderBy("module_id")
    .orderBy("position")
    .execute();
  const restrictions = parts.flatMap((test) =>
    test.type === "progress_test" && test.progress_test_id !== null
      ? parts
          .filter((p) => p.module_id === test.module_id && p.type === "lesson" && p.position < test.position)
          .map((lesson, i) => ({
            module_id: test.module_id,
            progress_test_id: test.progress_test_id as number,
            lesson_id: lesson.lesson_id as number,
            position: i + 1,
          }))
      : [],
  );
  for (let i = 0; i < restrictions.length; i += 200)
    await db
      .insertInto("module_restrictions")
      .values(restrictions.slice(i, i + 200))
      .execute();
  await setAccessSetting(db, RESTRICT_TARGET_DATES_SETTING, DEMO_RESTRICT_TARGET_DATES);
}
