/** The client error reports' limits and kinds, without the schemas (schemas/diagnostics.ts re-exports them). */
export const CLIENT_ERROR_LIMITS = {
  /** Spec §9: error reports limited to 5 items per minute. */
  perMinute: 5,
  windowMs: 60_000,
  /** The same error (message and stack) is counted, not sent again, within this time. */
  dedupeMs: 10 * 60_000,
  /** Errors kept on the device while they cannot be sent; the oldest go first. */
  maxQueued: 50,
  maxMessageChars: 2_000,
  maxStackChars: 8_000,
} as const;

export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection", "render"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
