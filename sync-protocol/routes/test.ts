import { finishTestReplySchema, generateTestReplySchema, saveAnswerReplySchema } from "../schemas/test.ts";
import { mutationRoute } from "./route.ts";

/** Test taking. */
export const testRoutes = {
  generateTest: mutationRoute("POST /test/generate/{test_type}", generateTestReplySchema),
  saveAnswer: mutationRoute("POST /test/current/save", saveAnswerReplySchema),
  finishTest: mutationRoute("POST /test/current/finish/{id}", finishTestReplySchema),
};
