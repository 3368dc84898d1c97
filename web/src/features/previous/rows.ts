/**
 * The 'Review previous tests' rows: this device's finished tests merged with the server's
 * list, hidden results applied, and the spec's filters (result, type, dates). Pure.
 */
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import type { PreviousTest } from "@preflight/sync-protocol/schemas/fixed";
import type { LocalUserTest } from "../../local/store/db.ts";

export interface PreviousRow {
  id: string;
  title: string;
  started: string;
  test_type: TestType;
  questions: number;
  /** Null when unknown or hidden. */
  score: number | null;
  total_score: number;
  percentage: number | null;
  pass: boolean | null;
  /** Score and pass are hidden (per test, or hide_fixed_results). */
  hidden: boolean;
  /** The test is on this device, so its results page opens (offline too). */
  onDevice: boolean;
  /** Marked by the server; otherwise the device's prediction. */
  marked: boolean;
}

export const RESULT_FILTERS = ["all", "passed", "failed"] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

export interface PreviousFilter {
  result: ResultFilter;
  /** null: every type. */
  type: TestType | null;
  /** YYYY-MM-DD, inclusive, in the device's time zone; null: open. */
  from: string | null;
  to: string | null;
}

export const NO_FILTER: PreviousFilter = { result: "all", type: null, from: null, to: null };

function percentageOf(score: number | null, total: number): number | null {
  return score === null || total <= 0 ? null : Math.round((score / total) * 100);
}

function fromLocal(test: LocalUserTest, hideFixedResults: boolean): PreviousRow {
  const result = test.marked ?? test.predicted;
  const visible = resultVisibility(
    { test_type: test.test_type, hide_results: test.hide_results, hide_answers: test.hide_answers },
    hideFixedResults,
  );
  const total = result?.total_score ?? test.question_ids.length;
  const score = visible.score && result ? result.score : null;
  return {
    id: test.id,
    title: test.title,
    started: test.started,
    test_type: test.test_type,
    questions: test.question_ids.length,
    score,
    total_score: total,
    percentage: score === null ? null : (result?.percentage ?? percentageOf(score, total)),
    pass: visible.pass && result ? result.pass : null,
    hidden: !visible.score,
    onDevice: true,
    marked: test.marked !== null,
  };
}

function fromServer(test: PreviousTest, hideFixedResults: boolean): PreviousRow {
  const visible = resultVisibility({ test_type: test.test_type, hide_results: test.hide_results }, hideFixedResults);
  const score = visible.score ? test.score : null;
  return {
    id: test.id,
    title: test.title,
    started: test.started,
    test_type: test.test_type,
    questions: test.questions,
    score,
    total_score: test.total_score,
    percentage: percentageOf(score, test.total_score),
    pass: visible.pass ? test.pass : null,
    hidden: !visible.score || test.score === null,
    onDevice: false,
    marked: test.marked,
  };
}

/**
 * Every finished test once, newest first. The server's marking wins over the device's
 * prediction; a test only the server knows (taken on another device) is listed too.
 */
export function mergePreviousTests(
  local: LocalUserTest[],
  server: PreviousTest[] | null,
  hideFixedResults: boolean,
): PreviousRow[] {
  const rows = new Map<string, PreviousRow>();
  for (const test of local) if (test.finished) rows.set(test.id, fromLocal(test, hideFixedResults));
  for (const test of server ?? []) {
    const serverRow = fromServer(test, hideFixedResults);
    const localRow = rows.get(test.id);
    rows.set(
      test.id,
      localRow
        ? {
            ...localRow,
            score: serverRow.score,
            percentage: serverRow.percentage,
            pass: serverRow.pass,
            hidden: localRow.hidden || serverRow.hidden,
            marked: true,
          }
        : serverRow,
    );
  }
  return [...rows.values()].sort((a, b) => (a.started < b.started ? 1 : a.started > b.started ? -1 : 0));
}

/** The device-local calendar day of an ISO time, YYYY-MM-DD. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Spec: "Filter by result (All, Passed, Failed), type and dates." A test whose result is hidden
 * is neither passed nor failed as far as the student can see, so only All lists it.
 */
export function filterPreviousTests(rows: PreviousRow[], filter: PreviousFilter): PreviousRow[] {
  return rows.filter((row) => {
    if (filter.result === "passed" && row.pass !== true) return false;
    if (filter.result === "failed" && row.pass !== false) return false;
    if (filter.type !== null && row.test_type !== filter.type) return false;
    const day = localDay(row.started);
    if (filter.from !== null && day < filter.from) return false;
    if (filter.to !== null && day > filter.to) return false;
    return true;
  });
}
