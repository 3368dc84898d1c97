/** School step: the student's school and class (null without one), kept in meta "school". */
import { schoolStepReplySchema } from "@preflight/sync-protocol";
import type { UserDb } from "../db.ts";
import { cursorKey } from "./cursor.ts";
import { fetchStep } from "./step.ts";
import type { PullCall } from "./transport.ts";

export async function pullSchool(db: UserDb, call: PullCall): Promise<{ deferred: boolean }> {
  const reply = await fetchStep(db, "school", schoolStepReplySchema, call);
  await db.transaction("rw", db.meta, async () => {
    if (reply.changed) await db.meta.put({ key: "school", value: reply.school });
    await db.meta.put({ key: cursorKey("school"), value: reply.cursor });
  });
  return { deferred: false };
}
