/**
 * Spec area: flagged questions. POST /api/user/flagged (optional ?page={n}) answers the
 * Flagged Questions list for a filter {contains, subject, topic} with the rule the device uses
 * offline (sync-protocol/rules/flagged.ts); GET /api/question_topic?subject_code={code} lists
 * the topics that filter offers. Flagging itself is a queued write (routes/question).
 */
import {
  type FlaggedReply,
  flaggedFilterSchema,
  flaggedListShown,
  flaggedPage,
  flaggedPageQuerySchema,
  flaggedQuestionNumber,
  matchesFlaggedFilter,
  type QuestionTopicsReply,
  questionTopicQuerySchema,
} from "@preflight/sync-protocol/rules/flagged";
import { Hono, type MiddlewareHandler } from "hono";
import { requireUser } from "../../auth/session.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { validate } from "../../validate.ts";
import { bankTopics, currentQuestions, flaggedItem, flagStamps, seenInExamOf } from "./queries.ts";

export function flaggedRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Flagging is an optional component (PREFLIGHT_FEATURES); switched off, its list is gone too.
  const flaggingOn: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (deps.features && !deps.features.flagged) throw new ApiError("not_found", "Flagged questions are not enabled");
    await next();
  };
  for (const path of ["/api/user/flagged", "/api/question_topic"]) app.use(path, requireUser(deps), flaggingOn);

  app.post(
    "/api/user/flagged",
    validate("query", flaggedPageQuerySchema),
    validate("json", flaggedFilterSchema),
    async (c) => {
      const filter = c.req.valid("json");
      const page = c.req.valid("query").page ?? 1;
      const userId = c.var.user.id;
      const stamps = await flagStamps(deps.db, userId);
      const all = stamps.map((s) => s.questionId);
      const questions = flaggedListShown(filter) ? await currentQuestions(deps.db, all) : new Map();
      const listed = all.flatMap((id) => {
        const question = questions.get(id);
        return question && matchesFlaggedFilter(question, filter) ? [question] : [];
      });
      const { data, ...paging } = flaggedPage(listed, page);
      const seen = await seenInExamOf(
        deps.db,
        userId,
        data.map((q) => q.id),
      );
      const reply: FlaggedReply = {
        all,
        data: data.map((q, i) => flaggedItem(q, flaggedQuestionNumber(page, i), seen.get(q.id) ?? [])),
        ...paging,
      };
      return c.json(reply);
    },
  );

  app.get("/api/question_topic", validate("query", questionTopicQuerySchema), async (c) => {
    const syllabusId = c.var.user.syllabus_id;
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    const reply: QuestionTopicsReply = {
      data: await bankTopics(deps.db, syllabusId, c.req.valid("query").subject_code),
    };
    return c.json(reply);
  });
  return app;
}
