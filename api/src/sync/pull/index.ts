/**
 * The four post-login sync steps (spec: POST user-sync/profile, user-sync/sync,
 * user-sync/syllabus, user-sync/school). Each takes {cursor} and replies {success: true, cursor,
 * ...changes since it}, or {success: false, message} when it cannot serve, which stops the
 * device's chain. Bad bodies are a 400 from the schema.
 */
import { digestPullRequestSchema, seqPullRequestSchema } from "@preflight/sync-protocol/schemas/pull";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { validate } from "../../validate.ts";
import { profileStep } from "./profile.ts";
import { schoolStep } from "./school.ts";
import { syllabusStep } from "./syllabus.ts";
import { userStep } from "./user.ts";

export function userSyncRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post("/profile", validate("json", seqPullRequestSchema), async (c) =>
      c.json(await profileStep(deps, c.var.user, c.req.valid("json").cursor)),
    )
    .post("/sync", validate("json", seqPullRequestSchema), async (c) =>
      c.json(await userStep(deps, c.var.user, c.req.valid("json").cursor)),
    )
    .post("/syllabus", validate("json", digestPullRequestSchema), async (c) =>
      c.json(await syllabusStep(deps, c.var.user, c.req.valid("json").cursor)),
    )
    .post("/school", validate("json", digestPullRequestSchema), async (c) =>
      c.json(await schoolStep(deps, c.var.user, c.req.valid("json").cursor)),
    );
}
