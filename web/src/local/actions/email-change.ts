/**
 * Changing the e-mail address (spec accounts: Personal Details; the address is confirmed by mail
 * before it takes effect). Unlike the other profile edits this is never queued: the server
 * refuses a queued `POST /profile/account` whose e-mail differs from the stored one, and the
 * change needs the current password, which never rests on the device. So:
 *
 *   requestEmailChange → POST /profile/email {email, current_password} (online, signed in)
 *     → {success, message, pending_email}; the device's copy of the profile notes the pending
 *     address at once so the page shows it, offline too, until the next profile pull.
 *   confirmEmailChange → POST /email/confirm {token} (no session: any browser may open the link)
 *     → {success, message, redirect}.
 *
 * Offline (no answer at all) both throw NetworkError; the page says ACCOUNT_MESSAGES.needsConnection.
 */

import { accountsRoutes } from "@preflight/sync-protocol/routes/accounts";
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import {
  type AccountFormReply,
  emailChangeConfirmSchema,
  emailChangeSchema,
  RESET_REDIRECT_DELAY_MS,
} from "@preflight/sync-protocol/schemas/accounts";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { v7 as uuidv7 } from "uuid";
import { type CallReply, call } from "../api.ts";
import type { LocalScope } from "../outbox/action.ts";
import { getMeta } from "../store/db.ts";
import { fieldErrors, ProfileInputError } from "./profile.ts";

/** After a confirmed change the page goes to sign-in after 2 s, as the reset form does (spec accounts 9). */
export const EMAIL_CONFIRM_REDIRECT_DELAY_MS = RESET_REDIRECT_DELAY_MS;

export type EmailChangeReply = CallReply<typeof accountsRoutes.changeEmail>;

/**
 * Asks the server to send a confirmation link to `email`. Throws ProfileInputError for input the
 * server would refuse (nothing sent), ApiCallError for the server's refusal (a wrong password,
 * an address in use), NetworkError offline.
 */
export async function requestEmailChange(
  scope: LocalScope,
  input: { email: string; current_password: string },
): Promise<EmailChangeReply> {
  const parsed = emailChangeSchema.safeParse(input);
  if (!parsed.success) throw new ProfileInputError("invalid_field", fieldErrors(parsed.error));
  const reply = await call(accountsRoutes.changeEmail, { body: parsed.data, headers: { "Idempotency-Key": uuidv7() } });
  await notePendingEmail(scope, reply.pending_email);
  return reply;
}

/** The device's profile shows the address waiting for its link (the next profile pull confirms it). */
async function notePendingEmail(scope: LocalScope, pending: string): Promise<void> {
  const { db } = scope;
  await db.transaction("rw", db.meta, async () => {
    const profile = await getMeta<PulledProfile>(db, "profile");
    if (!profile?.account) return;
    const next: PulledProfile = { ...profile, account: { ...profile.account, pending_email: pending } };
    await db.meta.put({ key: "profile", value: next });
  });
}

/** Follows the confirmation link's token: the new address takes effect. Throws ApiCallError or NetworkError. */
export async function confirmEmailChange(token: string): Promise<AccountFormReply> {
  const parsed = emailChangeConfirmSchema.safeParse({ token });
  if (!parsed.success) throw new ProfileInputError("invalid_field", { token: [ACCOUNT_MESSAGES.emailChangeInvalid] });
  return call(accountsRoutes.confirmEmail, { body: parsed.data });
}
