import { successReplySchema, userActiveReplySchema } from "../schemas/question.ts";
import { route } from "./route.ts";

/** The user-active state behind the inactivity modal. */
export const activityRoutes = {
  userActive: route({ method: "GET", path: "/user-active", auth: "session", reply: userActiveReplySchema }),
  touchActivity: route({
    method: "POST",
    path: "/user-active",
    auth: "session",
    reply: successReplySchema.extend(userActiveReplySchema.shape),
  }),
};
