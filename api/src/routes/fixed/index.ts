/**
 * Spec area: fixed tests and previous tests (study and progress). Reads only, plus the
 * password check, which records that this student gave the password so a start queued
 * later (offline too) is accepted on replay.
 */
import { routes } from "@preflight/sync-protocol/routes/index";

import { PASS_PERCENTAGE_DEFAULT, type TestType } from "@preflight/sync-protocol/rules/constants";
import { FIXED_TEST_MESSAGES } from "@preflight/sync-protocol/rules/fixed-tests";
import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import { withholdAnswers } from "@preflight/sync-protocol/rules/withheld-answers";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type {
  FixedTestsReply,
  PreviousTestsReply,
  TestSummaryReply,
  VerifyPasswordReply,
} from "@preflight/sync-protocol/schemas/fixed";
import { Hono } from "hono";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, bucket, clearFailures, countFailure, refuseWhileLimited } from "../../auth/limits-store.ts";
import { verifyPassword } from "../../auth/password.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { conditionalJson } from "../../http/conditional-json.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { hideFixedResults, privacyOf } from "../../read/result-visibility.ts";
import { attemptsUsed, fixedTestsOf, loadFixedTest, questionIdsOf } from "./queries.ts";

export function fixedRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  /** The student's fixed tests with their questions, so the device can open them offline. */
  mount(routes.fixedTests, async (c) => {
    const user = c.var.user;
    const tests = await fixedTestsOf(deps.db, user);
    const used = await attemptsUsed(
      deps.db,
      user.id,
      tests.map((t) => t.id),
    );
    const ids = [...new Set(tests.flatMap(questionIdsOf))];
    // A question any of these tests shows with its answers is not withheld by the others.
    const shown = new Set(tests.filter((t) => t.hide_answers !== 1).flatMap(questionIdsOf));
    const questions = await currentQuestions(deps, ids, (id) => !shown.has(id));
    const version = new Map(questions.map((q) => [q.id, q.version]));
    const reply: FixedTestsReply = {
      tests: tests.map((t) => {
        const questionIds = questionIdsOf(t).filter((id) => version.has(id));
        return {
          id: t.id,
          title: t.title,
          time_limit: t.time_limit,
          password_access: t.password_hash !== null,
          disabled_reason: t.disabled_reason,
          attempts: t.attempts,
          user_tests_count: used.get(t.id) ?? 0,
          pass_percentage: t.pass_percentage,
          hide_results: t.hide_results === 1,
          hide_answers: t.hide_answers === 1,
          opens_at: t.opens_at ?? null,
          closes_at: t.closes_at ?? null,
          question_ids: questionIds,
          question_versions: questionIds.map((id) => version.get(id) as number),
        };
      }),
      questions,
      hide_fixed_results: await hideFixedResults(deps.db),
    };
    // Asked for at every start of the app: unchanged, it costs the device a 304 and nothing to parse.
    return conditionalJson(c, reply);
  });

  /** Checks a fixed test's password; a right one is remembered for this student and password. */
  mount(routes.verifyPassword, async (c, { body: { test_id, password } }) => {
    const user = c.var.user;
    const test = await loadFixedTest(deps.db, user, test_id);
    if (test.password_hash === null) {
      const reply: VerifyPasswordReply = { success: true, message: "This test does not need a password" };
      return c.json(reply);
    }
    const student = bucket(LIMITS.fixedPasswordUser, user.id);
    const address = addressBucket(LIMITS.fixedPasswordAddress, deps, c);
    await refuseWhileLimited(deps, c, student, address);
    if (!(await verifyPassword(password, test.password_hash))) {
      await countFailure(deps, student, address);
      const reply: VerifyPasswordReply = { success: false, message: FIXED_TEST_MESSAGES.passwordWrong };
      return c.json(reply);
    }
    await clearFailures(deps, student);
    const now = deps.clock.now().toISOString();
    await deps.db
      .insertInto("fixed_test_access")
      .values({ user_id: user.id, fixed_test_id: test.id, password_hash: test.password_hash, granted_at: now })
      .onConflict((oc) =>
        oc
          .columns(["user_id", "fixed_test_id"])
          .doUpdateSet({ password_hash: test.password_hash ?? "", granted_at: now }),
      )
      .execute();
    const reply: VerifyPasswordReply = { success: true, message: FIXED_TEST_MESSAGES.passwordAccepted };
    return c.json(reply);
  });

  /** Spec 3, Test summary, for one fixed test: its size, limits and the student's attempts. */
  mount(routes.testSummary, async (c, { params: { test_id } }) => {
    const user = c.var.user;
    const test = await loadFixedTest(deps.db, user, test_id);
    const attempts = await deps.db
      .selectFrom("user_tests")
      .select(["score", "finished_at", "test_type", "hide_results", "hide_answers"])
      .where("user_id", "=", user.id)
      .where("fixed_test_id", "=", test.id)
      .execute();
    const hideAll = await hideFixedResults(deps.db);
    const scores = attempts
      .filter((a) => a.finished_at !== null && resultVisibility(privacyOf(a), hideAll).score)
      .map((a) => a.score ?? 0);
    const reply: TestSummaryReply = {
      total: questionIdsOf(test).length,
      attempts: test.attempts,
      user_tests_count: attempts.length,
      time_limit: test.time_limit,
      pass_percentage: test.pass_percentage ?? PASS_PERCENTAGE_DEFAULT,
      score: scores.length ? Math.max(...scores) : null,
    };
    return c.json(reply);
  });

  /** The student's finished tests, newest first; hidden results carry no score and no pass. */
  mount(routes.previousTests, async (c) => {
    const user = c.var.user;
    const hideAll = await hideFixedResults(deps.db);
    const rows = await deps.db
      .selectFrom("user_tests")
      .leftJoin("user_test_questions", "user_test_questions.user_test_id", "user_tests.id")
      .select((eb) => [
        "user_tests.id",
        "user_tests.title",
        "user_tests.test_type",
        "user_tests.started",
        "user_tests.score",
        "user_tests.total_score",
        "user_tests.pass",
        "user_tests.hide_results",
        "user_tests.hide_answers",
        eb.fn.count<number>("user_test_questions.position").as("questions"),
      ])
      .where("user_tests.user_id", "=", user.id)
      .where("user_tests.finished_at", "is not", null)
      .groupBy([
        "user_tests.id",
        "user_tests.title",
        "user_tests.test_type",
        "user_tests.started",
        "user_tests.score",
        "user_tests.total_score",
        "user_tests.pass",
        "user_tests.hide_results",
        "user_tests.hide_answers",
      ])
      .orderBy("user_tests.started", "desc")
      .execute();
    const reply: PreviousTestsReply = {
      tests: rows.map((r) => {
        const visible = resultVisibility(privacyOf(r), hideAll);
        return {
          id: r.id,
          title: r.title,
          marked: true,
          started: r.started,
          score: visible.score ? r.score : null,
          total_score: r.total_score,
          pass: visible.pass && r.pass !== null ? r.pass === 1 : null,
          test_type: r.test_type as TestType,
          hide_results: r.hide_results === 1,
          questions: Number(r.questions),
        };
      }),
      hide_fixed_results: hideAll,
    };
    return c.json(reply);
  });

  return app;
}

/**
 * Questions at their current version, as the bank download sends them; a school's own question
 * whose answers every test holding it hides goes without them (rules/withheld-answers.ts).
 */
async function currentQuestions(
  deps: AppDeps,
  ids: number[],
  answersHidden: (id: number) => boolean,
): Promise<FixedTestsReply["questions"]> {
  const out: FixedTestsReply["questions"] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await deps.db
      .selectFrom("questions")
      .innerJoin("question_versions", (j) =>
        j
          .onRef("question_versions.question_id", "=", "questions.id")
          .onRef("question_versions.version", "=", "questions.current_version"),
      )
      .select(["questions.id", "questions.current_version", "questions.school_id", "question_versions.content"])
      .where("questions.id", "in", ids.slice(i, i + 500))
      .where("questions.retired_at", "is", null)
      .execute();
    for (const row of rows) {
      const question = JSON.parse(row.content) as BankQuestion;
      const withheld = row.school_id !== null && answersHidden(row.id);
      out.push({ ...(withheld ? withholdAnswers(question) : question), version: row.current_version });
    }
  }
  return out;
}
