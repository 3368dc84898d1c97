/**
 * Resetting a subject's progress (spec study 4 "Reset progress"). One intent: the reset goes into
 * the device's `progressResets` and `POST /analysis/progress/reset/{subject_id}` into the outbox in
 * one transaction, so the graphs start again at once, offline too, and the server applies the
 * same reset (same id, same time) when the queue drains. Tests and results are not touched.
 */
import { resolveCall } from "@preflight/sync-protocol/mutation-templates";
import { type LocalScope, runAction } from "../outbox/action.ts";
import { registerCallHandling } from "../outbox/calls.ts";
import type { LocalProgressReset } from "../store/db.ts";

/** A subject the device cannot reset: not a subject code, or not in the bank on this device. */
export class ResetProgressError extends Error {
  constructor(
    readonly reason: "unknown_subject" | "not_in_bank",
    message: string,
  ) {
    super(message);
  }
}

const SUBJECT_CODE = /^\d{3}$/;
const RESET_CALL = "POST /analysis/progress/reset/{subject_id}";

export async function resetProgress(scope: LocalScope, subject: string): Promise<LocalProgressReset> {
  const { db } = scope;
  return runAction(scope, [db.progressResets, db.questions], async (ctx) => {
    if (!SUBJECT_CODE.test(subject)) throw new ResetProgressError("unknown_subject", `Unknown subject ${subject}`);
    if ((await db.questions.where("subject").equals(subject).count()) === 0)
      throw new ResetProgressError("not_in_bank", `Subject ${subject} is not in your question bank`);
    const entry = await ctx.enqueue(RESET_CALL, { subject_id: subject }, {});
    // The server keeps the reset under the mutation's id, at the mutation's time.
    const reset: LocalProgressReset = { id: entry.id, subject, resetAt: entry.createdAt };
    await db.progressResets.put(reset);
    return reset;
  });
}

// A refused reset leaves the device's graphs too: they must agree with the server's.
registerCallHandling(RESET_CALL, {
  tables: ["progressResets"],
  onRefused: async (entry, db) => {
    await db.progressResets.delete(entry.id);
  },
});

/** The call of a reset, to recognise its refusal among the sync engine's notices. */
export function isResetCall(call: string): boolean {
  return resolveCall(call)?.template === RESET_CALL;
}
