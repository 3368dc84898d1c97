import {
  authoritiesReplySchema,
  flagReplySchema,
  noteReplySchema,
  reviewMarkReplySchema,
  seenInExamReplySchema,
  successReplySchema,
} from "../schemas/question.ts";
import { mutationRoute } from "./mutation-route.ts";
import { route } from "./route.ts";

/** One question: flags, the student's note and mark for review, seen-in-exam reports and the authorities to report against. */
export const questionRoutes = {
  flagQuestion: mutationRoute("POST /api/question/flag", flagReplySchema),
  unflagAll: mutationRoute("POST /api/question/unflag_all", successReplySchema),
  questionNote: mutationRoute("POST /api/question/note", noteReplySchema),
  reviewMark: mutationRoute("POST /api/question/review_mark", reviewMarkReplySchema),
  seenInExam: mutationRoute("POST /questions/{id}/seen-in-exam", seenInExamReplySchema),
  authorities: route({ method: "GET", path: "/api/authorities", auth: "session", reply: authoritiesReplySchema }),
};
