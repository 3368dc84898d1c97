/**
 * Profile step: the student's profile and settings. The profile is kept in meta "profile" (its
 * update mode also in meta "updateMode") unless a profile or preferences change of this device
 * still waits in the outbox; the zoom in meta "zoom" unless a zoom change does. Then the cursor
 * stays, so the server's values come again after that change is applied.
 */
import { deviceDb, type UserDb } from "../../store/db.ts";
import { cursorKey } from "./cursor.ts";
import { mergePending, pendingRefs } from "./pending.ts";
import { fetchStep } from "./step.ts";
import type { PullCall } from "./transport.ts";

/** Meta key of the student's own review weights (the server fits them; nothing on the device edits them). */
export const REVIEW_WEIGHTS_KEY = "reviewWeights";

export async function pullProfile(db: UserDb, ask: PullCall["profile"]): Promise<{ deferred: boolean }> {
  const before = await pendingRefs(db);
  const reply = await fetchStep(db, "profile", ask);
  if (!reply.changed) {
    await db.meta.put({ key: cursorKey("profile"), value: reply.cursor });
    return { deferred: false };
  }
  const { profile } = reply;
  const pending = await db.transaction("rw", db.meta, db.outbox, async () => {
    const pending = mergePending(before, await pendingRefs(db));
    // Profile details or preferences edited on this device and not yet sent stay as they are.
    if (!pending.profile) {
      await db.meta.put({ key: "profile", value: profile });
      await db.meta.put({ key: "updateMode", value: profile.manual_update });
    }
    // The server's alone: kept whatever waits in the outbox.
    if (profile.review_weights) await db.meta.put({ key: REVIEW_WEIGHTS_KEY, value: profile.review_weights });
    else await db.meta.delete(REVIEW_WEIGHTS_KEY);
    if (!pending.zoom && profile.settings.zoom !== null)
      await db.meta.put({ key: "zoom", value: profile.settings.zoom });
    if (!pending.zoom && !pending.profile) await db.meta.put({ key: cursorKey("profile"), value: reply.cursor });
    return pending;
  });
  const deferred = pending.zoom || pending.profile;
  if (pending.profile) return { deferred };
  // The signed-in student as the shell shows them (the device database).
  const device = deviceDb();
  await device.transaction("rw", device.session, async () => {
    const session = await device.session.get("current");
    if (session?.userId !== profile.id) return;
    await device.session.update("current", {
      user: {
        ...session.user,
        email: profile.email,
        firstname: profile.firstname,
        lastname: profile.lastname,
        role: profile.role,
        syllabus_id: profile.syllabus_id,
        class_name: profile.class_name,
        subscription_end: profile.subscription.end,
        features: profile.features,
      },
    });
  });
  return { deferred };
}
