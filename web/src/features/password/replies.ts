/**
 * The password calls (spec accounts 7), each reply parsed with its schema, and what a failure
 * says in its 'Error' notification: the server's message, or its field messages one per line.
 */
import { ACCOUNT_MESSAGES, type AccountFormReply, accountFormReplySchema } from "@preflight/sync-protocol";
import { z } from "zod";
import { ApiCallError, apiCall, NetworkError } from "../../local/api.ts";
import type { FieldErrors } from "../../ui/FormField.tsx";

/** POST /password/email: a link by mail, or a code when the app runs installed (offline). */
export async function requestPasswordReset(email: string, offline: boolean): Promise<AccountFormReply> {
  const { body } = await apiCall<unknown>("/password/email", { json: { email, offline } });
  return accountFormReplySchema.parse(body);
}

export interface PasswordResetPost {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export async function resetPassword(payload: PasswordResetPost): Promise<AccountFormReply> {
  const { body } = await apiCall<unknown>("/password/reset", { json: payload });
  return accountFormReplySchema.parse(body);
}

const fieldsDetails = z.object({ fields: z.record(z.string(), z.array(z.string())) });

function serverFieldMessages(err: unknown): Record<string, string[]> | null {
  if (!(err instanceof ApiCallError)) return null;
  const parsed = fieldsDetails.safeParse(err.details);
  return parsed.success && Object.keys(parsed.data.fields).length > 0 ? parsed.data.fields : null;
}

/** The first server message of each refused field, to show by the field. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(serverFieldMessages(err) ?? {})) errors[field] = messages[0];
  return errors;
}

export function failureText(err: unknown): string {
  const fields = serverFieldMessages(err);
  if (fields) return Object.values(fields).flat().join("\n");
  if (err instanceof ApiCallError) return err.message;
  if (err instanceof NetworkError) return ACCOUNT_MESSAGES.needsConnection;
  return "Something went wrong. Please try again.";
}
