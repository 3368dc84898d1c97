import { normalizeZoom } from "@preflight/sync-protocol/rules/question";
import type { SuccessReply, Zoom } from "@preflight/sync-protocol/schemas/question";
import { type Effect, intentTime } from "../../sync/effects.ts";

/**
 * POST /zoom: the student's zoom, kept in tenths. The latest intent wins, so an older change
 * replayed late from another device does not undo a newer one.
 */
export const setZoom: Effect = async (ctx, raw) => {
  const body = raw as Zoom;
  const tenths = Math.round(normalizeZoom(body.zoom) * 10);
  const at = intentTime(ctx);
  const now = ctx.clock.now().toISOString();
  const current = await ctx.trx
    .selectFrom("user_settings")
    .select("zoom_updated_at")
    .where("user_id", "=", ctx.user.id)
    .executeTakeFirst();
  const reply: SuccessReply = { success: true };
  if (current?.zoom_updated_at && at < current.zoom_updated_at) return { status: "applied", reply };
  await ctx.trx
    .insertInto("user_settings")
    .values({ user_id: ctx.user.id, zoom_tenths: tenths, zoom_updated_at: at, flags_cleared_at: null, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ zoom_tenths: tenths, zoom_updated_at: at, updated_at: now }))
    .execute();
  return { status: "applied", reply };
};
