/**
 * Change numbers for a student's rows (migration 0004): a trigger takes the student's next
 * number (`user_change_counters.last_seq`) on every insert and on updates of the given columns,
 * so a pull cursor never misses a write. The same SQL for every table, on both databases.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export interface StampedTable {
  table: string;
  /** The column naming the student: `user_id`, or `id` on the users table itself. */
  owner: "id" | "user_id";
  /** An update of these columns counts as a change. */
  columns: string[];
}

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** PostgreSQL: one BEFORE trigger calling the owner's stamping function (created by 0004). */
function postgresTrigger({ table, owner, columns }: StampedTable): string {
  return `create trigger ${table}_change_seq before insert or update of ${columns.join(", ")} on ${table}
    for each row execute function pf_stamp_change_seq_${owner}()`;
}

/** SQLite cannot change NEW: AFTER triggers number the counter, then the row by its rowid. */
function sqliteTriggers({ table, owner, columns }: StampedTable): string[] {
  const body = `
      insert into user_change_counters (user_id, last_seq)
        select new.${owner}, 0 where not exists (select 1 from user_change_counters where user_id = new.${owner});
      update user_change_counters set last_seq = last_seq + 1 where user_id = new.${owner};
      update ${table} set change_seq = (select last_seq from user_change_counters where user_id = new.${owner})
        where rowid = new.rowid;`;
  return [
    `create trigger ${table}_change_seq_insert after insert on ${table} begin ${body} end`,
    `create trigger ${table}_change_seq_update after update of ${columns.join(", ")} on ${table} begin ${body} end`,
  ];
}

export async function stampChangeSeq(db: Kysely<unknown>, stamped: StampedTable): Promise<void> {
  const statements = isPostgres(db) ? [postgresTrigger(stamped)] : sqliteTriggers(stamped);
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function dropChangeSeqStamp(db: Kysely<unknown>, table: string): Promise<void> {
  const statements = isPostgres(db)
    ? [`drop trigger ${table}_change_seq on ${table}`]
    : [`drop trigger ${table}_change_seq_insert`, `drop trigger ${table}_change_seq_update`];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
