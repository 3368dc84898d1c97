import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Resets of a subject's progress (spec study 4 "Reset progress"): one row per reset, named by
 * the id of the mutation that made it, so a resent reset is the same row. The analysis graphs of
 * that subject count only answers given at or after the latest reset (rules/analysis.ts); tests
 * and results stay. Numbered like every row a student owns (change_seq, migration 0004) so the
 * user step brings a reset made on another device.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("progress_resets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    /** The subject's code, e.g. 010. */
    .addColumn("subject_id", "text", (c) => c.notNull())
    /** The reset intent's time (ISO 8601). */
    .addColumn("reset_at", "text", (c) => c.notNull())
    .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("progress_resets_change_seq")
    .on("progress_resets")
    .columns(["user_id", "change_seq"])
    .execute();
  if (isPostgres(db)) {
    // The stamping function of migration 0004 numbers the row in the student's own counter.
    await sql
      .raw(
        `create trigger progress_resets_change_seq before insert or update of subject_id, reset_at on progress_resets
         for each row execute function pf_stamp_change_seq_user_id()`,
      )
      .execute(db);
  } else {
    const body = `
      insert into user_change_counters (user_id, last_seq)
        select new.user_id, 0 where not exists (select 1 from user_change_counters where user_id = new.user_id);
      update user_change_counters set last_seq = last_seq + 1 where user_id = new.user_id;
      update progress_resets set change_seq = (select last_seq from user_change_counters where user_id = new.user_id)
        where rowid = new.rowid;`;
    await sql
      .raw(`create trigger progress_resets_change_seq_insert after insert on progress_resets begin ${body} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger progress_resets_change_seq_update after update of subject_id, reset_at on progress_resets begin ${body} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql.raw("drop trigger progress_resets_change_seq on progress_resets").execute(db);
  else {
    await sql.raw("drop trigger progress_resets_change_seq_insert").execute(db);
    await sql.raw("drop trigger progress_resets_change_seq_update").execute(db);
  }
  await db.schema.dropIndex("progress_resets_change_seq").execute();
  await db.schema.dropTable("progress_resets").execute();
}
