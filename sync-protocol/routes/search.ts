import { searchReplySchema, searchRequestSchema, searchSubjectsReplySchema } from "../schemas/lessons.ts";
import { route } from "./route.ts";

/** Lesson search for online-only clients. */
export const searchRoutes = {
  search: route({
    method: "POST",
    path: "/search",
    auth: "session",
    body: searchRequestSchema,
    reply: searchReplySchema,
  }),
  searchSubjects: route({ method: "GET", path: "/search/subjects", auth: "session", reply: searchSubjectsReplySchema }),
};
