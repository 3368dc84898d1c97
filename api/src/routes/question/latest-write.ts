/**
 * The student's per-question records where the latest intent wins across devices, written one
 * way (sync-protocol rules/latest-write.ts): notes (SR24) and review marks (SR26). Each row keeps
 * the time of the write that set it; a write older than the row changes nothing, and one at the
 * same time or later replaces it. Taking a record away is a write too (an empty note, a mark
 * taken off): its row stays, so an older write from another device cannot bring it back.
 *
 * Example: a mark taken off on the laptop at 10:05 arrives first; the tablet's mark made offline
 * at 10:00 arrives after it and replies `{ marked: false, updated_at: "…T10:05:00.000Z" }`.
 */
import { latestWriteApplies } from "@preflight/sync-protocol/rules/latest-write";
import type { Transaction } from "kysely";
import type { Flag } from "../../db/schema.ts";
import { type EffectContext, intentTime } from "../../sync/effects.ts";

/** The tables of such records, and what each keeps besides the student, the question and the time. */
export interface LatestWriteRecords {
  question_notes: { text: string };
  question_review_marks: { marked: Flag };
}

/** A record as held: what it keeps and the time of the write that set it. */
export type HeldRecord<T extends keyof LatestWriteRecords> = LatestWriteRecords[T] & { updated_at: string };

/** One shape for the statements below: every such table has these columns, and one of the rest. */
type RecordRow = { user_id: string; question_id: number; updated_at: string } & Partial<
  LatestWriteRecords["question_notes"] & LatestWriteRecords["question_review_marks"]
>;

/**
 * Writes the student's record of `table` on the question as `values`, at the intent's time,
 * unless the record held was written later; returns the record held afterwards. The question
 * must have been checked by the caller.
 */
export async function writeLatest<T extends keyof LatestWriteRecords>(
  ctx: EffectContext,
  table: T,
  questionId: number,
  values: LatestWriteRecords[T],
): Promise<HeldRecord<T>> {
  const at = intentTime(ctx);
  const trx = ctx.trx as unknown as Transaction<{ record: RecordRow }>;
  const name = table as unknown as "record";
  const held = await trx
    .selectFrom(name)
    .selectAll()
    .where("user_id", "=", ctx.user.id)
    .where("question_id", "=", questionId)
    .executeTakeFirst();
  if (held && !latestWriteApplies(at, { updatedAt: held.updated_at })) return held as unknown as HeldRecord<T>;
  await trx
    .insertInto(name)
    .values({ ...values, user_id: ctx.user.id, question_id: questionId, updated_at: at })
    .onConflict((oc) => oc.columns(["user_id", "question_id"]).doUpdateSet({ ...values, updated_at: at }))
    .execute();
  return { ...values, updated_at: at };
}
