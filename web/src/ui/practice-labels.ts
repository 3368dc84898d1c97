/** What the practice builder calls its choices, and who sees the subscription-gated ones. */
import type { DisplayAnswers } from "@preflight/sync-protocol/rules/constants";
import type { PracticeInclude, PracticeSort } from "@preflight/sync-protocol/rules/practice-filter";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";

export const INCLUDE_LABELS: Record<PracticeInclude, string> = {
  all: "All questions",
  unanswered: "Unanswered",
  unreviewed: "Unreviewed",
  wrong_before: "Answered wrong before",
  never_correct: "Never answered correctly",
  always_incorrect: "Always answered incorrectly",
  flagged: "Flagged",
  noted: "With my notes",
};

export const SORT_LABELS: Record<PracticeSort, string> = {
  random: "Random",
  date_asc: "Date added (oldest first)",
  date_desc: "Date added (newest first)",
  sequential: "Sequential (syllabus order)",
};

export const SHOW_ANSWERS_LABELS: Record<DisplayAnswers, string> = {
  after_test: "After test",
  after_choice: "After choice",
  before_choice: "Before choice",
};

/**
 * The spec's 'subscription' flag (it shows Show answers and Sort): an active subscription,
 * i.e. one whose end date is today or later.
 */
export function hasSubscription(user: Pick<UserSummary, "subscription_end">, now: Date): boolean {
  return user.subscription_end !== null && user.subscription_end.slice(0, 10) >= now.toISOString().slice(0, 10);
}
