/**
 * Spec area: practice builder and exam chooser (study and progress). The lists the builder
 * offers — GET /api/question_subject, /api/question_subtopic?topic_id={id},
 * /api/question_section?subtopic_id={id} (topics: GET /api/question_topic in routes/flagged) —
 * and POST /test/summary/{test_type} for a practice, timed or untimed test of chosen questions.
 * The device builds these tests itself (offline too) with sync-protocol/rules/practice-filter.ts;
 * these calls serve online clients and check what a device would send.
 */
import { PASS_PERCENTAGE_DEFAULT } from "@preflight/sync-protocol/rules/constants";
import {
  builtSummaryParamsSchema,
  builtSummaryRequestSchema,
  builtTestTimeLimit,
  type QuestionHeadingsReply,
  type QuestionSubjectsReply,
  questionSectionQuerySchema,
  questionSubjectQuerySchema,
  questionSubtopicQuerySchema,
} from "@preflight/sync-protocol/rules/practice-filter";
import type { TestSummaryReply } from "@preflight/sync-protocol/schemas/fixed";
import { Hono } from "hono";
import { requireUser } from "../../auth/session.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { validate } from "../../validate.ts";
import { bankQuestionIds } from "../question/queries.ts";
import { bankHeadingsUnder, bankSubjects, earlierTestsOf } from "./queries.ts";

export function practiceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // POSTs under /test/ are signed in by createApp; these reads are signed in here.
  for (const path of ["/api/question_subject", "/api/question_subtopic", "/api/question_section"])
    app.use(path, requireUser(deps));

  const syllabusOf = (syllabusId: number | null): number => {
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    return syllabusId;
  };

  app.get("/api/question_subject", validate("query", questionSubjectQuerySchema), async (c) => {
    const subjects = await bankSubjects(deps.db, syllabusOf(c.var.user.syllabus_id));
    const subjectOnly = c.req.valid("query").subject_only;
    const reply: QuestionSubjectsReply = {
      data: { data: subjectOnly ? subjects.map(({ questions: _, ...s }) => s) : subjects },
    };
    return c.json(reply);
  });

  app.get("/api/question_subtopic", validate("query", questionSubtopicQuerySchema), async (c) => {
    const syllabusId = syllabusOf(c.var.user.syllabus_id);
    const reply: QuestionHeadingsReply = {
      data: await bankHeadingsUnder(deps.db, syllabusId, c.req.valid("query").topic_id),
    };
    return c.json(reply);
  });

  app.get("/api/question_section", validate("query", questionSectionQuerySchema), async (c) => {
    const syllabusId = syllabusOf(c.var.user.syllabus_id);
    const reply: QuestionHeadingsReply = {
      data: await bankHeadingsUnder(deps.db, syllabusId, c.req.valid("query").subtopic_id),
    };
    return c.json(reply);
  });

  /** Spec 3, Test summary, for a test of chosen questions: its size, time limit, earlier attempts. */
  app.post(
    "/test/summary/:test_type",
    validate("param", builtSummaryParamsSchema),
    validate("json", builtSummaryRequestSchema),
    async (c) => {
      const { test_type } = c.req.valid("param");
      const { question_ids } = c.req.valid("json");
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
    },
  );
  return app;
}
