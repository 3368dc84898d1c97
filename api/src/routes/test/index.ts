import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { mountMutation } from "../../sync/direct.ts";
import type { Replayer } from "../../sync/replay.ts";
import { validate } from "../../validate.ts";
import { loadTestResult } from "./queries.ts";

const userTestIdSchema = z.object({ user_test_id: z.string().uuid("user_test_id must be a uuid") });

/** Spec area: test taking. Writes go through the replay path; reads answer from the server's rows. */
export function testRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  mountMutation(app, replayer, "POST /test/generate/{test_type}", deps.clock);
  mountMutation(app, replayer, "POST /test/current/save", deps.clock);
  mountMutation(app, replayer, "POST /test/current/finish/{id}", deps.clock);

  app.post("/test/question-data", validate("json", userTestIdSchema), async (c) => {
    const { user_test_id } = c.req.valid("json");
    const result = await loadTestResult(deps.db, c.var.user.id, user_test_id);
    const slots = await deps.db
      .selectFrom("user_test_questions")
      .select(["position", "question_id", "question_version"])
      .where("user_test_id", "=", user_test_id)
      .orderBy("position")
      .execute();
    const answers = await deps.db
      .selectFrom("answers")
      .select(["question_id", "correct", "created_at", "received_at"])
      .where("user_test_id", "=", user_test_id)
      .where("applied", "=", 1)
      .orderBy("created_at")
      .orderBy("received_at")
      .execute();
    const last = new Map(answers.map((a) => [a.question_id, a]));
    return c.json({
      user_test: result,
      questions: slots.map((s) => ({
        question_number: s.position,
        question_id: s.question_id,
        question_version: s.question_version,
        answered: last.has(s.question_id),
        correct: result.marked ? (last.get(s.question_id)?.correct ?? 0) === 1 : null,
      })),
    });
  });

  app.post("/test/results", validate("json", userTestIdSchema), async (c) => {
    const { user_test_id } = c.req.valid("json");
    const result = await loadTestResult(deps.db, c.var.user.id, user_test_id);
    if (!result.marked) throw new ApiError("conflict", "This test has not been finished yet");
    return c.text(`/test/results/${user_test_id}`);
  });

  return app;
}
