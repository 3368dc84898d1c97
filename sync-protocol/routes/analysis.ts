import {
  analysisSubjectParamsSchema,
  averageMockExamReplySchema,
  percentageAnsweredReplySchema,
  progressResetReplySchema,
  topicAnalysisReplySchema,
} from "../schemas/analysis.ts";
import { courseProgressParamsSchema, courseProgressReplySchema } from "../schemas/analysis-course.ts";
import { mutationRoute } from "./mutation-route.ts";
import { route } from "./route.ts";

/** Analysis: the charts, the course progress graph and the progress reset. */
export const analysisRoutes = {
  percentageAnswered: route({
    method: "GET",
    path: "/analysis/subject",
    auth: "session",
    reply: percentageAnsweredReplySchema,
  }),
  averageMockExams: route({
    method: "GET",
    path: "/analysis/average-timed",
    auth: "session",
    reply: averageMockExamReplySchema,
  }),
  topicAnalysis: route({
    method: "GET",
    path: "/analysis/topic/{subject_id}",
    auth: "session",
    params: analysisSubjectParamsSchema,
    reply: topicAnalysisReplySchema,
  }),
  courseProgress: route({ method: "GET", path: "/analysis/course", auth: "session", reply: courseProgressReplySchema }),
  moduleProgress: route({
    method: "GET",
    path: "/analysis/course/{module}",
    auth: "session",
    params: courseProgressParamsSchema,
    reply: courseProgressReplySchema,
  }),
  resetProgress: mutationRoute("POST /analysis/progress/reset/{subject_id}", progressResetReplySchema),
  /** The spec's GET form of the reset: the same write with an empty body. */
  resetProgressGet: mutationRoute("POST /analysis/progress/reset/{subject_id}", progressResetReplySchema, {
    method: "GET",
  }),
};
