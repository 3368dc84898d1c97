/**
 * Rules around a single question that both sides apply: zoom steps, the month of a
 * seen-in-exam report, and the name of a test question ("<user_test_id>:<question_number>").
 */
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from "./constants.ts";

/**
 * The bank's learning objectives are the EASA objectives of the 2020 syllabus; the statistics
 * card names that version beside each code (spec: learningObjectives, each with version and code).
 */
export const EASA_LEARNING_OBJECTIVE_VERSION = "2020";

/** Zoom steps are tenths; floating point makes 1.1 + 0.1 a hair off 1.2, so compare with slack. */
const ZOOM_EPSILON = 1e-6;

/** True for 1.0, 1.1 … 1.8 (spec: zoom range 1.0 to 1.8 in steps of 0.1). */
export function isValidZoom(zoom: number): boolean {
  if (!Number.isFinite(zoom)) return false;
  if (zoom < ZOOM_MIN - ZOOM_EPSILON || zoom > ZOOM_MAX + ZOOM_EPSILON) return false;
  const steps = (zoom - ZOOM_MIN) / ZOOM_STEP;
  return Math.abs(steps - Math.round(steps)) < ZOOM_EPSILON;
}

/** A valid zoom rounded to its step, so 1.2000000000000002 is stored and shown as 1.2. */
export function normalizeZoom(zoom: number): number {
  const steps = Math.round((zoom - ZOOM_MIN) / ZOOM_STEP);
  return Number((ZOOM_MIN + steps * ZOOM_STEP).toFixed(1));
}

export const ZOOM_RULE_MESSAGE = `zoom must be between ${ZOOM_MIN.toFixed(1)} and ${ZOOM_MAX.toFixed(1)} in steps of ${ZOOM_STEP}`;

/** A calendar month, YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The latest local time anywhere is UTC+14. A month that has already begun there is not in the
 * future, so a student east of the server who reports "this month" on the 1st is not refused.
 */
export const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The current month (YYYY-MM) at the easternmost time zone, for `now`. */
export function latestCurrentMonth(now: Date): string {
  const east = new Date(now.getTime() + LATEST_UTC_OFFSET_MS);
  return `${east.getUTCFullYear()}-${String(east.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** True when a YYYY-MM month has not begun anywhere yet. */
export function isFutureMonth(month: string, now: Date): boolean {
  return month > latestCurrentMonth(now);
}

/**
 * A question of a test is named by its test and 1-based position, so a device can name it
 * offline: "0192f0c4-…-…:7".
 */
export const USER_TEST_QUESTION_ID_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([1-9]\d{0,5})$/i;

export function userTestQuestionId(userTestId: string, questionNumber: number): string {
  return `${userTestId}:${questionNumber}`;
}

export function parseUserTestQuestionId(id: string): { userTestId: string; questionNumber: number } | null {
  const match = USER_TEST_QUESTION_ID_PATTERN.exec(id);
  if (!match) return null;
  return { userTestId: match[1] as string, questionNumber: Number(match[2]) };
}

/** Question text without its html (kept in html.ts, which imports nothing). */
export { stripHtml } from "./html.ts";
