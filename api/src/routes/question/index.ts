import { routes } from "@preflight/sync-protocol/routes/index";
import type { AuthoritiesReply } from "@preflight/sync-protocol/schemas/question";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireFeature } from "../../http/features.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";

/** Spec area: a question's flag, the student's note and mark for review on it, seen-in-exam reports, and the authorities to report against. */
export function questionRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.flagQuestion, replayer);
  mount(routes.unflagAll, replayer);
  mount(routes.questionNote, replayer);
  mount(routes.reviewMark, replayer);
  mount(routes.seenInExam, replayer);

  // The authorities are what a seen-in-exam report names: gone with that component. The flag and
  // seen-in-exam writes are refused by their effects (app.ts effectTable), online and replayed.
  mount(routes.authorities, async (c) => {
    requireFeature(deps, "seen_in_exam");
    const rows = await deps.db
      .selectFrom("authorities")
      .select(["id", "title", "group_name"])
      .orderBy("position")
      .execute();
    const groups = new Map<string, AuthoritiesReply["data"][number]>();
    for (const row of rows) {
      let group = groups.get(row.group_name);
      if (!group) {
        group = { group: row.group_name, authorities: [] };
        groups.set(row.group_name, group);
      }
      group.authorities.push({ id: row.id, title: row.title });
    }
    const reply: AuthoritiesReply = { data: [...groups.values()] };
    return c.json(reply);
  });
  return app;
}
