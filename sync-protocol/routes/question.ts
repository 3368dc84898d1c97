import { flagReplySchema, seenInExamReplySchema, successReplySchema } from "../schemas/question.ts";
import { mutationRoute } from "./route.ts";

/** One question: flags and seen-in-exam reports. */
export const questionRoutes = {
  flagQuestion: mutationRoute("POST /api/question/flag", flagReplySchema),
  unflagAll: mutationRoute("POST /api/question/unflag_all", successReplySchema),
  seenInExam: mutationRoute("POST /questions/{id}/seen-in-exam", seenInExamReplySchema),
};
