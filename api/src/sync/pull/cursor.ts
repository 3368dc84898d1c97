/**
 * Cursors of the post-login sync steps.
 *
 * Profile and user steps: the student's own change numbers (migration 0004). The counter is read
 * FIRST; rows are then asked for with cursor < change_seq <= counter. One student's writers
 * commit in number order, so every row numbered up to the counter is already visible, and a row
 * written meanwhile (a higher number) waits for the next sync instead of being half-seen.
 *
 * Syllabus and school steps: shared data the student does not write, fingerprinted; an equal
 * fingerprint means nothing changed.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The range of change numbers a pull covers: after `from` (exclusive) up to `to` (inclusive). */
export interface ChangeRange {
  from: number;
  to: number;
}

export async function changeRange(db: Kysely<Database>, userId: string, cursor: string | null): Promise<ChangeRange> {
  const row = await db
    .selectFrom("user_change_counters")
    .select("last_seq")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const to = row?.last_seq ?? 0;
  const asked = cursor === null ? -1 : Number(cursor);
  // A cursor beyond the counter (a server restored from a backup) means the device starts over.
  return { from: asked > to ? -1 : asked, to };
}

/** 16 hex digits of a sha256 over the JSON of `value`. */
export function digestOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);
}
