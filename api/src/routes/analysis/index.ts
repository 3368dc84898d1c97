import { routes } from "@preflight/sync-protocol/routes/index";
/**
 * Spec area: the analysis graphs (study: Report selector page, Analysis by topic page, Reset
 * progress). GET /analysis/subject, GET /analysis/average-timed and GET /analysis/topic/{subject_id}
 * answer with the rule the device draws its graphs with (sync-protocol/rules/analysis.ts), over
 * the server's tables. The reset is a queued write (effects.ts), also mounted for direct calls as
 * POST and as the spec's GET.
 */
import { averageMockExamScores, percentageAnswered, topicAnalysis } from "@preflight/sync-protocol/rules/analysis";
import {
  type AverageMockExamReply,
  analysisSubjectParamsSchema,
  type PercentageAnsweredReply,
  type TopicAnalysisReply,
} from "@preflight/sync-protocol/schemas/analysis";
import { Hono } from "hono";
import { requireUser } from "../../auth/session.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";
import { validate } from "../../validate.ts";
import { unknownSubject } from "./effects.ts";
import { analysisInput, headingTitles, syllabusOf } from "./queries.ts";

export function analysisRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  // Not "/analysis/*": GET /analysis is the page the web app answers.
  const signedIn = requireUser(deps);
  for (const path of ["/analysis/subject", "/analysis/average-timed", "/analysis/topic/*", "/analysis/progress/*"])
    app.use(path, signedIn);

  app.get("/analysis/subject", async (c) => {
    const user = c.var.user;
    const reply: PercentageAnsweredReply = percentageAnswered(
      await analysisInput(deps.db, user.id, syllabusOf(user.syllabus_id)),
    );
    return c.json(reply);
  });

  app.get("/analysis/average-timed", async (c) => {
    const user = c.var.user;
    const reply: AverageMockExamReply = averageMockExamScores(
      await analysisInput(deps.db, user.id, syllabusOf(user.syllabus_id)),
    );
    return c.json(reply);
  });

  app.get("/analysis/topic/:subject_id", validate("param", analysisSubjectParamsSchema), async (c) => {
    const user = c.var.user;
    const { subject_id } = c.req.valid("param");
    const [input, titles] = await Promise.all([
      analysisInput(deps.db, user.id, syllabusOf(user.syllabus_id)),
      headingTitles(deps.db, subject_id),
    ]);
    const reply: TopicAnalysisReply | null = topicAnalysis(subject_id, input, titles);
    if (!reply) throw unknownSubject(subject_id);
    return c.json(reply);
  });

  // The spec's call is a GET; the device queues it as a POST like every other write.
  mount(routes.resetProgress, replayer);
  mount(routes.resetProgressGet, replayer);

  return app;
}
