import { lessonProgressReplySchema } from "../schemas/syllabus.ts";
import { mutationRoute } from "./route.ts";

/** Syllabus, lessons and progress tests. */
export const syllabusRoutes = {
  lessonProgress: mutationRoute("POST /api/lesson/progress", lessonProgressReplySchema),
};
