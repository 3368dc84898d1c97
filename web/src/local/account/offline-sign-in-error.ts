/**
 * An offline sign-in refused by the device, apart from session.ts so the sign-in page can tell it
 * without loading the device database (session.ts re-exports it).
 */

/** The server's answer to a wrong password (api/src/routes/auth.ts); an offline refusal says the same. */
export const WRONG_CREDENTIALS_MESSAGE = "These credentials do not match our records.";
export const FIRST_SIGN_IN_NEEDS_CONNECTION =
  "The first sign-in on this device needs a connection. Please try again when you are online.";

/** An offline sign-in refused by the device. */
export class OfflineSignInError extends Error {
  readonly reason: "wrong_password" | "needs_connection";
  constructor(reason: OfflineSignInError["reason"]) {
    super(reason === "wrong_password" ? WRONG_CREDENTIALS_MESSAGE : FIRST_SIGN_IN_NEEDS_CONNECTION);
    this.reason = reason;
  }
}
