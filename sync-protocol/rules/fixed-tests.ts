/**
 * Who may start a fixed test, decided the same way on the device (to explain) and on the
 * server (to refuse a queued start it must not apply).
 */

export const FIXED_TEST_MESSAGES = {
  noneFound: "No fixed tests found",
  chooseTitle: "Choose a fixed test",
  passwordTitle: "Enter password to access test",
  passwordRequired: "Please enter the test password",
  passwordWrong: "The password is incorrect",
  passwordAccepted: "Password accepted",
  passwordNeedsConnection:
    "This test is protected by a password. You need to be online the first time you open it, so the password can be checked.",
  passwordNotGiven: "This test needs its password: enter it while online before starting the test.",
  notFound: "This fixed test is not available to you.",
  attemptsUsed: (limit: number) =>
    `You have used all ${limit} ${limit === 1 ? "attempt" : "attempts"} allowed for this test.`,
  changed: "This fixed test has changed since it was downloaded. Download tests again to take it.",
} as const;

export interface FixedTestAccessInput {
  disabled_reason: string | null;
  /** Attempts allowed; 0 means no limit. */
  attempts: number;
  /** Tests the student has already started from this fixed test. */
  used: number;
  password_access: boolean;
  /** The student's password was accepted (online) for this test. */
  password_granted: boolean;
}

export type FixedTestAccess =
  | { ok: true }
  | { ok: false; reason: "disabled" | "attempts" | "password"; message: string };

/** May the student start this fixed test now? Checked in the spec's order: disabled, attempts, password. */
export function fixedTestAccess(input: FixedTestAccessInput): FixedTestAccess {
  if (input.disabled_reason) return { ok: false, reason: "disabled", message: input.disabled_reason };
  if (input.attempts > 0 && input.used >= input.attempts)
    return { ok: false, reason: "attempts", message: FIXED_TEST_MESSAGES.attemptsUsed(input.attempts) };
  if (input.password_access && !input.password_granted)
    return { ok: false, reason: "password", message: FIXED_TEST_MESSAGES.passwordNotGiven };
  return { ok: true };
}

/** The summary strip's Attempts row: only for fixed tests whose limit is not zero. */
export function attemptsRow(attempts: number, used: number): { used: number; limit: number } | null {
  return attempts > 0 ? { used: Math.min(used, attempts), limit: attempts } : null;
}
