import { type Kysely, sql } from "kysely";
import { dropChangeSeqStamp, isPostgres, type StampedTable, stampChangeSeq } from "../change-seq.ts";

/**
 * Change numbers for the post-login sync steps, and course dates.
 *
 * Every row a student owns carries `change_seq`: the value of that student's own counter
 * (`user_change_counters.last_seq`) when the row was last written. A database trigger takes the
 * next number inside the writing transaction, whatever code path writes, so:
 *   - numbers of one student only grow, and one student's writers queue on the counter row
 *     (PostgreSQL row lock; SQLite has one writer), so they commit in number order;
 *   - a reader that first reads the counter (C) and then asks for rows with
 *     cursor < change_seq <= C sees every change up to C, never a later one half-written.
 * Wall-clock times would do neither under concurrent writes. Rows written before this
 * migration keep change_seq 0 and arrive with a first sync (cursor null).
 *
 * Only the columns a device shows re-number a row on update (for example a test's
 * last_position, written on every question served, does not).
 */

/** Table, the column naming its student, and the columns whose update is a change. */
const STAMPED: StampedTable[] = [
  {
    table: "users",
    owner: "id",
    columns: ["email", "firstname", "lastname", "syllabus_id", "class_id", "subscription_start", "subscription_end"],
  },
  { table: "user_settings", owner: "user_id", columns: ["zoom_tenths", "flags_cleared_at"] },
  {
    table: "user_tests",
    owner: "user_id",
    columns: [
      "title",
      "finished_at",
      "score",
      "total_score",
      "percentage",
      "pass",
      "ended",
      "can_retake",
      "hide_results",
    ],
  },
  { table: "answers", owner: "user_id", columns: ["applied", "correct", "reason"] },
  { table: "flags", owner: "user_id", columns: ["flagged", "updated_at"] },
  { table: "seen_in_exam", owner: "user_id", columns: ["date_seen", "authority_id"] },
  { table: "reviews", owner: "user_id", columns: ["viewed_at"] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_change_counters")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("last_seq", "integer", (c) => c.notNull())
    .execute();

  for (const { table } of STAMPED) {
    await db.schema
      .alterTable(table)
      .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // The user step reads each table by student and change number.
  for (const { table, owner } of STAMPED) {
    if (table === "users") continue;
    await db.schema.createIndex(`${table}_change_seq`).on(table).columns([owner, "change_seq"]).execute();
  }

  if (isPostgres(db)) await postgresStampFunctions(db);
  for (const stamped of STAMPED) await stampChangeSeq(db, stamped);

  /** Course dates (spec: course, per syllabus, modules with start and end), set for a class or one student. */
  await db.schema
    .createTable("course_dates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("class_id", "text", (c) => c.references("classes.id"))
    .addColumn("user_id", "text", (c) => c.references("users.id"))
    .addColumn("module_id", "integer", (c) => c.notNull().references("modules.id"))
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("course_dates_module").on("course_dates").column("module_id").execute();
}

/** PostgreSQL's stamping functions: take the next number and set it on the row being written. */
async function postgresStampFunctions(db: Kysely<unknown>): Promise<void> {
  for (const owner of ["id", "user_id"]) {
    await sql
      .raw(
        `create function pf_stamp_change_seq_${owner}() returns trigger language plpgsql as $$
         begin
           insert into user_change_counters (user_id, last_seq) values (new.${owner}, 1)
             on conflict (user_id) do update set last_seq = user_change_counters.last_seq + 1
             returning last_seq into new.change_seq;
           return new;
         end $$`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("course_dates").execute();
  const postgres = isPostgres(db);
  for (const { table } of STAMPED) {
    await dropChangeSeqStamp(db, table);
    if (table !== "users") await db.schema.dropIndex(`${table}_change_seq`).execute();
    await db.schema.alterTable(table).dropColumn("change_seq").execute();
  }
  if (postgres)
    for (const owner of ["id", "user_id"]) await sql.raw(`drop function pf_stamp_change_seq_${owner}()`).execute(db);
  await db.schema.dropTable("user_change_counters").execute();
}
