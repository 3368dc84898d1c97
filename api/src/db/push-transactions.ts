/**
 * The transactions pushes are applied in: group commit.
 *
 * The pushes that wait while one group is being applied are applied together as the next group:
 * one transaction, one commit, and only then is any of them answered. On SQLite (one writer, and
 * with synchronous FULL every commit waits for the disk) a server answering one save per request
 * spent a quarter of its time in commits before this. On PostgreSQL each statement is a round trip
 * and a pass through the planner: a group lets its owner apply the pushes' common work in shared
 * statements (sync/replay.ts applies a group's answers at once), so a busy server does less per
 * push the busier it is. Each instance applies one group at a time; instances over one PostgreSQL
 * run theirs side by side.
 *
 * The owner's `apply` settles each job of the group: a job that fails alone is undone alone (its
 * savepoint, `eachUnderSavepoint`) and rejected after the commit, the others kept. A throw out of
 * `apply`, or a commit that fails, fails every job of the group, none of which was answered, so
 * their devices send them again.
 */
import { type ControlledTransaction, type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** How one job of a group ended, told to its caller once the group has committed. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * What a group's apply answers instead of its jobs' outcomes to have the group's transaction
 * rolled back and the group applied again in a new one, with the next attempt number: a way
 * out that costs nothing until it is taken, where a savepoint costs two statements every time.
 */
export const REDO_GROUP = Symbol("redo the group");

/**
 * Applies a group's jobs in the group's open transaction; one Settled per job, in order, or
 * REDO_GROUP (once: attempt 1 must settle).
 */
export type GroupApply<J, R> = (
  trx: Transaction<Database>,
  jobs: J[],
  attempt: number,
) => Promise<Settled<R>[] | typeof REDO_GROUP>;

export interface GroupedTransactions<J, R> {
  /**
   * Applies `job` with the group it joins; resolves once that group's transaction has committed.
   * `size` (the push's mutation count) bounds a group, so one commit never waits on too much work.
   */
  run(job: J, size?: number): Promise<R>;
}

/** What one group may hold, and how many groups an instance applies at once. */
export interface GroupLimits {
  /** Mutations in a group (a single larger push still goes alone). */
  maxSize: number;
  /** Groups applied side by side: 1 on SQLite (one writer); a few on PostgreSQL, whose pool and cores serve several. */
  concurrent: number;
}

export const GROUP_LIMITS: GroupLimits = { maxSize: 1000, concurrent: 1 };

/**
 * PostgreSQL: one group runs while the next fills, so the round trips of one overlap the other's
 * work. More groups at once only split the same pushes into smaller groups, each with its own
 * statements and commit: on the load bench (1 instance, 1,000 answers/s, 2 cores) p99 was
 * 46-79 ms with two and 121-180 ms with four, and 93 ms with one.
 */
export const POSTGRES_GROUP_LIMITS: GroupLimits = { maxSize: 1000, concurrent: 2 };

interface Queued<J, R> {
  job: J;
  size: number;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

export function groupedTransactions<J, R>(
  db: Kysely<Database>,
  apply: GroupApply<J, R>,
  limits: GroupLimits = GROUP_LIMITS,
): GroupedTransactions<J, R> {
  const queue: Queued<J, R>[] = [];
  let running = 0;
  let scheduled = false;
  const schedule = () => {
    if (scheduled || running >= limits.concurrent || queue.length === 0) return;
    scheduled = true;
    // A group waits one turn of the event loop for the requests parsed with its first push; after
    // a group, the turn lets the replies be written and the requests that came meanwhile join.
    setImmediate(startGroups);
  };
  const startGroups = () => {
    scheduled = false;
    while (running < limits.concurrent && queue.length > 0) {
      let size = 0;
      let count = 0;
      while (count < queue.length && (count === 0 || size + (queue[count] as Queued<J, R>).size <= limits.maxSize))
        size += (queue[count++] as Queued<J, R>).size;
      running++;
      void commitGroup(db, apply, queue.splice(0, count)).finally(() => {
        running--;
        schedule();
      });
    }
  };
  return {
    run: (job, size = 1) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ job, size, resolve, reject });
        schedule();
      }),
  };
}

/** One transaction for the group (two if its apply asks to redo it); every job settles after the commit. */
async function commitGroup<J, R>(db: Kysely<Database>, apply: GroupApply<J, R>, group: Queued<J, R>[]): Promise<void> {
  let settled: Settled<R>[] | undefined;
  let trx: ControlledTransaction<Database> | undefined;
  try {
    const jobs = group.map((q) => q.job);
    for (let attempt = 0; !settled; attempt++) {
      trx = await db.startTransaction().execute();
      const outcome = await apply(trx, jobs, attempt);
      if (outcome === REDO_GROUP) {
        if (attempt > 0) throw new Error("a group was asked to be redone twice");
        await trx.rollback().execute();
        trx = undefined;
        continue;
      }
      if (outcome.length !== group.length) throw new Error("a group's apply settled the wrong number of jobs");
      settled = outcome;
    }
    await trx?.commit().execute();
  } catch (err) {
    await trx
      ?.rollback()
      .execute()
      .catch(() => undefined);
    for (const q of group) q.reject(err);
    return;
  }
  for (const [i, q] of group.entries()) {
    const s = settled[i] as Settled<R>;
    if (s.ok) q.resolve(s.value);
    else q.reject(s.error);
  }
}

/**
 * Each job's work under its own savepoint, one after another: a job that throws is undone alone
 * and settles as failed; a failure to undo it fails the group.
 */
export async function eachUnderSavepoint<J, R>(
  trx: Transaction<Database>,
  jobs: J[],
  work: (trx: Transaction<Database>, job: J) => Promise<R>,
): Promise<Settled<R>[]> {
  const settled: Settled<R>[] = [];
  for (const job of jobs) {
    await sql`savepoint push`.execute(trx);
    try {
      const value = await work(trx, job);
      await sql`release savepoint push`.execute(trx);
      settled.push({ ok: true, value });
    } catch (error) {
      await sql`rollback to savepoint push`.execute(trx);
      await sql`release savepoint push`.execute(trx);
      settled.push({ ok: false, error });
    }
  }
  return settled;
}

/** Units of work applied with group commit, each under its savepoint (no shared statements). */
export interface WorkGroups {
  run<T>(work: (trx: Transaction<Database>) => Promise<T>, size?: number): Promise<T>;
}

export function groupCommit(db: Kysely<Database>, limits: GroupLimits = GROUP_LIMITS): WorkGroups {
  type Work = (trx: Transaction<Database>) => Promise<unknown>;
  const grouped = groupedTransactions<Work, unknown>(
    db,
    (trx, works) => eachUnderSavepoint(trx, works, (t, work) => work(t)),
    limits,
  );
  return { run: (work, size) => grouped.run(work, size) as Promise<never> };
}
