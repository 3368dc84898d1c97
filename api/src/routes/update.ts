import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";

/**
 * POST /update/update-syllabus (spec): the updater asks for the student's syllabus before it
 * lists updates. A truthy syllabus_sync_response means the student has one.
 */
export function updateRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post("/update/update-syllabus", async (c) => {
    const syllabusId = c.var.user.syllabus_id;
    const syllabus =
      syllabusId === null
        ? null
        : await deps.db.selectFrom("syllabi").select(["id", "title"]).where("id", "=", syllabusId).executeTakeFirst();
    return c.json({ syllabus_sync_response: syllabus ?? null });
  });
}
