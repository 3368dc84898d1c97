/**
 * The password calls (spec accounts 7), each reply parsed with its catalogue entry's schema. What
 * a failure says in its 'Error' notification comes from local/form-errors.ts, shared with the
 * joining pages.
 */

import { accountsRoutes } from "@preflight/sync-protocol/routes/accounts";
import type { AccountFormReply } from "@preflight/sync-protocol/schemas/accounts";
import { call } from "../../local/api.ts";

/** POST /password/email: a link by mail, or a code when the app runs installed (offline). */
export function requestPasswordReset(email: string, offline: boolean): Promise<AccountFormReply> {
  return call(accountsRoutes.passwordEmail, { body: { email, offline } });
}

export interface PasswordResetPost {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function resetPassword(payload: PasswordResetPost): Promise<AccountFormReply> {
  return call(accountsRoutes.passwordReset, { body: payload });
}
