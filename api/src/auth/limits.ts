/**
 * Brute-force limits (issue 14): every guessable secret is limited per account and per client
 * address. The first `freeFailures` failures in a window cost nothing; each further one makes the
 * bucket wait a growing delay (firstDelay, doubled per failure, at most maxDelay), refused with
 * 429 and Retry-After meanwhile; `ceiling` failures close it until the window ends. A success
 * clears the account's bucket, never the address's. Addresses are shared by a whole school
 * behind one router, so their limits are wider.
 */

export interface LimitPolicy {
  /** Names the bucket family in `rate_limits.bucket`, e.g. "login:account". */
  name: string;
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  ceiling: number;
  windowMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** An account's (or a single user's) secret: 5 failures, then 30 s, 1 min, 2 min ... 15 min; 20 a day. */
function perAccount(name: string): LimitPolicy {
  return {
    name,
    freeFailures: 5,
    firstDelayMs: 30 * SECOND,
    maxDelayMs: 15 * MINUTE,
    ceiling: 20,
    windowMs: 24 * HOUR,
  };
}

/** A client address: 20 failures, then the same growing delay; 100 an hour. */
function perAddress(name: string): LimitPolicy {
  return { name, freeFailures: 20, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE, ceiling: 100, windowMs: HOUR };
}

export const LIMITS = {
  /** POST /api/auth/login: wrong passwords per e-mail (known or not) and per address. */
  loginAccount: perAccount("login:account"),
  loginAddress: perAddress("login:address"),
  /** A fixed test's password: wrong tries per student and per address. */
  fixedPasswordUser: perAccount("fixed-password:user"),
  fixedPasswordAddress: perAddress("fixed-password:address"),
  /** POST /subscribe/voucher (and a purchase's voucher): unknown codes per student and per address. */
  voucherUser: perAccount("voucher:user"),
  voucherAddress: perAddress("voucher:address"),
  /** POST /register: every registration counts, per address (10 an hour, then waits; 30 an hour at most). */
  registerAddress: {
    name: "register:address",
    freeFailures: 10,
    firstDelayMs: 30 * SECOND,
    maxDelayMs: 15 * MINUTE,
    ceiling: 30,
    windowMs: HOUR,
  },
  /** POST /free-trial: every request counts, per address, as registration. */
  freeTrialAddress: {
    name: "free-trial:address",
    freeFailures: 10,
    firstDelayMs: 30 * SECOND,
    maxDelayMs: 15 * MINUTE,
    ceiling: 30,
    windowMs: HOUR,
  },
  /** POST /profile/email: wrong current passwords per account and per address. */
  emailChangeUser: perAccount("email-change:user"),
  emailChangeAddress: perAddress("email-change:address"),
  /** POST /password/email: every request counts, per e-mail and per address. */
  resetMailAccount: perAccount("reset-mail:account"),
  resetMailAddress: perAddress("reset-mail:address"),
  /**
   * POST /password/reset: wrong codes or links, per e-mail and per address. Each code already dies
   * after 5 wrong tries (account-tokens.ts); this limits guessing across freshly requested codes.
   */
  resetAccount: { ...perAccount("reset:account"), freeFailures: 10, ceiling: 30 },
  resetAddress: perAddress("reset:address"),
  /** Activation links: long random tokens, so a per-address limit on wrong ones is enough. */
  activationAddress: perAddress("activation:address"),
  /**
   * Licence activation: unknown keys, wrong account numbers and installations not activated, per
   * address; wrong keys per account number (known or not). Keys are 16 random characters, so
   * these stop a guesser long before a key could be found.
   */
  licenceAddress: perAddress("licence:address"),
  licenceAccount: perAccount("licence:account"),
  /**
   * POST /client-errors: every stored error counts (spec §9: 5 items per minute), per user; a
   * school behind one address gets 60 a minute. Full, a bucket waits for its minute to end.
   */
  clientErrorsUser: {
    name: "client-errors:user",
    freeFailures: 5,
    firstDelayMs: MINUTE,
    maxDelayMs: MINUTE,
    ceiling: 5,
    windowMs: MINUTE,
  },
  clientErrorsAddress: {
    name: "client-errors:address",
    freeFailures: 60,
    firstDelayMs: MINUTE,
    maxDelayMs: MINUTE,
    ceiling: 60,
    windowMs: MINUTE,
  },
  /**
   * POST /questions/{id}/report-error (issue 19): every stored report counts, per student: 20 an
   * hour, then none until the hour is over. Wider than the spec's 5 error reports a minute,
   * because reports written offline arrive together when the device is back online.
   */
  questionReportsUser: {
    name: "question-reports:user",
    freeFailures: 20,
    firstDelayMs: HOUR,
    maxDelayMs: HOUR,
    ceiling: 20,
    windowMs: HOUR,
  },
} satisfies Record<string, LimitPolicy>;

/** How long a bucket with `failures` in its window must wait after its last failure. */
export function delayAfter(policy: LimitPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.freeFailures));
}
