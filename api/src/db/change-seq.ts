/**
 * Change numbers for a student's rows (migration 0004): a trigger takes the student's next
 * number (`user_change_counters.last_seq`) on every insert and on updates of the given columns,
 * so a pull cursor never misses a write. The same SQL for every table, on both databases.
 */
import { type Kysely, PostgresAdapter, type QueryCreator, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

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
  return [sqliteInsertTrigger({ table, owner }, ""), sqliteUpdateTrigger({ table, owner, columns })];
}

function sqliteBody({ table, owner }: Pick<StampedTable, "table" | "owner">): string {
  return `
      insert into user_change_counters (user_id, last_seq)
        select new.${owner}, 0 where not exists (select 1 from user_change_counters where user_id = new.${owner});
      update user_change_counters set last_seq = last_seq + 1 where user_id = new.${owner};
      update ${table} set change_seq = (select last_seq from user_change_counters where user_id = new.${owner})
        where rowid = new.rowid;`;
}

function sqliteInsertTrigger(stamped: Pick<StampedTable, "table" | "owner">, when: string): string {
  return `create trigger ${stamped.table}_change_seq_insert after insert on ${stamped.table} ${when} begin ${sqliteBody(stamped)} end`;
}

function sqliteUpdateTrigger(stamped: StampedTable): string {
  return `create trigger ${stamped.table}_change_seq_update after update of ${stamped.columns.join(", ")} on ${stamped.table} begin ${sqliteBody(stamped)} end`;
}

export async function stampChangeSeq(db: Kysely<unknown>, stamped: StampedTable): Promise<void> {
  const statements = isPostgres(db) ? [postgresTrigger(stamped)] : sqliteTriggers(stamped);
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * The table's inserts keep the number they come with (taken by the writer with `numberChanges`);
 * only a row inserted with change_seq 0 is numbered by the trigger. Updates are numbered as before.
 */
export async function stampOnlyUnnumberedInserts(db: Kysely<unknown>, stamped: StampedTable): Promise<void> {
  const { table, owner, columns } = stamped;
  const statements = isPostgres(db)
    ? [
        `drop trigger ${table}_change_seq on ${table}`,
        `create trigger ${table}_change_seq_insert before insert on ${table}
          for each row when (new.change_seq = 0) execute function pf_stamp_change_seq_${owner}()`,
        `create trigger ${table}_change_seq_update before update of ${columns.join(", ")} on ${table}
          for each row execute function pf_stamp_change_seq_${owner}()`,
      ]
    : [`drop trigger ${table}_change_seq_insert`, sqliteInsertTrigger(stamped, "when new.change_seq = 0")];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Undoes `stampOnlyUnnumberedInserts`: every insert numbered by the trigger again. */
export async function stampEveryInsert(db: Kysely<unknown>, stamped: StampedTable): Promise<void> {
  const { table } = stamped;
  const statements = isPostgres(db)
    ? [
        `drop trigger ${table}_change_seq_insert on ${table}`,
        `drop trigger ${table}_change_seq_update on ${table}`,
        postgresTrigger(stamped),
      ]
    : [`drop trigger ${table}_change_seq_insert`, sqliteInsertTrigger(stamped, "")];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Takes the next `count` change numbers of each student at once (one statement for them all, in
 * user order so two writers lock the counters in the same order) and gives each student's first.
 * A writer that numbers its own inserts this way spares a trigger per row (answers, migration 0021).
 */
export async function numberChanges(
  db: Kysely<Database> | Transaction<Database>,
  counts: Map<string, number>,
): Promise<Map<string, number>> {
  if (counts.size === 0) return new Map();
  return firstChangeNumbers(await takeChangeNumbers(db, counts).execute(), counts);
}

/**
 * The statement `numberChanges` sends, for a writer that sends it with a read of its own (a
 * PostgreSQL WITH): each student's counter moved on by their count, returning where it ends.
 */
export function takeChangeNumbers(db: QueryCreator<Database>, counts: Map<string, number>) {
  return db
    .insertInto("user_change_counters")
    .values(
      [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([user_id, n]) => ({ user_id, last_seq: n })),
    )
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet((eb) => ({
        last_seq: eb("user_change_counters.last_seq", "+", eb.ref("excluded.last_seq")),
      })),
    )
    .returning(["user_id", "last_seq"]);
}

/** Each student's first number taken, from where `takeChangeNumbers` left their counter. */
export function firstChangeNumbers(
  taken: readonly { user_id: string; last_seq: number | string }[],
  counts: Map<string, number>,
): Map<string, number> {
  const first = new Map<string, number>();
  for (const { user_id, last_seq } of taken) first.set(user_id, Number(last_seq) - (counts.get(user_id) ?? 0) + 1);
  return first;
}

export async function dropChangeSeqStamp(db: Kysely<unknown>, table: string): Promise<void> {
  const statements = isPostgres(db)
    ? [`drop trigger ${table}_change_seq on ${table}`]
    : [`drop trigger ${table}_change_seq_insert`, `drop trigger ${table}_change_seq_update`];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
