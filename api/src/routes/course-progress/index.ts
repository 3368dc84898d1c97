/**
 * Spec area: the course progress graph 'My Progress'. GET /analysis/course (the full course) and
 * GET /analysis/course/{module} (one module) answer summary and averaged (Target and Completed
 * over dates) with the rule the device draws its chart with offline
 * (sync-protocol/rules/course-progress.ts), from the server's own tables.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { courseProgress, progressScope } from "@preflight/sync-protocol/rules/course-progress";
import type { CourseProgressReply } from "@preflight/sync-protocol/schemas/analysis-course";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { studentModules, syllabusOf } from "../syllabus/queries.ts";
import { completionFacts } from "./queries.ts";

export function courseProgressRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  const reply = async (user: AppEnv["Variables"]["user"], moduleId: number | null): Promise<CourseProgressReply> => {
    const syllabusId = syllabusOf(user);
    const [modules, facts] = await Promise.all([
      studentModules(deps.db, { id: user.id, syllabus_id: syllabusId }),
      completionFacts(deps.db, user.id),
    ]);
    const scope = progressScope(modules, moduleId);
    if (!scope) throw new ApiError("not_found", `No module ${moduleId} in your syllabus`);
    return courseProgress(scope, facts, deps.clock.now());
  };

  mount(routes.courseProgress, async (c) => c.json(await reply(c.var.user, null)));
  mount(routes.moduleProgress, async (c, { params }) => c.json(await reply(c.var.user, params.module)));
  return app;
}
