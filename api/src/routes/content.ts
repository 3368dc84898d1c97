import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BankReply } from "@preflight/sync-protocol/routes/content";
import { routes } from "@preflight/sync-protocol/routes/index";
import type { QuestionStatsReply } from "@preflight/sync-protocol/schemas/question";
import { Hono } from "hono";
import { loadSyllabusContent } from "../content/subject-content.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { routeMounter } from "../http/mount-route.ts";
import { bankVersion } from "../read/content.ts";
import { contentPackRoutes } from "./content-packs.ts";
import { bankQuestionIds, questionStats } from "./question/queries.ts";

/**
 * The question bank of the student's syllabus as one JSON reply, for online-only clients and
 * tests; the app itself downloads content packs (content-packs.ts).
 */
export function contentRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  app.route("/", contentPackRoutes(deps));
  /**
   * Statistics for the questions of the student's bank, over every student's answers, so the
   * device can show the information card offline. Questions nobody has answered are left out.
   */
  mount(routes.questionStats, async (c) => {
    const syllabusId = c.var.user.syllabus_id;
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    const [ids, stats] = await Promise.all([bankQuestionIds(deps.db, syllabusId), questionStats(deps.db)]);
    const reply: QuestionStatsReply = {
      stats: ids.flatMap((id) => {
        const s = stats.get(id);
        return s ? [{ question_id: id, answered: s.answered, sum_correct: s.sum_correct, updated: s.updated }] : [];
      }),
    };
    return c.json(reply);
  });
  mount(routes.bank, async (c) => {
    const syllabusId = c.var.user.syllabus_id;
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    const version = await bankVersion(deps.db, syllabusId);
    if (c.req.header("If-None-Match") === `"${version}"`) return c.body(null, 304);
    const contents = [...(await loadSyllabusContent(deps.db, syllabusId)).values()].sort((a, b) =>
      a.subject.code.localeCompare(b.subject.code),
    );
    c.header("ETag", `"${version}"`);
    const reply: BankReply = {
      syllabus_id: syllabusId,
      version,
      subjects: contents.filter((s) => s.questions.length > 0).map((s) => s.subject),
      questions: contents.flatMap((s) => s.questions).sort((a, b) => a.id - b.id),
    };
    return c.json(reply);
  });
  return app;
}

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
};

/** Annex and lesson images: immutable files, cached hard by browser and worker alike. */
export function imageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  routeMounter(app, deps)(routes.contentImage, async (c, { params: { file } }) => {
    // The entry's schema allows only a plain file name with an image extension.
    const type = IMAGE_TYPES[file.slice(file.lastIndexOf(".") + 1)];
    if (!deps.imagesDir || !type) throw new ApiError("not_found", "No such image");
    try {
      const bytes = await readFile(join(deps.imagesDir, file));
      c.header("Content-Type", type);
      c.header("Cache-Control", "public, max-age=86400");
      return c.body(bytes);
    } catch {
      throw new ApiError("not_found", "No such image");
    }
  });
  return app;
}
