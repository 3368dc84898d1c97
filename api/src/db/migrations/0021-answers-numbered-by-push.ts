import type { Kysely } from "kysely";
import { type StampedTable, stampEveryInsert, stampOnlyUnnumberedInserts } from "../change-seq.ts";

/**
 * Answers come with their change numbers (issue 18): a push takes the numbers of all the answers
 * it writes in one statement (change-seq.ts `numberChanges`), where the trigger spent three
 * statements and a second write of the row on each answer. The insert trigger stays for a row
 * inserted without one (change_seq 0); updates are numbered by the trigger as before.
 */
const ANSWERS: StampedTable = { table: "answers", owner: "user_id", columns: ["applied", "correct", "reason"] };

export async function up(db: Kysely<unknown>): Promise<void> {
  await stampOnlyUnnumberedInserts(db, ANSWERS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await stampEveryInsert(db, ANSWERS);
}
