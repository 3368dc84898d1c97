import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { QuestionStatsReply } from "@preflight/sync-protocol/schemas/question";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { contentPackRoutes } from "./content-packs.ts";
import { bankQuestionIds, questionStats } from "./question/queries.ts";

export interface BankReply {
  syllabus_id: number;
  version: string;
  subjects: { code: string; title: string }[];
  questions: (BankQuestion & { version: number })[];
}

/**
 * The question bank of the student's syllabus, for the device to keep. (The versioned content
 * packs with deltas replace this single download; the payload shape stays.)
 */
export function contentRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.route("/", contentPackRoutes(deps));
  /**
   * Statistics for the questions of the student's bank, over every student's answers, so the
   * device can show the information card offline. Questions nobody has answered are left out.
   */
  app.get("/question-stats", async (c) => {
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
  return app.get("/bank", async (c) => {
    const syllabusId = c.var.user.syllabus_id;
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    const syllabus = await deps.db
      .selectFrom("syllabi")
      .selectAll()
      .where("id", "=", syllabusId)
      .executeTakeFirstOrThrow();
    const rows = await deps.db
      .selectFrom("questions")
      .innerJoin("question_versions", (j) =>
        j
          .onRef("question_versions.question_id", "=", "questions.id")
          .onRef("question_versions.version", "=", "questions.current_version"),
      )
      .select([
        "questions.id",
        "questions.current_version",
        "questions.editions",
        "questions.example",
        "question_versions.content",
      ])
      .where("questions.retired_at", "is", null)
      .orderBy("questions.id")
      .execute();
    const questions = rows
      .filter((r) => (JSON.parse(r.editions) as string[]).includes(syllabus.edition))
      .filter((r) => syllabus.include_examples === 1 || r.example === 0)
      .map((r) => ({ ...(JSON.parse(r.content) as BankQuestion), version: r.current_version }));
    const subjectCodes = [...new Set(questions.map((q) => q.subject))];
    const subjects = subjectCodes.length
      ? await deps.db.selectFrom("subjects").selectAll().where("code", "in", subjectCodes).orderBy("code").execute()
      : [];
    const version = createHash("sha256")
      .update(rows.map((r) => `${r.id}:${r.current_version}`).join(","))
      .update(String(syllabusId))
      .digest("hex")
      .slice(0, 16);
    if (c.req.header("If-None-Match") === `"${version}"`) return c.body(null, 304);
    c.header("ETag", `"${version}"`);
    const reply: BankReply = { syllabus_id: syllabusId, version, subjects, questions };
    return c.json(reply);
  });
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
  return new Hono().get("/:file", async (c) => {
    const file = c.req.param("file");
    const ext = /^[a-z0-9][a-z0-9._-]*\.([a-z]+)$/.exec(file)?.[1];
    const type = ext ? IMAGE_TYPES[ext] : undefined;
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
}
