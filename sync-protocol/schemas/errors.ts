import { z } from "zod";

/** Every error reply, from every route: `{ error: { code, message, details } }`. */
export const ERROR_CODES = {
  bad_request: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  session_replaced: 401,
  forbidden: 403,
  /** A write (or the GET form of one) that did not come from the app's own pages. */
  cross_origin: 403,
  /** Signing in to an account whose activation link was not followed yet. */
  inactive_account: 403,
  /** A new test without a running subscription or free trial (rules/subscription-access.ts). */
  subscription_required: 403,
  not_found: 404,
  test_finished: 409,
  /** An answer of a timed test given after its limit and grace: kept on record, not counted. */
  time_expired: 409,
  conflict: 409,
  out_of_order: 409,
  payload_too_large: 413,
  /** A write whose body is neither JSON nor, for the joining forms, an ordinary form post. */
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  skipped: 422,
  /** A licence key that is unknown, expired, used up or not the account's (the page titles it Invalid). */
  licence_invalid: 422,
  /** A second mail request for the same address within a minute. */
  too_many_requests: 429,
  protocol_mismatch: 426,
  internal: 500,
  /** The instance is shutting down or cannot reach its database: try another, or again shortly. */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The wire's error codes: exactly the keys of ERROR_CODES. */
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
  }),
  /** Validation failures: the spec's "errors object", each field's messages (the same as details.fields). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
