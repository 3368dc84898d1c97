/**
 * Feedback (spec accounts §7, §8; sync-protocol/schemas/feedback.ts).
 *
 *   POST /feedback  multipart: feedback, screenshots[] (PNG, JPEG or WebP by their first bytes,
 *       at most 5 of 2 MB each), page, app_version   → { success, message: "Feedback Submitted" }
 *       Signed-in students only; the feedback and its screenshots are written in one transaction.
 *       The device's `id` makes a resend harmless: the same student's known id is a success.
 *   GET /api/maintenance/feedback?limit=50           → the newest first, with each screenshot's id
 *   GET /api/maintenance/feedback/screenshot/{id}    → the image
 */
import { randomUUID } from "node:crypto";
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  type FeedbackListReply,
  type FeedbackReply,
  imageTypeOf,
} from "@preflight/sync-protocol/schemas/feedback";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { fromAppPage } from "../../http/same-origin.ts";

/** The largest feedback body: every screenshot at its limit, the text, and the form's own bytes. */
export const FEEDBACK_BODY_LIMIT = FEEDBACK_LIMITS.maxScreenshots * FEEDBACK_LIMITS.maxScreenshotBytes + 256 * 1024;

export function feedbackRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  mount(
    routes.feedback,
    async (c, { body }) => {
      if (c.var.user.role !== "student") throw new ApiError("forbidden", "Feedback is given by students.");
      const id = body.id ?? randomUUID();
      const now = deps.clock.now().toISOString();
      const reply: FeedbackReply = { success: true, message: FEEDBACK_MESSAGES.submitted };
      const known = await deps.db.selectFrom("feedback").select("user_id").where("id", "=", id).executeTakeFirst();
      if (known?.user_id === c.var.user.id) return c.json(reply);
      if (known) throw new ApiError("conflict", "This feedback id is taken.");
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("feedback")
          .values({
            id,
            user_id: c.var.user.id,
            text: body.feedback,
            page: body.page ?? null,
            app_version: body.app_version ?? null,
            created_at: now,
          })
          .execute();
        for (const [position, shot] of body.screenshots.entries()) {
          await trx
            .insertInto("feedback_screenshots")
            .values({
              id: randomUUID(),
              feedback_id: id,
              position,
              // The schema let through only bytes of a known image type.
              type: imageTypeOf(shot.bytes) as string,
              bytes: Buffer.from(shot.bytes),
              size: shot.bytes.length,
            })
            .execute();
        }
      });
      return c.json(reply);
    },
    { before: [fromAppPage()] },
  );

  mount(routes.maintenanceFeedback, async (c, { query }) => {
    const rows = await deps.db
      .selectFrom("feedback")
      .innerJoin("users", "users.id", "feedback.user_id")
      .select([
        "feedback.id",
        "feedback.user_id",
        "feedback.text",
        "feedback.page",
        "feedback.app_version",
        "feedback.created_at",
        "users.email",
        "users.firstname",
        "users.lastname",
      ])
      .orderBy("feedback.created_at", "desc")
      .orderBy("feedback.id")
      .limit(query.limit)
      .execute();
    const shots = rows.length
      ? await deps.db
          .selectFrom("feedback_screenshots")
          .select(["id", "feedback_id", "type", "size"])
          .where(
            "feedback_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("position")
          .execute()
      : [];
    const reply: FeedbackListReply = {
      feedback: rows.map((r) => ({
        id: r.id,
        user_id: r.user_id,
        email: r.email,
        name: [r.firstname, r.lastname].filter(Boolean).join(" "),
        text: r.text,
        page: r.page,
        app_version: r.app_version,
        created_at: r.created_at,
        screenshots: shots
          .filter((s) => s.feedback_id === r.id)
          .map((s) => ({ id: s.id, type: s.type, size: Number(s.size) })),
      })),
    };
    return c.json(reply);
  });

  mount(routes.maintenanceFeedbackScreenshot, async (c, { params }) => {
    const shot = await deps.db
      .selectFrom("feedback_screenshots")
      .select(["bytes", "type", "size"])
      .where("id", "=", params.id)
      .executeTakeFirst();
    if (!shot) throw new ApiError("not_found", "No such screenshot");
    return c.body(new Uint8Array(shot.bytes), 200, {
      "Content-Type": shot.type,
      "Content-Length": String(shot.size),
      "Content-Disposition": `attachment; filename="feedback-${params.id}.${shot.type.slice("image/".length)}"`,
    });
  });

  return app;
}
