/** What the login page says when a sign-in is refused, by the server or by the device. */
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { OfflineSignInError } from "../../local/account/offline-sign-in-error.ts";
import { ApiCallError, NetworkError } from "../../local/api.ts";
import { tooManyAttemptsText } from "../../local/form-errors.ts";

export interface SignInProblem {
  message: string;
  /** The account exists but its activation link was not followed: offer to send a new one. */
  offerResend: boolean;
}

export function signInProblem(err: unknown): SignInProblem {
  if (err instanceof ApiCallError && err.code === "inactive_account")
    return { message: ACCOUNT_MESSAGES.inactive, offerResend: true };
  // Too many attempts: how long to wait, from the refusal's Retry-After.
  const wait = err instanceof ApiCallError ? tooManyAttemptsText(err) : undefined;
  if (wait) return { message: wait, offerResend: false };
  // The server's own words: wrong credentials, a validation message.
  if (err instanceof ApiCallError || err instanceof OfflineSignInError)
    return { message: err.message, offerResend: false };
  if (err instanceof NetworkError) return { message: ACCOUNT_MESSAGES.needsConnection, offerResend: false };
  return { message: "Something went wrong. Please try again.", offerResend: false };
}
