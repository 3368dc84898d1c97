/**
 * How each step reaches the server: POST {cursor} to the step's entry in the route catalogue,
 * the reply parsed with the entry's schema (call()). Injected in tests.
 */
import type { PullRequest, PullStep } from "@preflight/sync-protocol";
import { routes } from "@preflight/sync-protocol/routes/index";
import { type CallReply, call } from "../../api.ts";

/** Each step's entry in the route catalogue. */
export const PULL_STEP_ROUTES = {
  profile: routes.pullProfile,
  user: routes.pullUser,
  syllabus: routes.pullSyllabus,
  school: routes.pullSchool,
} satisfies Record<PullStep, unknown>;

export type StepReply<S extends PullStep> = CallReply<(typeof PULL_STEP_ROUTES)[S]>;

/** One function per step: its cursor in, its reply out. */
export type PullCall = { [S in PullStep]: (body: PullRequest) => Promise<StepReply<S>> };

export const apiPullCall: PullCall = {
  profile: (body) => call(routes.pullProfile, { body, globalPolicy: false }),
  user: (body) => call(routes.pullUser, { body, globalPolicy: false }),
  syllabus: (body) => call(routes.pullSyllabus, { body, globalPolicy: false }),
  school: (body) => call(routes.pullSchool, { body, globalPolicy: false }),
};
