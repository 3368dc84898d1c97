/**
 * The joining forms' calls (spec accounts 7), each reply parsed with its catalogue entry's
 * schema. What a failure says comes from local/form-errors.ts, shared with the password pages.
 */

import { accountsRoutes } from "@preflight/sync-protocol/routes/accounts";
import type {
  AccountFormReply,
  FreeTrialFormReply,
  RegistrationFormReply,
} from "@preflight/sync-protocol/schemas/accounts";
import { call } from "../../local/api.ts";

export function loadRegistrationForm(): Promise<RegistrationFormReply> {
  return call(accountsRoutes.registrationForm);
}

/**
 * The registration form's fields, posted as an ordinary form post (spec: submitted as a form).
 * The form has checked them with the same schema (checkRegistration), so they read as the body.
 */
export async function postRegistration(fields: Record<string, string>): Promise<AccountFormReply> {
  return call(accountsRoutes.register, { body: accountsRoutes.register.body.parse(fields), encoding: "form" });
}

export function activateAccount(token: string): Promise<AccountFormReply> {
  return call(accountsRoutes.activate, { body: { token } });
}

export function resendActivation(email: string): Promise<AccountFormReply> {
  return call(accountsRoutes.resendActivation, { body: { email } });
}

export function loadFreeTrialForm(): Promise<FreeTrialFormReply> {
  return call(accountsRoutes.freeTrialForm);
}

export interface FreeTrialPost {
  firstname: string;
  lastname: string;
  email: string;
  licence_type_id: number;
  token: string;
  emailPreferences: number[];
}

export function postFreeTrial(payload: FreeTrialPost): Promise<AccountFormReply> {
  return call(accountsRoutes.freeTrial, { body: payload });
}
