import {
  flaggedFilterSchema,
  flaggedPageQuerySchema,
  flaggedReplySchema,
  questionTopicQuerySchema,
  questionTopicsReplySchema,
} from "../rules/flagged.ts";
import { route } from "./route.ts";

/** The Flagged Questions list and the topics its filter offers. */
export const flaggedRoutes = {
  flaggedQuestions: route({
    method: "POST",
    path: "/api/user/flagged",
    auth: "session",
    query: flaggedPageQuerySchema,
    body: flaggedFilterSchema,
    reply: flaggedReplySchema,
  }),
  questionTopics: route({
    method: "GET",
    path: "/api/question_topic",
    auth: "session",
    query: questionTopicQuerySchema,
    reply: questionTopicsReplySchema,
  }),
};
