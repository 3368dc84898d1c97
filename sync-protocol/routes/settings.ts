import { successReplySchema } from "../schemas/question.ts";
import { mutationRoute } from "./mutation-route.ts";

/** The student's display settings. */
export const settingsRoutes = {
  zoom: mutationRoute("POST /zoom", successReplySchema),
};
