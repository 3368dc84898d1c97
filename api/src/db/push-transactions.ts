/**
 * The transactions pushes are applied in.
 *
 * SQLite has one writer, and with synchronous FULL every commit waits for the disk; a server
 * answering one save per request spent a quarter of its time in commits. So there the pushes
 * that wait while one is being applied are applied together: one transaction, each push under its
 * own savepoint, ONE commit, and only then is any of them answered (group commit). A push that
 * throws is rolled back to its savepoint alone and the others go on; a commit that fails fails
 * every push of the group, none of which was answered, so their devices send them again.
 *
 * PostgreSQL applies pushes side by side on its pool and groups the WAL flushes of concurrent
 * commits itself, so there each push keeps its own transaction (its locks held no longer than it
 * needs them).
 */
import { type ControlledTransaction, type Kysely, sql, type Transaction } from "kysely";
import type { Dialect } from "./connect.ts";
import type { Database } from "./schema.ts";

export interface PushTransactions {
  /**
   * Runs `work` in a transaction and resolves once that transaction has committed. `size` (the
   * push's mutation count) bounds a group, so one commit never waits on too much work.
   */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>, size?: number): Promise<T>;
}

/** What one group may hold: enough to share a commit, little enough to keep replies prompt. */
export interface GroupLimits {
  /** Mutations in a group (a single larger push still goes alone). */
  maxSize: number;
}

export const GROUP_LIMITS: GroupLimits = { maxSize: 1000 };

export function pushTransactions(db: Kysely<Database>, dialect: Dialect, limits = GROUP_LIMITS): PushTransactions {
  if (dialect === "postgres") return { run: (work) => db.transaction().execute(work) };
  return groupCommit(db, limits);
}

interface Job {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  size: number;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export function groupCommit(db: Kysely<Database>, limits: GroupLimits): PushTransactions {
  const queue: Job[] = [];
  let scheduled = false;
  const flush = async () => {
    let size = 0;
    let count = 0;
    while (count < queue.length && (count === 0 || size + (queue[count] as Job).size <= limits.maxSize))
      size += (queue[count++] as Job).size;
    await commitGroup(db, queue.splice(0, count));
    // Yield to the network before the next group: the requests that came meanwhile join it, and
    // the replies of this one are written.
    if (queue.length > 0) setImmediate(flush);
    else scheduled = false;
  };
  return {
    run: <T>(work: (trx: Transaction<Database>) => Promise<T>, size = 1) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ work, size, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          // The first push of a group waits one turn of the event loop for the others.
          setImmediate(flush);
        }
      }),
  };
}

/** One transaction for the group; each job under its savepoint; every job settles after the commit. */
async function commitGroup(db: Kysely<Database>, group: Job[]): Promise<void> {
  const outcomes: (() => void)[] = [];
  let trx: ControlledTransaction<Database> | undefined;
  try {
    trx = await db.startTransaction().execute();
    for (const job of group) {
      await sql`savepoint push`.execute(trx);
      try {
        const value = await job.work(trx);
        await sql`release savepoint push`.execute(trx);
        outcomes.push(() => job.resolve(value));
      } catch (err) {
        // Only this push is undone (a failure to undo it fails the group, below).
        await sql`rollback to savepoint push`.execute(trx);
        await sql`release savepoint push`.execute(trx);
        outcomes.push(() => job.reject(err));
      }
    }
    await trx.commit().execute();
  } catch (err) {
    await trx
      ?.rollback()
      .execute()
      .catch(() => undefined);
    for (const job of group) job.reject(err);
    return;
  }
  for (const settle of outcomes) settle();
}
