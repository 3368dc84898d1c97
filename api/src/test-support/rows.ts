import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Row counts of some tables, to prove a refused call wrote nothing. */
export async function rowCounts(db: Kysely<Database>, tables: (keyof Database)[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** The tables a question-activity call may write, plus the replay bookkeeping. */
export const ACTIVITY_TABLES: (keyof Database)[] = [
  "mutations",
  "flags",
  "seen_in_exam",
  "reviews",
  "user_settings",
  "user_tests",
  "answers",
];
