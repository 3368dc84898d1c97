/** School step: the student's school and class (null without one), kept in meta "school". */
import type { UserDb } from "../../store/db.ts";
import { cursorKey } from "./cursor.ts";
import { fetchStep } from "./step.ts";
import type { PullCall } from "./transport.ts";

export async function pullSchool(db: UserDb, ask: PullCall["school"]): Promise<{ deferred: boolean }> {
  const reply = await fetchStep(db, "school", ask);
  await db.transaction("rw", db.meta, async () => {
    if (reply.changed) await db.meta.put({ key: "school", value: reply.school });
    await db.meta.put({ key: cursorKey("school"), value: reply.cursor });
  });
  return { deferred: false };
}
