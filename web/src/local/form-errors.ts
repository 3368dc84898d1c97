/**
 * What a failed call says, for the forms and pages that show it: the server's field messages
 * (its error body's `details.fields`) by their fields, and one text for the 'Error' notification
 * or the form's notice: the field messages one per line (spec accounts 8: 'Error', messages on
 * separate lines), else the server's message; no connection says so; a local refusal its own
 * message; anything else a fallback the screen chooses.
 *
 * Example: a 422 `{ error: { message: "…", details: { fields: { email: ["The email field is
 * required."] } } } }` gives `serverFieldErrors` `{ email: "The email field is required." }`
 * and `failureText` "The email field is required.".
 */
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { ApiCallError, NetworkError } from "./api.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `details.fields`, each field a list of messages, or null (checked by hand: zod is not loaded
 * with the sign-in page this module is part of).
 */
function fieldsOf(details: unknown): Record<string, string[]> | null {
  if (!isRecord(details) || !isRecord(details.fields)) return null;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(details.fields)) {
    if (!Array.isArray(messages) || !messages.every((m) => typeof m === "string")) return null;
    fields[field] = messages;
  }
  return fields;
}

/** The server's field messages (its `errors` object), if the failure was a validation error. */
export function serverFieldMessages(err: unknown): Record<string, string[]> | null {
  if (!(err instanceof ApiCallError)) return null;
  const fields = fieldsOf(err.details);
  return fields && Object.keys(fields).length > 0 ? fields : null;
}

/** The first server message of each refused field, to show by the field (the forms' FieldErrors). */
export function serverFieldErrors(err: unknown): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(serverFieldMessages(err) ?? {})) errors[field] = messages[0];
  return errors;
}

/** What a failure says when nothing better is known. */
export const GENERIC_FAILURE = "Something went wrong. Please try again.";

/** An error class, to name the ones whose message is written for the student. */
// biome-ignore lint/suspicious/noExplicitAny: a constructor of any arguments
type ErrorClass = abstract new (...args: any[]) => Error;

/** How a screen words a failure beyond the server's and the connection's own words. */
export interface FailureWording {
  /** Said for an error the app does not explain (a bug, a storage failure); default GENERIC_FAILURE. */
  fallback?: string;
  /** Said when no connection answered, where the screen names what needs one; default ACCOUNT_MESSAGES.needsConnection. */
  offline?: string;
  /**
   * Error classes whose message is written for the student (e.g. [QuestionInputError]); `Error`
   * shows any error's message. An error that carries a `reason` (a local refusal) always does.
   */
  explains?: readonly ErrorClass[];
}

/** A local error that says why it refused: its message is written for the student. */
function carriesReason(err: unknown): err is Error & { reason: unknown } {
  return err instanceof Error && "reason" in err && err.reason !== undefined && err.reason !== null;
}

/**
 * What any failure says in its 'Error' notification or notice: the server's field messages one
 * per line, else the server's message; no connection says so (in the screen's words, if it has
 * them); a local refusal (an error with a `reason`, or a class in `explains`) its message;
 * anything else the fallback.
 */
export function failureText(err: unknown, wording: FailureWording = {}): string {
  const fields = serverFieldMessages(err);
  if (fields) return Object.values(fields).flat().join("\n");
  if (err instanceof ApiCallError) return tooManyAttemptsText(err) ?? err.message;
  if (err instanceof NetworkError) return wording.offline ?? ACCOUNT_MESSAGES.needsConnection;
  const explained = carriesReason(err) || wording.explains?.some((kind) => err instanceof kind);
  if (explained && err instanceof Error && err.message) return err.message;
  return wording.fallback ?? GENERIC_FAILURE;
}

/**
 * The server refused the request itself (a spent or wrong token, invalid input): trying again
 * will not help. No connection, a server fault or a rate limit (429) may pass on another try.
 */
export function isRefusal(err: unknown): boolean {
  return err instanceof ApiCallError && err.status < 500 && err.status !== 429;
}

/**
 * A brute-force limit's refusal (429 with `retry_after_seconds` in its details, the Retry-After
 * header's value) in minutes: "Too many attempts. Please wait 2 minutes and try again."
 */
export function tooManyAttemptsText(err: ApiCallError): string | undefined {
  if (err.status !== 429 || typeof err.details !== "object" || err.details === null) return undefined;
  const seconds = (err.details as { retry_after_seconds?: unknown }).retry_after_seconds;
  if (typeof seconds !== "number" || !(seconds > 0)) return undefined;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}
