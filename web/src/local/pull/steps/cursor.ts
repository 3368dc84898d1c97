/** Each step's cursor, kept in meta under "pullCursor:<step>"; absent means a first sync. */
import type { PullStep } from "@preflight/sync-protocol/schemas/pull";
import { getMeta, type UserDb } from "../../store/db.ts";

export function cursorKey(step: PullStep): string {
  return `pullCursor:${step}`;
}

export async function readCursor(db: UserDb, step: PullStep): Promise<string | null> {
  return (await getMeta<string>(db, cursorKey(step))) ?? null;
}

/**
 * The cursor to keep after a pull that left some rows aside (they belong to a row with a change
 * still waiting in the outbox): just before the first of them, so the next pull brings them again
 * once the change is applied. Every pulled number is above the old cursor, so this never goes back.
 */
export function heldBackCursor(next: string, deferredSeqs: number[]): string | null {
  if (deferredSeqs.length === 0) return next;
  const before = Math.min(...deferredSeqs) - 1;
  return before < 0 ? null : String(before);
}
