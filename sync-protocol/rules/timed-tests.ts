/**
 * When an answer or a finish of a timed test counts (issue 14, exam integrity). The device and
 * the server judge with the same rule: the device to close the test at its limit, the server to
 * keep a late answer on record without scoring it.
 *
 * A test's time is measured three ways, and the longest wins:
 * - the device's monotonic time since the test began (a clock set back does not stop it);
 * - the device's wall clock since the test's start (it survives a reload of the page);
 * - the server's own: when the intent reached the server, less the time it waited in the
 *   device's outbox, since the start reached the server less its own wait. A device that never
 *   says how long it waited (or a hand-made call) is judged by arrival times alone.
 * The grace covers clock drift between the two and the time a save takes to travel.
 */

/** Seconds past a timed test's limit within which answers and the finish still count. */
export const TIMED_TEST_GRACE_SECONDS = 60;

export const LATE_ANSWER_MESSAGE =
  "This answer was given after the test's time limit, so it was kept on record but not counted.";

/** The results page's line for a test with answers given too late (none: no line). */
export function lateAnswersText(late: number): string | null {
  if (late <= 0) return null;
  return late === 1
    ? "1 answer was given after the time limit: it was kept on record but not counted."
    : `${late} answers were given after the time limit: they were kept on record but not counted.`;
}

export interface TestTimeMeasures {
  /** The device's monotonic milliseconds since the test began, as it reported them. */
  deviceElapsedMs?: number | null | undefined;
  /** The device's wall-clock milliseconds from the test's start to the intent. */
  wallElapsedMs?: number | null | undefined;
  /** The server's milliseconds from the test's start to the intent (both less their outbox wait). */
  serverElapsedMs?: number | null | undefined;
}

/** The longest of the measures given, in milliseconds (0 when none). */
export function judgedElapsedMs(measures: TestTimeMeasures): number {
  const known = [measures.deviceElapsedMs, measures.wallElapsedMs, measures.serverElapsedMs].filter(
    (ms): ms is number => typeof ms === "number" && Number.isFinite(ms),
  );
  return Math.max(0, ...known);
}

/** Is an intent this far into a test with this limit (minutes; null: untimed) past its limit and the grace? */
export function isLate(timeLimitMinutes: number | null, measures: TestTimeMeasures): boolean {
  if (!timeLimitMinutes) return false;
  return judgedElapsedMs(measures) > (timeLimitMinutes * 60 + TIMED_TEST_GRACE_SECONDS) * 1000;
}

/** Is the test's own time up (the limit itself, no grace): the device closes it here. */
export function isTimeUp(timeLimitMinutes: number | null, measures: TestTimeMeasures): boolean {
  if (!timeLimitMinutes) return false;
  return judgedElapsedMs(measures) >= timeLimitMinutes * 60_000;
}
