/**
 * How long a test has run on this device, as the server judges a timed test
 * (sync-protocol rules/timed-tests.ts): the device's monotonic count since the test was first
 * touched in this page, added to the wall-clock time it had run by then. A clock set back
 * mid-test does not give time back; after a reload the wall clock carries the count on.
 */
import { monotonicNow } from "../../platform.ts";
import type { LocalUserTest } from "../store/db.ts";

interface Reading {
  monotonicAt: number;
  elapsedAt: number;
}

const readings = new Map<string, Reading>();

/** Milliseconds the test has run, never less than its wall-clock time since it started. */
export function testElapsedMs(
  test: Pick<LocalUserTest, "id" | "started">,
  now: Date,
  monotonic: () => number = monotonicNow,
): number {
  const wall = Math.max(0, now.getTime() - new Date(test.started).getTime());
  const at = monotonic();
  const first = readings.get(test.id);
  if (!first) {
    readings.set(test.id, { monotonicAt: at, elapsedAt: wall });
    return wall;
  }
  return Math.round(Math.max(wall, first.elapsedAt + (at - first.monotonicAt)));
}
