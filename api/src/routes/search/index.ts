/**
 * Lesson search for online-only clients (spec study 7: POST /search, GET /search/subjects). The
 * app itself searches the lessons on the device; both apply the shared rule of
 * sync-protocol/rules/lesson-search.ts, so a term finds the same pages either way.
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import { searchableLesson, searchPages } from "@preflight/sync-protocol/rules/lesson-search";
import type { SearchReply, SearchSubjectsReply } from "@preflight/sync-protocol/schemas/lessons";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { lessonStates, lessonsOfSyllabus } from "./queries.ts";

export function searchRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const mount = routeMounter(app, deps);

  mount(routes.search, async (c, { body: request }) => {
    const user = c.var.user;
    let lessons = await lessonsOfSyllabus(deps.db, user.syllabus_id);
    if (request.subject !== "all") lessons = lessons.filter((l) => l.subject === request.subject);
    if (request.lessons !== "all") {
      const states = await lessonStates(deps.db, user.id);
      lessons = lessons.filter((l) => {
        const state = states.get(l.id);
        return request.lessons === "completed" ? state === "completed" : state !== undefined;
      });
    }
    const reply: SearchReply = {
      results: searchPages(lessons.flatMap(searchableLesson), {
        term: request.search_term,
        wholeWord: request.whole_word,
      }),
    };
    return c.json(reply);
  });

  mount(routes.searchSubjects, async (c) => {
    const lessons = await lessonsOfSyllabus(deps.db, c.var.user.syllabus_id);
    const codes = [...new Set(lessons.map((l) => l.subject))];
    const subjects = codes.length
      ? await deps.db
          .selectFrom("subjects")
          .select(["code", "title"])
          .where("code", "in", codes)
          .orderBy("code")
          .execute()
      : [];
    const reply: SearchSubjectsReply = {
      subjects: subjects.map((s) => ({ id: s.code, code: s.code, title: s.title })),
    };
    return c.json(reply);
  });
  return app;
}
