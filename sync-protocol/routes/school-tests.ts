import { z } from "zod";
import {
  classParamsSchema,
  fixedTestDraftSchema,
  schoolFixedTestReplySchema,
  schoolFixedTestsReplySchema,
  schoolQuestionsQuerySchema,
  schoolQuestionsReplySchema,
  schoolStudentParamsSchema,
  schoolTestParamsSchema,
  schoolTestResultsReplySchema,
} from "../schemas/school-tests.ts";
import { route } from "./route.ts";

/** What a CSV or PDF export replies: the file itself. */
const file = z.unknown();

/**
 * Fixed tests set by a school, their results and the exports (issue 20). Instructors only (the
 * entries' role); each handler checks the test, class or student against the instructor's school.
 */
export const schoolTestsRoutes = {
  schoolFixedTests: route({
    method: "GET",
    path: "/school/fixed-tests",
    auth: "instructor",
    reply: schoolFixedTestsReplySchema,
  }),
  schoolFixedTest: route({
    method: "GET",
    path: "/school/fixed-tests/{test_id}",
    auth: "instructor",
    params: schoolTestParamsSchema,
    reply: schoolFixedTestReplySchema,
  }),
  createSchoolFixedTest: route({
    method: "POST",
    path: "/school/fixed-tests",
    auth: "instructor",
    body: fixedTestDraftSchema,
    reply: schoolFixedTestReplySchema,
  }),
  updateSchoolFixedTest: route({
    method: "PUT",
    path: "/school/fixed-tests/{test_id}",
    auth: "instructor",
    params: schoolTestParamsSchema,
    body: fixedTestDraftSchema,
    reply: schoolFixedTestReplySchema,
  }),
  schoolTestResults: route({
    method: "GET",
    path: "/school/fixed-tests/{test_id}/results",
    auth: "instructor",
    params: schoolTestParamsSchema,
    reply: schoolTestResultsReplySchema,
  }),
  schoolTestResultsCsv: route({
    method: "GET",
    path: "/school/fixed-tests/{test_id}/results.csv",
    auth: "instructor",
    params: schoolTestParamsSchema,
    reply: file,
    replyKind: "text",
  }),
  classOverviewCsv: route({
    method: "GET",
    path: "/school/classes/{class_id}/overview.csv",
    auth: "instructor",
    params: classParamsSchema,
    reply: file,
    replyKind: "text",
  }),
  studentReportPdf: route({
    method: "GET",
    path: "/school/students/{user_id}/report.pdf",
    auth: "instructor",
    params: schoolStudentParamsSchema,
    reply: file,
    replyKind: "binary",
  }),
  schoolQuestions: route({
    method: "GET",
    path: "/school/questions",
    auth: "instructor",
    query: schoolQuestionsQuerySchema,
    reply: schoolQuestionsReplySchema,
  }),
};
