/**
 * The joining forms' calls (spec accounts 7), each reply parsed with its schema. What a failure
 * says comes from local/form-errors.ts, shared with the password pages.
 */
import {
  type AccountFormReply,
  accountFormReplySchema,
  type FreeTrialFormReply,
  freeTrialFormReplySchema,
  type RegistrationFormReply,
  registrationFormReplySchema,
} from "@preflight/sync-protocol";
import { apiCall, postForm } from "../../local/api.ts";

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
