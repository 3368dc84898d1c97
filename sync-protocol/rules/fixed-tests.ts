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
  notOpenYet: (when: string) => `This test opens on ${when}.`,
  closed: (when: string) => `This test closed on ${when}.`,
} as const;

/** When a school lets a test be started: ISO times, null for no bound. */
export interface FixedTestWindow {
  opens_at?: string | null | undefined;
  closes_at?: string | null | undefined;
}

/** "1 Dec 2026, 09:00" in the reader's time zone (the device's; the server's is UTC). */
export function formatTestMoment(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: timeZone === "UTC" ? "short" : undefined,
  }).format(new Date(iso));
}

/**
 * Why the test cannot be started at `now`: the school's disabled_reason first, then its window
 * (not open yet, closed); null when it can. The device asks with its own clock (offline too); the
 * server asks on replay with the time the student started.
 */
export function unavailableReason(
  test: FixedTestWindow & { disabled_reason: string | null },
  now: Date,
  format: (iso: string) => string = (iso) => formatTestMoment(iso, "UTC"),
): string | null {
  if (test.disabled_reason) return test.disabled_reason;
  if (test.opens_at && now.getTime() < Date.parse(test.opens_at))
    return FIXED_TEST_MESSAGES.notOpenYet(format(test.opens_at));
  if (test.closes_at && now.getTime() >= Date.parse(test.closes_at))
    return FIXED_TEST_MESSAGES.closed(format(test.closes_at));
  return null;
}

export interface FixedTestAccessInput extends FixedTestWindow {
  disabled_reason: string | null;
  /** The moment asked about (the start); the window is not checked without it. */
  now?: Date;
  format?: (iso: string) => string;
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

/**
 * May the student start this fixed test now? Checked in the spec's order: disabled (the school's
 * reason, or outside the test's window), attempts, password.
 */
export function fixedTestAccess(input: FixedTestAccessInput): FixedTestAccess {
  const unavailable = input.now ? unavailableReason(input, input.now, input.format) : input.disabled_reason || null;
  if (unavailable) return { ok: false, reason: "disabled", message: unavailable };
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
