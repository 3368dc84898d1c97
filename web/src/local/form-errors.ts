/**
 * What a failed call says, for the forms and pages that show it: the server's field messages
 * (its error body's `details.fields`) by their fields, and one text for the 'Error' notification
 * or the form's notice: the field messages one per line (spec accounts 8: 'Error', messages on
 * separate lines), else the server's message; no connection says so.
 *
 * Example: a 422 `{ error: { message: "…", details: { fields: { email: ["The email field is
 * required."] } } } }` gives `serverFieldErrors` `{ email: "The email field is required." }`
 * and `failureText` "The email field is required.".
 */
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol";
import { z } from "zod";
import { ApiCallError, NetworkError } from "./api.ts";

const fieldsDetails = z.object({ fields: z.record(z.string(), z.array(z.string())) });

/** The server's field messages (its `errors` object), if the failure was a validation error. */
export function serverFieldMessages(err: unknown): Record<string, string[]> | null {
  if (!(err instanceof ApiCallError)) return null;
  const parsed = fieldsDetails.safeParse(err.details);
  return parsed.success && Object.keys(parsed.data.fields).length > 0 ? parsed.data.fields : null;
}

/** The first server message of each refused field, to show by the field (the forms' FieldErrors). */
export function serverFieldErrors(err: unknown): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(serverFieldMessages(err) ?? {})) errors[field] = messages[0];
  return errors;
}

/** What a failed call says in its 'Error' notification. */
export function failureText(err: unknown): string {
  const fields = serverFieldMessages(err);
  if (fields) return Object.values(fields).flat().join("\n");
  if (err instanceof ApiCallError) return err.message;
  if (err instanceof NetworkError) return ACCOUNT_MESSAGES.needsConnection;
  return "Something went wrong. Please try again.";
}

/**
 * The server refused the request itself (a spent or wrong token, invalid input): trying again
 * will not help. No connection, a server fault or a rate limit (429) may pass on another try.
 */
export function isRefusal(err: unknown): boolean {
  return err instanceof ApiCallError && err.status < 500 && err.status !== 429;
}
