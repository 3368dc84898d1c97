/**
 * How each step reaches the server: POST {cursor} to the step's entry in the route catalogue,
 * the reply parsed with the entry's schema (call()). Injected in tests.
 */
import type { PullRequest, PullStep } from "@preflight/sync-protocol/schemas/pull";
import { type CallReply, call, type Routes } from "../../api.ts";

/** Each step's entry in the route catalogue. */
export const PULL_STEP_ROUTES = {
  profile: "pullProfile",
  user: "pullUser",
  syllabus: "pullSyllabus",
  school: "pullSchool",
} as const satisfies Record<PullStep, keyof Routes>;

export type StepReply<S extends PullStep> = CallReply<Routes[(typeof PULL_STEP_ROUTES)[S]]>;

/** One function per step: its cursor in, its reply out. */
export type PullCall = { [S in PullStep]: (body: PullRequest) => Promise<StepReply<S>> };

export const apiPullCall: PullCall = {
  profile: (body) => call("pullProfile", { body, globalPolicy: false }),
  user: (body) => call("pullUser", { body, globalPolicy: false }),
  syllabus: (body) => call("pullSyllabus", { body, globalPolicy: false }),
  school: (body) => call("pullSchool", { body, globalPolicy: false }),
};
