/**
 * Spec area: the syllabus page (study and progress). Syllabi and the active one, the student's
 * modules with pass, completed and targets per part, the last progress-test result for the retry
 * interval, the content check before a test, and lesson progress (queued, also a direct route).
 */
import { routes } from "@preflight/sync-protocol/routes/index";

import { ACCESS_MESSAGES, retryCheck } from "@preflight/sync-protocol/rules/part-access";
import {
  type DownloadUpdateReply,
  type LastPtResultReply,
  type LessonsCheckReply,
  lastPtResultReplySchema,
  type SyllabiReply,
  type UserModulesReply,
} from "@preflight/sync-protocol/schemas/syllabus";
import { type Context, Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { lessonsByIds, syllabusById } from "../../read/syllabus.ts";
import type { Replayer } from "../../sync/replay.ts";
import { partOfProgressTest, studentModules, syllabusOf } from "./queries.ts";
import { verifyQuestions } from "./verify.ts";

export function syllabusRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  /** The syllabi the student may study (the selector shows with more than one), and the active one. */
  mount(routes.syllabi, async (c) => {
    const user = c.var.user;
    const ids = await syllabusIdsOf(deps, user);
    const rows = ids.length
      ? await deps.db.selectFrom("syllabi").select(["id", "title"]).where("id", "in", ids).orderBy("id").execute()
      : [];
    const reply: SyllabiReply = {
      syllabi: rows,
      active_syllabus: user.syllabus_id === null ? null : { id: user.syllabus_id },
    };
    return c.json(reply);
  });

  /** Switches the active syllabus (online only), or with an empty body answers the current one's modules. */
  mount(routes.activeSyllabus, async (c, { body }) => {
    const user = c.var.user;
    let syllabusId = user.syllabus_id;
    if (body.syllabus !== undefined) {
      if (!(await syllabusIdsOf(deps, user)).includes(body.syllabus))
        throw new ApiError("forbidden", `Syllabus ${body.syllabus} is not one of your syllabi`);
      syllabusId = body.syllabus;
    }
    const id = syllabusOf({ syllabus_id: syllabusId });
    const modules = await studentModules(deps.db, { id: user.id, syllabus_id: id });
    if (body.module !== undefined && !modules.some((m) => m.id === body.module))
      throw new ApiError("bad_request", `Module ${body.module} is not part of syllabus ${id}`);
    if (id !== user.syllabus_id)
      await deps.db.updateTable("users").set({ syllabus_id: id }).where("id", "=", user.id).execute();
    return c.json(await modulesReply(deps, id, modules));
  });

  /** The student's modules with pass, completed, attempts and target per part. */
  mount(routes.userModules, async (c) => {
    const id = syllabusOf(c.var.user);
    return c.json(await modulesReply(deps, id, await studentModules(deps.db, { id: c.var.user.id, syllabus_id: id })));
  });

  /** The retry interval after a failed attempt: may the student take the progress test now? */
  mount(routes.lastProgressTestResult, async (c, { params: { id } }) => {
    const user = c.var.user;
    const modules = await studentModules(deps.db, { id: user.id, syllabus_id: syllabusOf(user) });
    const { part } = partOfProgressTest(modules, id);
    const check = retryCheck(part.retry_interval_minutes, part.last_result, deps.clock.now());
    const reply: LastPtResultReply = lastPtResultReplySchema.parse(check);
    return c.json(reply);
  });

  /** Does the device hold the content the test needs (its pack versions per subject)? */
  mount(routes.verifyQuestions, async (c, { body }) => c.json(await verifyQuestions(deps.db, c.var.user, body)));

  /** For online-only clients: the test's content is the server's newest, so only its presence is checked. */
  mount(routes.downloadUpdate, async (c) => {
    const release = await deps.db
      .selectFrom("content_releases")
      .select((eb) => eb.fn.max("version").as("version"))
      .executeTakeFirst();
    const version = Number(release?.version ?? 0);
    const reply: DownloadUpdateReply =
      version > 0
        ? { success: true, message: `The latest questions (release ${version}) are ready.` }
        : { success: false, message: ACCESS_MESSAGES.testUpdateFailed };
    return c.json(reply);
  });

  /**
   * check-lessons asks, check-lessons-status polls: are the syllabus's lessons ready to download?
   * A lesson is ready when it has pages; one without is what the device calls 'Lesson unavailable'.
   */
  const lessonsCheck = async (c: Context<AppEnv>) => {
    const user = c.var.user;
    const modules = await studentModules(deps.db, { id: user.id, syllabus_id: syllabusOf(user) });
    const ids = [
      ...new Set(modules.flatMap((m) => m.parts.flatMap((p) => (p.type === "lesson" ? [p.content.id] : [])))),
    ];
    const rows = await lessonsByIds(deps.db, ids);
    const available = rows.filter((r) => (JSON.parse(r.pages) as unknown[]).length > 0).length;
    const reply: LessonsCheckReply = {
      status: available === ids.length ? "complete" : "incomplete",
      percentage: ids.length === 0 ? 100 : Math.floor((available / ids.length) * 100),
      lessons: { available, total: ids.length },
    };
    return c.json(reply);
  };
  mount(routes.checkLessons, lessonsCheck);
  mount(routes.checkLessonsStatus, lessonsCheck);

  mount(routes.lessonProgress, replayer);
  return app;
}

/** The syllabus choices of the student's licence (spec: each licence has its syllabus choices). */
async function syllabusIdsOf(deps: AppDeps, user: { syllabus_id: number | null }): Promise<number[]> {
  if (user.syllabus_id === null) return [];
  const rows = await deps.db
    .selectFrom("syllabi as s")
    .innerJoin("syllabi as own", "own.licence", "s.licence")
    .select("s.id")
    .where("own.id", "=", user.syllabus_id)
    .where("s.active", "=", 1)
    .orderBy("s.id")
    .execute();
  const ids = new Set(rows.map((r) => r.id));
  ids.add(user.syllabus_id);
  return [...ids].sort((a, b) => a - b);
}

async function modulesReply(
  deps: AppDeps,
  syllabusId: number,
  modules: UserModulesReply["modules"],
): Promise<UserModulesReply> {
  const syllabus = await syllabusById(deps.db, syllabusId);
  // The student's own syllabus (a foreign key): missing, it is a server fault.
  if (!syllabus) throw new Error(`No syllabus ${syllabusId}`);
  return { syllabus: { id: syllabus.id, title: syllabus.title }, modules };
}
