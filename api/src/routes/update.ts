import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { routeMounter } from "../http/mount-route.ts";
import { syllabusById } from "../read/syllabus.ts";

/**
 * POST /update/update-syllabus (spec): the updater asks for the student's syllabus before it
 * lists updates. A truthy syllabus_sync_response means the student has one.
 */
export function updateRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  routeMounter(app, deps)(routes.updateSyllabus, async (c) => {
    const syllabusId = c.var.user.syllabus_id;
    const syllabus = syllabusId === null ? undefined : await syllabusById(deps.db, syllabusId);
    return c.json({ syllabus_sync_response: syllabus ? { id: syllabus.id, title: syllabus.title } : null });
  });
  return app;
}
