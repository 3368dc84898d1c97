/**
 * The joining forms' calls (spec accounts 7), each reply parsed with its schema, and what a
 * failure says: the server's field messages one per line (spec 8: 'Error', messages on separate
 * lines), else its message; no connection says so.
 */
import {
  ACCOUNT_MESSAGES,
  type AccountFormReply,
  accountFormReplySchema,
  type FreeTrialFormReply,
  freeTrialFormReplySchema,
  type RegistrationFormReply,
  registrationFormReplySchema,
} from "@preflight/sync-protocol";
import { z } from "zod";
import { ApiCallError, apiCall, NetworkError, postForm } from "../../local/api.ts";
import type { FieldErrors } from "../../ui/FormField.tsx";

export async function loadRegistrationForm(): Promise<RegistrationFormReply> {
  const { body } = await apiCall<unknown>("/api/register");
  return registrationFormReplySchema.parse(body);
}

/** The registration form's fields, posted as an ordinary form post (spec: submitted as a form). */
export function postRegistration(fields: Record<string, string>): Promise<AccountFormReply> {
  return postForm("/register", fields, accountFormReplySchema);
}

export async function activateAccount(token: string): Promise<AccountFormReply> {
  const { body } = await apiCall<unknown>("/register/activate", { json: { token } });
  return accountFormReplySchema.parse(body);
}

export async function resendActivation(email: string): Promise<AccountFormReply> {
  const { body } = await apiCall<unknown>("/register/resend", { json: { email } });
  return accountFormReplySchema.parse(body);
}

export async function loadFreeTrialForm(): Promise<FreeTrialFormReply> {
  const { body } = await apiCall<unknown>("/api/free-trial");
  return freeTrialFormReplySchema.parse(body);
}

export interface FreeTrialPost {
  firstname: string;
  lastname: string;
  email: string;
  licence_type_id: number;
  token: string;
  emailPreferences: number[];
}

export async function postFreeTrial(payload: FreeTrialPost): Promise<AccountFormReply> {
  const { body } = await apiCall<unknown>("/free-trial", { json: payload });
  return accountFormReplySchema.parse(body);
}

const fieldsDetails = z.object({ fields: z.record(z.string(), z.array(z.string())) });

/** The server's field messages (its `errors` object), if the failure was a validation error. */
export function serverFieldMessages(err: unknown): Record<string, string[]> | null {
  if (!(err instanceof ApiCallError)) return null;
  const parsed = fieldsDetails.safeParse(err.details);
  return parsed.success && Object.keys(parsed.data.fields).length > 0 ? parsed.data.fields : null;
}

/** The first server message of each field, to show by the field. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {};
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
