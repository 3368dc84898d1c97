import { progressResetReplySchema } from "../schemas/analysis.ts";
import { mutationRoute } from "./route.ts";

/** Analysis: the charts and the progress reset. */
export const analysisRoutes = {
  resetProgress: mutationRoute("POST /analysis/progress/reset/{subject_id}", progressResetReplySchema),
  /** The spec's GET form of the reset: the same write with an empty body. */
  resetProgressGet: mutationRoute("POST /analysis/progress/reset/{subject_id}", progressResetReplySchema, {
    method: "GET",
  }),
};
