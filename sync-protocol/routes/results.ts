import { successReplySchema } from "../schemas/question.ts";
import { mutationRoute } from "./mutation-route.ts";

/** A finished test's results and review. */
export const resultsRoutes = {
  markReviewed: mutationRoute("POST /api/review", successReplySchema),
};
