/**
 * Spec area: the analysis graphs (study: Report selector page, Analysis by topic page, Reset
 * progress). GET /analysis/subject, GET /analysis/average-timed and GET /analysis/topic/{subject_id}
 * answer with the rule the device draws its graphs with (sync-protocol/rules/analysis.ts), over
 * the server's tables. The reset is a queued write (effects.ts), also mounted for direct calls as
 * POST and as the spec's GET.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { averageMockExamScores, percentageAnswered, topicAnalysis } from "@preflight/sync-protocol/rules/analysis";
import type {
  AverageMockExamReply,
  PercentageAnsweredReply,
  TopicAnalysisReply,
} from "@preflight/sync-protocol/schemas/analysis";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { sameOriginPageOnly } from "../../http/same-origin.ts";
import type { Replayer } from "../../sync/replay.ts";
import { unknownSubject } from "./effects.ts";
import { analysisInput, headingTitles, syllabusOf } from "./queries.ts";

export function analysisRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.percentageAnswered, async (c) => {
    const user = c.var.user;
    const reply: PercentageAnsweredReply = percentageAnswered(
      await analysisInput(deps.db, user.id, syllabusOf(user.syllabus_id)),
    );
    return c.json(reply);
  });

  mount(routes.averageMockExams, async (c) => {
    const user = c.var.user;
    const reply: AverageMockExamReply = averageMockExamScores(
      await analysisInput(deps.db, user.id, syllabusOf(user.syllabus_id)),
    );
    return c.json(reply);
  });

  mount(routes.topicAnalysis, async (c, { params: { subject_id } }) => {
    const user = c.var.user;
    const [input, titles] = await Promise.all([
      analysisInput(deps.db, user.id, syllabusOf(user.syllabus_id)),
      headingTitles(deps.db, subject_id),
    ]);
    const reply: TopicAnalysisReply | null = topicAnalysis(subject_id, input, titles);
    if (!reply) throw unknownSubject(subject_id);
    return c.json(reply);
  });

  // The spec's call is a GET; the device queues it as a POST like every other write. The GET
  // form resets only when the app's own page sends it, never from a link on another site.
  mount(routes.resetProgress, replayer);
  mount(routes.resetProgressGet, replayer, { before: [sameOriginPageOnly()] });

  return app;
}
