/**
 * Spec area: practice builder and exam chooser (study and progress). The lists the builder
 * offers — GET /api/question_subject, /api/question_subtopic?topic_id={id},
 * /api/question_section?subtopic_id={id} (topics: GET /api/question_topic in routes/flagged) —
 * and POST /test/summary/{test_type} for a practice, timed or untimed test of chosen questions.
 * The device builds these tests itself (offline too) with sync-protocol/rules/practice-filter.ts;
 * these calls serve online clients and check what a device would send.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { PASS_PERCENTAGE_DEFAULT } from "@preflight/sync-protocol/rules/constants";
import {
  builtTestTimeLimit,
  type QuestionHeadingsReply,
  type QuestionSubjectsReply,
} from "@preflight/sync-protocol/rules/practice-filter";
import type { TestSummaryReply } from "@preflight/sync-protocol/schemas/fixed";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { bankQuestionIds } from "../question/queries.ts";
import { bankHeadingsUnder, bankSubjects, earlierTestsOf } from "./queries.ts";

export function practiceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  const syllabusOf = (syllabusId: number | null): number => {
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    return syllabusId;
  };

  mount(routes.questionSubjects, async (c, { query }) => {
    const subjects = await bankSubjects(deps.db, syllabusOf(c.var.user.syllabus_id));
    const subjectOnly = query.subject_only;
    const reply: QuestionSubjectsReply = {
      data: { data: subjectOnly ? subjects.map(({ questions: _, ...s }) => s) : subjects },
    };
    return c.json(reply);
  });

  mount(routes.questionSubtopics, async (c, { query }) => {
    const syllabusId = syllabusOf(c.var.user.syllabus_id);
    const reply: QuestionHeadingsReply = {
      data: await bankHeadingsUnder(deps.db, syllabusId, query.topic_id),
    };
    return c.json(reply);
  });

  mount(routes.questionSections, async (c, { query }) => {
    const syllabusId = syllabusOf(c.var.user.syllabus_id);
    const reply: QuestionHeadingsReply = {
      data: await bankHeadingsUnder(deps.db, syllabusId, query.subtopic_id),
    };
    return c.json(reply);
  });

  /** Spec 3, Test summary, for a test of chosen questions: its size, time limit, earlier attempts. */
  mount(routes.builtTestSummary, async (c, { params: { test_type }, body: { question_ids } }) => {
    const user = c.var.user;
    const inBank = new Set(await bankQuestionIds(deps.db, syllabusOf(user.syllabus_id)));
    const missing = question_ids.filter((id) => !inBank.has(id));
    if (missing.length > 0)
      throw new ApiError(
        "bad_request",
        `question_ids: ${missing.length === 1 ? `question ${missing[0]} is` : `questions ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? " …" : ""} are`} not in your question bank`,
      );
    const earlier = await earlierTestsOf(deps.db, user.id, test_type, question_ids);
    const scores = earlier.filter((t) => t.finished).map((t) => t.score ?? 0);
    const reply: TestSummaryReply = {
      total: question_ids.length,
      attempts: 0,
      user_tests_count: earlier.length,
      time_limit: builtTestTimeLimit(test_type, question_ids.length),
      pass_percentage: PASS_PERCENTAGE_DEFAULT,
      score: scores.length ? Math.max(...scores) : null,
    };
    return c.json(reply);
  });
  return app;
}
