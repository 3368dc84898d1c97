/**
 * Spec area: flagged questions. POST /api/user/flagged (optional ?page={n}) answers the
 * Flagged Questions list for a filter {contains, subject, topic} with the rule the device uses
 * offline (sync-protocol/rules/flagged.ts); GET /api/question_topic?subject_code={code} lists
 * the topics that filter offers. Flagging itself is a queued write (routes/question).
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  type FlaggedReply,
  flaggedListShown,
  flaggedPage,
  flaggedQuestionNumber,
  matchesFlaggedFilter,
  type QuestionTopicsReply,
} from "@preflight/sync-protocol/rules/flagged";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { featureOn, requireFeature } from "../../http/features.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { bankTopics, currentQuestions, flaggedItem, flagStamps, notesOf, seenInExamOf } from "./queries.ts";

export function flaggedRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  // Flagging is an optional component (PREFLIGHT_FEATURES); switched off, its list is gone too.
  const assertFlaggingOn = () => requireFeature(deps, "flagged");

  mount(routes.flaggedQuestions, async (c, { query, body: filter }) => {
    assertFlaggingOn();
    const page = query.page ?? 1;
    const userId = c.var.user.id;
    const stamps = await flagStamps(deps.db, userId);
    const all = stamps.map((s) => s.questionId);
    const shown = flaggedListShown(filter);
    const questions = shown ? await currentQuestions(deps.db, all) : new Map();
    // Contains finds the student's note too (rules/flagged-list.ts), so the notes are read with the questions.
    const notes = shown ? await notesOf(deps.db, userId, all) : new Map<number, string>();
    const listed = all.flatMap((id) => {
      const question = questions.get(id);
      return question && matchesFlaggedFilter(question, filter, notes.get(id)) ? [question] : [];
    });
    const { data, ...paging } = flaggedPage(listed, page);
    // Seen-in-exam reports are a component of their own: switched off, the list shows none.
    const seen = featureOn(deps, "seen_in_exam")
      ? await seenInExamOf(
          deps.db,
          userId,
          data.map((q) => q.id),
        )
      : new Map<number, never[]>();
    const reply: FlaggedReply = {
      all,
      data: data.map((q, i) =>
        flaggedItem(q, flaggedQuestionNumber(page, i), seen.get(q.id) ?? [], notes.get(q.id) ?? null),
      ),
      ...paging,
    };
    return c.json(reply);
  });

  // Not gated by flagging: the practice builder's topic list is the same call (spec study 7).
  mount(routes.questionTopics, async (c, { query }) => {
    const syllabusId = c.var.user.syllabus_id;
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    const reply: QuestionTopicsReply = {
      data: await bankTopics(deps.db, syllabusId, query.subject_code),
    };
    return c.json(reply);
  });
  return app;
}
