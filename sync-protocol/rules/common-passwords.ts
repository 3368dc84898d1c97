/**
 * Common passwords (issue 14): a new password that is one of the most common passwords is
 * refused, as well as one shorter than the spec's 6 characters. One rule for both sides: the
 * forms check it before posting, and the server checks it again in the same schemas.
 *
 * Only new passwords are checked (registration, reset, the free trial's chosen password through
 * the reset form, the profile's Change Password): an existing account whose password is on the
 * list still signs in.
 */
import { COMMON_PASSWORDS_TEXT } from "./common-passwords.data.ts";

export { COMMON_PASSWORD_MESSAGE } from "./account-messages.ts";

let commonPasswords: ReadonlySet<string> | undefined;

/** True when `password`, compared without case, is on the list (built on first use). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return commonPasswords.has(password.toLowerCase());
}
