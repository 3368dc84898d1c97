import type { TestType } from "@preflight/sync-protocol/rules/constants";
import { formatDate, testTypeTitle } from "@preflight/sync-protocol/rules/format";
import { isFixedTestType } from "@preflight/sync-protocol/rules/hidden-results";
import type { PreviousRow } from "./rows.ts";

export const PREVIOUS_MESSAGES = {
  reviewTitle: "Review previous tests",
  chooseTitle: "Choose a previous test",
  empty: "Tests will appear here once you have completed some",
  noMatch: "No tests match these filters.",
  hidden: "Hidden",
} as const;

/** Fixed tests are the type exam; the filter says so in the student's words. */
export function typeLabel(type: TestType): string {
  return isFixedTestType(type) ? "Fixed test" : testTypeTitle(type);
}

export function scoreText(row: PreviousRow): string {
  if (row.hidden) return PREVIOUS_MESSAGES.hidden;
  if (row.score === null) return "–";
  return `${row.score} / ${row.total_score} (${row.percentage ?? 0}%)`;
}

export function passText(row: PreviousRow): string {
  if (row.hidden) return PREVIOUS_MESSAGES.hidden;
  return row.pass === null ? "–" : row.pass ? "Passed" : "Failed";
}

export function dateText(row: PreviousRow): string {
  return formatDate(new Date(row.started));
}
