import { z } from "zod";
import {
  feedbackBodySchema,
  feedbackListQuerySchema,
  feedbackListReplySchema,
  feedbackReplySchema,
} from "../schemas/feedback.ts";
import { route } from "./route.ts";

/**
 * Feedback (spec accounts §7): a signed-in student sends text and screenshots as a multipart
 * form; maintenance users read it and download its screenshots.
 */
export const feedbackRoutes = {
  feedback: route({
    method: "POST",
    path: "/feedback",
    auth: "session",
    body: feedbackBodySchema,
    bodyKind: "multipart",
    reply: feedbackReplySchema,
  }),
  maintenanceFeedback: route({
    method: "GET",
    path: "/api/maintenance/feedback",
    auth: "maintenance",
    query: feedbackListQuerySchema,
    reply: feedbackListReplySchema,
  }),
  maintenanceFeedbackScreenshot: route({
    method: "GET",
    path: "/api/maintenance/feedback/screenshot/{id}",
    auth: "maintenance",
    params: z.object({ id: z.uuid("id must be a uuid") }),
    reply: z.unknown(),
    replyKind: "binary",
  }),
};
