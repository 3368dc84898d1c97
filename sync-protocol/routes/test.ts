import { z } from "zod";
import {
  currentQuestionReplySchema,
  currentQuestionRequestSchema,
  questionDataReplySchema,
  successReplySchema,
  testQuestionsReplySchema,
  userTestIdSchema,
} from "../schemas/question.ts";
import {
  finishTestReplySchema,
  generateTestReplySchema,
  saveAnswerReplySchema,
  testLoadParamsSchema,
  testLoadReplySchema,
} from "../schemas/test.ts";
import { mutationRoute } from "./mutation-route.ts";
import { route } from "./route.ts";

/** Test taking: the queued writes, and the online-only calls made during and after a test. */
export const testRoutes = {
  generateTest: mutationRoute("POST /test/generate/{test_type}", generateTestReplySchema),
  saveAnswer: mutationRoute("POST /test/current/save", saveAnswerReplySchema),
  finishTest: mutationRoute("POST /test/current/finish/{id}", finishTestReplySchema),
  currentQuestion: route({
    method: "POST",
    path: "/test/current/question",
    auth: "session",
    body: currentQuestionRequestSchema,
    reply: currentQuestionReplySchema,
  }),
  nextQuestion: route({
    method: "POST",
    path: "/test/current/next",
    auth: "session",
    body: userTestIdSchema,
    reply: successReplySchema,
  }),
  prevQuestion: route({
    method: "POST",
    path: "/test/current/prev",
    auth: "session",
    body: userTestIdSchema,
    reply: successReplySchema,
  }),
  testQuestions: route({
    method: "POST",
    path: "/test/current/test-question",
    auth: "session",
    body: userTestIdSchema,
    reply: testQuestionsReplySchema,
  }),
  questionData: route({
    method: "POST",
    path: "/test/question-data",
    auth: "session",
    body: userTestIdSchema,
    reply: questionDataReplySchema,
  }),
  /** The results page's address, as text. */
  testResults: route({
    method: "POST",
    path: "/test/results",
    auth: "session",
    body: userTestIdSchema,
    reply: z.string(),
    replyKind: "text",
  }),
  /** JSON says where the app shows the test; a browser asking for html is redirected there. */
  loadTest: route({
    method: "GET",
    path: "/test/load/{test_type}/{test_id}",
    auth: "session",
    params: testLoadParamsSchema,
    reply: testLoadReplySchema,
  }),
};
