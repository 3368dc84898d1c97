/** Test-screen rules of the spec that are not grading: when answers show, where exits go, messages. */
import type { DisplayAnswers, TestType } from "@preflight/sync-protocol/rules/constants";
import type { ShownQuestion } from "@preflight/sync-protocol/rules/withheld-answers";
import { type Draft, givenFromDraft } from "./draft.ts";

export const MESSAGES = {
  selectAtLeastOne: "Please select at least one answer",
  enterValue: "Please enter a value",
  chooseEveryGap: "Please choose an answer for every gap",
  notConfirmed: "You have not confirmed your answer.",
  unanswered: "You have questions that have not been answered.",
  leave: "Are you sure you would like to leave the test?",
  timeExpired: "Time expired",
  saveFailedTitle: "Error",
  saveFailedText: "Unable to save answer",
  outOfDate: "This test is out of date. You must download the latest update in order to access this test.",
  /** Test-taking §8: the test is not there (the spec's 404). */
  noLongerAccessible: "This test can no longer be accessed.",
  /** Test-taking §8: the question could not be read for another reason. */
  loadFailed: "Could not load question, please try again later",
  /** Test-taking §8: reading it again failed too. */
  reloadFailed: "An error has occurred. Please contact support if this continues.",
  requiresCount: (required: number, selected: number) =>
    `The question requires ${required} answer(s). You have selected ${selected}.`,
} as const;

/** after_choice and before_choice show answers during the test; after_test only at the end. */
export function showsAnswersDuringTest(mode: DisplayAnswers): boolean {
  return mode !== "after_test";
}

/** before_choice shows the correct answer before the student chooses. */
export function revealsBeforeChoice(mode: DisplayAnswers): boolean {
  return mode === "before_choice";
}

/** May this question's correct answer and explanation be shown now? */
export function isRevealed(mode: DisplayAnswers, confirmed: boolean, testEnded: boolean): boolean {
  if (testEnded) return true;
  if (mode === "before_choice") return true;
  if (mode === "after_choice") return confirmed;
  return false;
}

/** Abandoning asks first for these types; the others finish at once. */
export function abandonAsksFirst(type: TestType): boolean {
  return type === "progress_test_attempt" || type === "exam";
}

/** Where a test's exits lead: the chooser of its type for practice, timed and untimed; else the dashboard. */
export function exitTarget(
  type: TestType,
): { to: "/test/select/$testType"; params: { testType: string } } | { to: "/dashboard" } {
  if (type === "practice" || type === "timed" || type === "untimed")
    return { to: "/test/select/$testType", params: { testType: type } };
  return { to: "/dashboard" };
}

export type DraftCheck =
  | { ok: true }
  | { ok: false; message: string }
  /** Multiple select with fewer than total_correct chosen: allowed after the student confirms. */
  | { ok: "confirm-count"; required: number; selected: number };

/** Checks a draft before it is confirmed or saved (spec section 5). */
export function checkDraft(question: ShownQuestion, draft: Draft): DraftCheck {
  switch (draft.kind) {
    case "ids": {
      if (draft.ids.length === 0) return { ok: false, message: MESSAGES.selectAtLeastOne };
      const required = question.total_correct ?? 1;
      if (question.type === "multiple_select" && draft.ids.length < required)
        return { ok: "confirm-count", required, selected: draft.ids.length };
      return { ok: true };
    }
    case "text":
      return givenFromDraft(draft) === null ? { ok: false, message: MESSAGES.enterValue } : { ok: true };
    case "gaps":
      return draft.gaps.every((g) => g !== null) ? { ok: true } : { ok: false, message: MESSAGES.chooseEveryGap };
  }
}

/** Is there anything on screen the student has not saved? (Empty drafts are nothing.) */
export function hasPendingInput(draft: Draft): boolean {
  switch (draft.kind) {
    case "ids":
      return draft.ids.length > 0;
    case "text":
      return draft.text.trim() !== "";
    case "gaps":
      return draft.gaps.some((g) => g !== null);
  }
}
