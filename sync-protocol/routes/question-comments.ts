import {
  questionReportIdParamsSchema,
  questionReportListQuerySchema,
  questionReportListReplySchema,
  questionReportReplySchema,
  questionReportStatusReplySchema,
  questionReportStatusSchema,
  testCommentListQuerySchema,
  testCommentListReplySchema,
  testCommentReplySchema,
} from "../schemas/question-comments.ts";
import { mutationRoute } from "./mutation-route.ts";
import { route } from "./route.ts";

/**
 * Comments on an exam's questions and reports of errors in questions (issue 19): the two queued
 * writes, and the content team's list (maintenance users only).
 */
export const questionCommentsRoutes = {
  testComment: mutationRoute("POST /test/current/comment", testCommentReplySchema),
  reportQuestionError: mutationRoute("POST /questions/{id}/report-error", questionReportReplySchema),
  maintenanceQuestionReports: route({
    method: "GET",
    path: "/api/maintenance/question-reports",
    auth: "maintenance",
    query: questionReportListQuerySchema,
    reply: questionReportListReplySchema,
  }),
  maintenanceQuestionReportStatus: route({
    method: "POST",
    path: "/api/maintenance/question-reports/{id}",
    auth: "maintenance",
    params: questionReportIdParamsSchema,
    body: questionReportStatusSchema,
    reply: questionReportStatusReplySchema,
  }),
  maintenanceTestComments: route({
    method: "GET",
    path: "/api/maintenance/test-comments",
    auth: "maintenance",
    query: testCommentListQuerySchema,
    reply: testCommentListReplySchema,
  }),
};
