/**
 * Writes kept back to go out in one PostgreSQL statement, as parts of a WITH.
 *
 * On PostgreSQL every statement is a round trip, and on a small server each one costs both
 * processes a pair of socket calls and a wake-up (on the load bench's 2-core machine a third of the
 * API's own CPU went to writing to PostgreSQL's socket). A group of answer pushes writes to five
 * tables that none of its other writes read (the answers, their test questions' latest answers,
 * the questions' pending statistics, the mutation rows and the cursors), so those writes can go out
 * together: the writers add their statements here, and the replay sends them with the statement
 * that stores the group's mutation rows (sync/replay.ts `storeAndMove`).
 *
 * The parts of a WITH all run on one snapshot and in no set order, so a part must not read what
 * another part writes, and no two parts may change the same row. A part that fails (a unique id
 * held already) fails the whole statement, and with it the transaction.
 */
import { type OperationNodeSource, type RawBuilder, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

export class CombinedWrites {
  private readonly statements: OperationNodeSource[] = [];

  /** An insert, update or delete (a query builder or raw SQL), written with the others later. */
  add(statement: OperationNodeSource): void {
    this.statements.push(statement);
  }

  /** The statements as parts of a WITH: `combined_0 as (…)`, … */
  parts(): RawBuilder<unknown>[] {
    return this.statements.map((statement, i) => sql`${sql.raw(`combined_${i}`)} as (${statement})`);
  }

  /** Writes the statements on their own, in one statement (nothing of the caller's to go with them). */
  async execute(trx: Transaction<Database>): Promise<void> {
    if (this.statements.length === 0) return;
    await sql`with ${sql.join(this.parts())} select 1`.execute(trx);
  }
}

/** Writes `statement` now, or adds it to `combined` when the caller's writes are to go out together. */
export async function writeOrCombine(
  trx: Transaction<Database>,
  combined: CombinedWrites | undefined,
  statement: OperationNodeSource,
): Promise<void> {
  if (combined) combined.add(statement);
  else await sql`${statement}`.execute(trx);
}
