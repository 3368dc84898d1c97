import {
  builtSummaryParamsSchema,
  builtSummaryRequestSchema,
  questionHeadingsReplySchema,
  questionSectionQuerySchema,
  questionSubjectQuerySchema,
  questionSubjectsReplySchema,
  questionSubtopicQuerySchema,
} from "../rules/practice-filter.ts";
import { testSummaryReplySchema } from "../schemas/fixed.ts";
import { route } from "./route.ts";

/** The practice builder's lists and the summary of a test of chosen questions. */
export const practiceRoutes = {
  questionSubjects: route({
    method: "GET",
    path: "/api/question_subject",
    auth: "session",
    query: questionSubjectQuerySchema,
    reply: questionSubjectsReplySchema,
  }),
  questionSubtopics: route({
    method: "GET",
    path: "/api/question_subtopic",
    auth: "session",
    query: questionSubtopicQuerySchema,
    reply: questionHeadingsReplySchema,
  }),
  questionSections: route({
    method: "GET",
    path: "/api/question_section",
    auth: "session",
    query: questionSectionQuerySchema,
    reply: questionHeadingsReplySchema,
  }),
  builtTestSummary: route({
    method: "POST",
    path: "/test/summary/{test_type}",
    auth: "session",
    params: builtSummaryParamsSchema,
    body: builtSummaryRequestSchema,
    reply: testSummaryReplySchema,
  }),
};
