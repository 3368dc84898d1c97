/**
 * The display_answers switch (study §6: "display_answers [is] also flag-gated"; §9: default
 * answers after_test). On, the builders offer the choice and the server takes any of
 * DISPLAY_ANSWERS; off, the choice is hidden, the builders send the default, and the server
 * refuses anything else (api/src/http/features.ts).
 *
 * Example: displayAnswersFor("after_choice", false) is "after_test".
 */
import { DEFAULT_DISPLAY_ANSWERS, type DisplayAnswers } from "./constants.ts";

/** Whether a new test may show answers `chosen` while the switch is `on`. */
export function displayAnswersAllowed(chosen: unknown, on: boolean): boolean {
  return on || chosen === DEFAULT_DISPLAY_ANSWERS;
}

/** What a builder sends: the student's choice while the switch is on, the default while off. */
export function displayAnswersFor(chosen: DisplayAnswers, on: boolean): DisplayAnswers {
  return on ? chosen : DEFAULT_DISPLAY_ANSWERS;
}
