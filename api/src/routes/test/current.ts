/**
 * The online-only calls made during a test (spec 7, base path /test/current/): serve one
 * question, the list of the test's questions, and the next/prev activity pings. The device
 * takes a test from its own store; these serve a client that is online only.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import type { CurrentQuestionReply, SuccessReply, TestQuestionsReply } from "@preflight/sync-protocol/schemas/question";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { touchActivity } from "../activity/index.ts";
import { loadTestQuestion, revealsAnswers } from "../question/queries.ts";
import { latestCorrectness, loadOwnTest } from "./queries.ts";

export function currentTestRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  /** With question_position: that question. Without (the reload form): the last one served. */
  mount(routes.currentQuestion, async (c, { body: { user_test_id, question_position } }) => {
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

  for (const ping of [routes.nextQuestion, routes.prevQuestion]) {
    mount(ping, async (c, { body }) => {
      await loadOwnTest(deps.db, c.var.user.id, body.user_test_id);
      await touchActivity(deps.db, c.var.user.id, deps.clock.now());
      const reply: SuccessReply = { success: true };
      return c.json(reply);
    });
  }

  /** The test's questions; `correct` stays null while the test hides answers. */
  mount(routes.testQuestions, async (c, { body }) => {
    const test = await loadOwnTest(deps.db, c.var.user.id, body.user_test_id);
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
