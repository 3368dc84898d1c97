/** Attempts used at a fixed test, as far as this device knows (pure, so it is unit-tested). */
import type { LocalFixedTest, LocalUserTest } from "./db.ts";

/**
 * The server's count when the tests were downloaded plus the attempts started on this device
 * since then (they may not have reached the server yet), and never fewer than this device's
 * own attempts (a download that raced the push of a new attempt counted without it). The
 * server counts again on replay.
 */
export function attemptsUsed(
  test: Pick<LocalFixedTest, "id" | "user_tests_count" | "downloadedAt">,
  localTests: Pick<LocalUserTest, "fixed_test_id" | "started">[],
): number {
  const mine = localTests.filter((t) => t.fixed_test_id === test.id);
  const since = mine.filter((t) => t.started >= test.downloadedAt).length;
  return Math.max(test.user_tests_count + since, mine.length);
}
