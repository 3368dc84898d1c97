/**
 * The account and profile forms' messages, apart from their schemas (schemas/accounts.ts and
 * schemas/profile.ts re-export them) and from the common-password list: a page that only words
 * a message (the sign-in page) loads neither zod nor the list.
 */

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less guessable one.";

export const PROFILE_MESSAGES = {
  updated: "Your profile details have been updated.",
  preferencesUpdated: "Your email preferences have been updated.",
  emailInvalid: "A valid email is required",
  passwordsMustMatch: "Passwords must match",
  passwordTooShort: "Password must be at least 6 characters.",
  /** Issue 14: the spec has no wording for it; the product's own. */
  passwordTooCommon: COMMON_PASSWORD_MESSAGE,
  currentPasswordWrong: "Your current password is not correct.",
  emailTaken: "This email address is already used by another account.",
  syllabusUnavailable: "That exam is not available.",
  classSyllabus: "Your exam is managed for your class and cannot be changed.",
} as const;

/** Spec accounts 5 and 8, and the product's own words where the spec is silent. */
export const ACCOUNT_MESSAGES = {
  invalidEmail: "Invalid e-mail address.",
  passwordMismatch: "Password does not match.",
  passwordTooShort: PROFILE_MESSAGES.passwordTooShort,
  passwordTooCommon: PROFILE_MESSAGES.passwordTooCommon,
  examRequired: "The exam field is required.",
  examUnavailable: "That exam is not open for registration.",
  formExpired: "This form has expired. Please reload the page and try again.",
  tooSoon: "We have just sent an e-mail to this address. Please wait a minute before asking again.",
  registered:
    "Thank you for registering. We have sent an activation link to your e-mail address: follow it to activate your account.",
  activated: "Your account is now active. You may sign in.",
  activationInvalid: "This activation link is invalid or has expired. You can ask for a new one below.",
  activationResent: "If that address has an account waiting for activation, we have sent it a new activation link.",
  inactive: "Your account has not been activated yet. Please follow the link in the activation e-mail we sent you.",
  resetLinkSent: "If that address has an account, we have e-mailed it a link to reset your password.",
  resetCodeSent: "If that address has an account, we have e-mailed it a code to reset your password.",
  resetDone: "Your password has been reset. You may now sign in.",
  resetInvalid: "This password reset token is invalid or has expired.",
  freeTrialSuccess:
    "You may now sign in and start accessing the question bank. Please check your e-mail to find your login details.",
  licenceTypeUnavailable: "That licence type is not available for a free trial.",
  emailChangeSent:
    "We have sent a confirmation link to your new e-mail address. Your address changes when you follow it.",
  emailChanged: "Your e-mail address has been changed. Please sign in with your new address.",
  emailChangeInvalid: "This confirmation link is invalid or has expired.",
  emailChangeNeedsPassword: "Enter your current password to change your e-mail address.",
  emailChangeSame: "This is already your e-mail address.",
  /** POST /profile/account no longer changes the address: the confirmed change does. */
  emailChangeSeparately:
    "Your e-mail address is changed with Change e-mail, which needs a connection and your current password, and a confirmation from the new address.",
  needsConnection: "You need a connection to do this. Please try again when you are online.",
  offlineAccount: "This account is linked to an offline installation. Please log in to the online product to edit it.",
} as const;
