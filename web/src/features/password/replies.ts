/**
 * The password calls (spec accounts 7), each reply parsed with its schema. What a failure says
 * in its 'Error' notification comes from local/form-errors.ts, shared with the joining pages.
 */
import { type AccountFormReply, accountFormReplySchema } from "@preflight/sync-protocol";
import { apiCall } from "../../local/api.ts";

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
