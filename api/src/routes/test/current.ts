/**
 * The online-only calls made during a test (spec 7, base path /test/current/): serve one
 * question, the list of the test's questions, and the next/prev activity pings. The device
 * takes a test from its own store; these serve a client that is online only.
 */
import {
  type CurrentQuestionReply,
  currentQuestionRequestSchema,
  type SuccessReply,
  type TestQuestionsReply,
  userTestIdSchema,
} from "@preflight/sync-protocol/schemas/question";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { validate } from "../../validate.ts";
import { touchActivity } from "../activity/index.ts";
import { loadTestQuestion, revealsAnswers } from "../question/queries.ts";
import { latestCorrectness, loadOwnTest } from "./queries.ts";

export function currentTestRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  /** With question_position: that question. Without (the reload form): the last one served. */
  app.post("/test/current/question", validate("json", currentQuestionRequestSchema), async (c) => {
    const { user_test_id, question_position } = c.req.valid("json");
    const test = await loadOwnTest(deps.db, c.var.user.id, user_test_id);
    const total = await deps.db
      .selectFrom("user_test_questions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_test_id", "=", test.id)
      .executeTakeFirstOrThrow();
    const count = Number(total.n);
    const position = question_position ?? Math.min(test.last_position, Math.max(count, 1));
    await touchActivity(deps.db, c.var.user.id, deps.clock.now());
    if (count === 0 || position > count) {
      const reply: CurrentQuestionReply = {
        success: false,
        message:
          count === 0
            ? "No questions found in test"
            : `There is no question ${position} in this test: it has ${count} question${count === 1 ? "" : "s"}.`,
        question: null,
        position,
      };
      return c.json(reply);
    }
    const question = await loadTestQuestion(deps.db, c.var.user.id, test, position);
    if (test.finished_at === null) {
      // A finished test is immutable; a running one remembers where the student is.
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("user_test_questions")
          .set({ accessed: 1 })
          .where("user_test_id", "=", test.id)
          .where("position", "=", position)
          .execute();
        await trx.updateTable("user_tests").set({ last_position: position }).where("id", "=", test.id).execute();
      });
    }
    const reply: CurrentQuestionReply = { success: true, message: "", question, position };
    return c.json(reply);
  });

  for (const ping of ["/test/current/next", "/test/current/prev"]) {
    app.post(ping, validate("json", userTestIdSchema), async (c) => {
      await loadOwnTest(deps.db, c.var.user.id, c.req.valid("json").user_test_id);
      await touchActivity(deps.db, c.var.user.id, deps.clock.now());
      const reply: SuccessReply = { success: true };
      return c.json(reply);
    });
  }

  /** The test's questions; `correct` stays null while the test hides answers. */
  app.post("/test/current/test-question", validate("json", userTestIdSchema), async (c) => {
    const test = await loadOwnTest(deps.db, c.var.user.id, c.req.valid("json").user_test_id);
    const slots = await deps.db
      .selectFrom("user_test_questions")
      .select(["position", "question_id", "accessed"])
      .where("user_test_id", "=", test.id)
      .orderBy("position")
      .execute();
    const latest = await latestCorrectness(deps.db, test.id);
    const reveal = revealsAnswers(test);
    const finished = test.finished_at !== null;
    const reply: TestQuestionsReply = {
      user_test_questions: slots.map((s) => {
        const answered = latest.has(s.question_id);
        const correct = !reveal ? null : answered ? latest.get(s.question_id) === 1 : finished ? false : null;
        return {
          question_number: s.position,
          question_id: s.question_id,
          answered,
          accessed: s.accessed === 1 || answered,
          correct,
        };
      }),
    };
    return c.json(reply);
  });

  return app;
}
