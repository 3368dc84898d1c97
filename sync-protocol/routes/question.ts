import {
  authoritiesReplySchema,
  flagReplySchema,
  seenInExamReplySchema,
  successReplySchema,
} from "../schemas/question.ts";
import { mutationRoute, route } from "./route.ts";

/** One question: flags, seen-in-exam reports and the authorities to report against. */
export const questionRoutes = {
  flagQuestion: mutationRoute("POST /api/question/flag", flagReplySchema),
  unflagAll: mutationRoute("POST /api/question/unflag_all", successReplySchema),
  seenInExam: mutationRoute("POST /questions/{id}/seen-in-exam", seenInExamReplySchema),
  authorities: route({ method: "GET", path: "/api/authorities", auth: "session", reply: authoritiesReplySchema }),
};
