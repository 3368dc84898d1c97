/**
 * The one place the server decides whether an optional component (PREFLIGHT_FEATURES: flagged,
 * seen_in_exam, ai_tutor, display_answers) is on. The me reply and the profile pull tell the device the same
 * switches (`deps.features`, or DEFAULT_FEATURES when unset), and the device hides what is off;
 * the server refuses it too, so a stale device or a hand-made request cannot use a component
 * that is switched off.
 *
 * A component switched off is not there for this installation: its calls answer 404 with a
 * message naming it, online and when a queued change is replayed through /sync/push alike.
 * Deps are read at each call, so a deployment (or a test) that changes its switches is obeyed.
 */
import { displayAnswersAllowed } from "@preflight/sync-protocol/rules/display-answers";
import type { Features } from "@preflight/sync-protocol/schemas/auth";
import { type AppDeps, DEFAULT_FEATURES } from "../deps.ts";
import { ApiError } from "../errors.ts";
import type { Effect } from "../sync/effects.ts";

export type Feature = keyof Features;

export const FEATURE_OFF_MESSAGES: Record<Feature, string> = {
  flagged: "Flagged questions are not enabled",
  seen_in_exam: "Seen in exam reports are not enabled",
  ai_tutor: "The AI tutor is not enabled",
  display_answers: "Choosing when answers are shown is not enabled: answers are shown after the test",
};

/** Whether `feature` is switched on for this deployment. */
export function featureOn(deps: Pick<AppDeps, "features">, feature: Feature): boolean {
  return (deps.features ?? DEFAULT_FEATURES)[feature];
}

/** Throws the 404 of a component switched off. */
export function requireFeature(deps: Pick<AppDeps, "features">, feature: Feature): void {
  if (!featureOn(deps, feature)) throw new ApiError("not_found", FEATURE_OFF_MESSAGES[feature]);
}

/**
 * A queued write's effect that exists only while `feature` is on. The online call and the
 * replayed outbox change both run the effect, so one wrapper refuses both (the refusal writes
 * nothing: a thrown ApiError rolls the effect back).
 */
export function effectOfFeature(deps: Pick<AppDeps, "features">, feature: Feature, effect: Effect): Effect {
  return async (ctx, body) => {
    requireFeature(deps, feature);
    return effect(ctx, body);
  };
}

/**
 * A new test's effect under the display_answers switch: off, the builders hide the choice and
 * send the default (after_test), and any other choice (a stale device, a hand-made request) is
 * refused, online and replayed alike.
 */
export function effectWithDisplayAnswersSwitch(deps: Pick<AppDeps, "features">, effect: Effect): Effect {
  return async (ctx, body) => {
    const chosen = (body as { display_answers?: unknown }).display_answers;
    if (!displayAnswersAllowed(chosen, featureOn(deps, "display_answers")))
      throw new ApiError("bad_request", FEATURE_OFF_MESSAGES.display_answers);
    return effect(ctx, body);
  };
}
