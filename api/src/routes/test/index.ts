import { routes } from "@preflight/sync-protocol/routes/index";
import type { QuestionDataReply } from "@preflight/sync-protocol/schemas/question";
import type { TestLoadReply } from "@preflight/sync-protocol/schemas/test";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";
import { assertReviewVisible } from "../fixed/visibility.ts";
import { currentTestRoutes } from "./current.ts";
import { latestCorrectness, loadTestResult } from "./queries.ts";

/** Spec area: test taking. Writes go through the replay path; reads answer from the server's rows. */
export function testRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.generateTest, replayer);
  mount(routes.saveAnswer, replayer);
  mount(routes.finishTest, replayer);
  app.route("/", currentTestRoutes(deps));

  /** The test's questions with the version each was served in and the student's review state. */
  mount(routes.questionData, async (c, { body: { user_test_id } }) => {
    await assertReviewVisible(deps.db, c.var.user.id, user_test_id);
    const result = await loadTestResult(deps.db, c.var.user.id, user_test_id);
    const slots = await deps.db
      .selectFrom("user_test_questions")
      .select(["position", "question_id", "question_version"])
      .where("user_test_id", "=", user_test_id)
      .orderBy("position")
      .execute();
    const last = await latestCorrectness(deps.db, user_test_id);
    const reviewed = await deps.db
      .selectFrom("reviews")
      .select("question_id")
      .where("user_id", "=", c.var.user.id)
      .where("user_test_id", "=", user_test_id)
      .execute();
    const seen = new Set(reviewed.map((r) => r.question_id));
    const reply: QuestionDataReply = {
      user_test: result,
      questions: slots.map((s) => ({
        question_number: s.position,
        question_id: s.question_id,
        question_version: s.question_version,
        answered: last.has(s.question_id),
        correct: result.marked ? (last.get(s.question_id) ?? 0) === 1 : null,
        reviewed: seen.has(s.question_id),
      })),
    };
    return c.json(reply);
  });

  mount(routes.testResults, async (c, { body: { user_test_id } }) => {
    const result = await loadTestResult(deps.db, c.var.user.id, user_test_id);
    if (!result.marked) throw new ApiError("conflict", "This test has not been finished yet");
    return c.text(`/test/results/${user_test_id}`);
  });

  /**
   * The student's own test by type and id, for a link into it: JSON says where the app shows it;
   * a browser (asking for html) is sent there.
   */
  mount(routes.loadTest, async (c, { params: { test_type, test_id } }) => {
    const result = await loadTestResult(deps.db, c.var.user.id, test_id);
    if (result.test_type !== test_type) throw new ApiError("not_found", `Test ${test_id} is not a ${test_type} test`);
    const reply: TestLoadReply = {
      url: result.marked ? `/test/results/${test_id}` : `/test/${test_id}`,
      finished: result.marked,
    };
    if ((c.req.header("Accept") ?? "").includes("text/html")) return c.redirect(reply.url, 302);
    return c.json(reply);
  });

  return app;
}
