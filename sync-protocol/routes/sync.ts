import { z } from "zod";
import {
  digestPullRequestSchema,
  profileStepReplySchema,
  schoolStepReplySchema,
  seqPullRequestSchema,
  syllabusStepReplySchema,
  userStepReplySchema,
} from "../schemas/pull.ts";
import { pushReplySchema, pushRequestSchema } from "../schemas/sync.ts";
import { route } from "./route.ts";

/** GET /sync/check: whether sync is available, running, and when it last ran. */
export const syncCheckReplySchema = z.object({
  available: z.boolean(),
  is_syncing: z.boolean(),
  sync_date: z.string().nullable(),
});

/** The outbox's push and the four post-login pull steps. */
export const syncRoutes = {
  syncCheck: route({ method: "GET", path: "/sync/check", auth: "session", reply: syncCheckReplySchema }),
  push: route({ method: "POST", path: "/sync/push", auth: "session", body: pushRequestSchema, reply: pushReplySchema }),
  pullProfile: route({
    method: "POST",
    path: "/user-sync/profile",
    auth: "session",
    body: seqPullRequestSchema,
    reply: profileStepReplySchema,
  }),
  pullUser: route({
    method: "POST",
    path: "/user-sync/sync",
    auth: "session",
    body: seqPullRequestSchema,
    reply: userStepReplySchema,
  }),
  pullSyllabus: route({
    method: "POST",
    path: "/user-sync/syllabus",
    auth: "session",
    body: digestPullRequestSchema,
    reply: syllabusStepReplySchema,
  }),
  pullSchool: route({
    method: "POST",
    path: "/user-sync/school",
    auth: "session",
    body: digestPullRequestSchema,
    reply: schoolStepReplySchema,
  }),
};
