import {
  fixedSummaryParamsSchema,
  fixedTestsReplySchema,
  previousTestsReplySchema,
  testSummaryReplySchema,
  verifyPasswordReplySchema,
  verifyPasswordSchema,
} from "../schemas/fixed.ts";
import { route } from "./route.ts";

/** Fixed tests and previous tests. */
export const fixedRoutes = {
  fixedTests: route({ method: "GET", path: "/api/user/fixed_tests", auth: "session", reply: fixedTestsReplySchema }),
  verifyPassword: route({
    method: "POST",
    path: "/test/verify-password",
    auth: "session",
    body: verifyPasswordSchema,
    reply: verifyPasswordReplySchema,
  }),
  testSummary: route({
    method: "POST",
    path: "/test/summary/{test_type}/{test_id}",
    auth: "session",
    params: fixedSummaryParamsSchema,
    reply: testSummaryReplySchema,
  }),
  previousTests: route({
    method: "GET",
    path: "/api/user/previous_tests",
    auth: "session",
    reply: previousTestsReplySchema,
  }),
};
