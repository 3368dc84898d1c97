/**
 * A fixed test's availability on this device, by the shared rule (rules/fixed-tests.ts) with the
 * device's clock and time zone: a test downloaded before it opens becomes available when it opens,
 * offline too.
 */
import {
  type FixedTestAccessInput,
  formatTestMoment,
  unavailableReason as unavailableAt,
} from "@preflight/sync-protocol/rules/fixed-tests";
import { currentDate } from "../platform.ts";
import type { LocalFixedTest } from "./store/db.ts";

const inDeviceZone = (iso: string) => formatTestMoment(iso);

/** Why the test cannot be started now, or null. */
export function unavailableReason(test: LocalFixedTest): string | null {
  return unavailableAt(test, currentDate(), inDeviceZone);
}

/** The access check's input for the test now, with `used` attempts on record. */
export function accessInput(test: LocalFixedTest, used: number): FixedTestAccessInput {
  return {
    disabled_reason: test.disabled_reason,
    opens_at: test.opens_at,
    closes_at: test.closes_at,
    now: currentDate(),
    format: inDeviceZone,
    attempts: test.attempts,
    used,
    password_access: test.password_access,
    password_granted: test.password_verified,
  };
}
