/**
 * The mails of password recovery and the e-mail change, each rendered by the one mail layout.
 * Links point at the app's pages (APP_URL); the pages post the token to the API.
 */
import { RESET_CODE_LENGTH } from "@preflight/sync-protocol/schemas/accounts";
import { type AppDeps, appLink } from "../../deps.ts";
import { renderMail } from "../../mail/layout.ts";
import type { MailMessage } from "../../mail/outbox.ts";
import { greeting, mailToAccountHolder, type Recipient } from "./account-holder-mail.ts";

const NOT_YOU = "If you did not ask for this, you can ignore this e-mail: nothing changes.";

/** Written in two groups of four (ABCD-EFGH) so it is easy to read; the dash may be typed or not. */
export function formatCode(code: string): string {
  const half = Math.ceil(RESET_CODE_LENGTH / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

export function resetLinkMail(deps: AppDeps, to: Recipient, token: string): MailMessage {
  const url = appLink(deps, `/password/reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(to.email)}`);
  return mailToAccountHolder(to, {
    subject: "Reset your password",
    paragraphs: ["We received a request to reset the password of your account. Follow the link to choose a new one."],
    action: { label: "Reset password", url },
    after: ["The link can be used once and is valid for 60 minutes.", NOT_YOU],
  });
}

export function resetCodeMail(to: Recipient, code: string): MailMessage {
  return mailToAccountHolder(to, {
    subject: "Your password reset code",
    paragraphs: [
      "We received a request from the installed app to reset the password of your account.",
      `Your reset code is: ${formatCode(code)}`,
      "Type this code in the Token field of the app's reset password form, with your e-mail address and your new password.",
    ],
    after: ["The code can be used once and is valid for 60 minutes.", NOT_YOU],
  });
}

export function passwordChangedMail(deps: AppDeps, to: Recipient): MailMessage {
  return mailToAccountHolder(to, {
    subject: "Your password was changed",
    paragraphs: [
      "The password of your account was just changed, and every device signed in to it was signed out.",
      "If you did not do this, ask for a new password at once: open the sign-in page and choose Forgotten password.",
    ],
    action: { label: "Sign in", url: appLink(deps, "/login") },
  });
}

export function emailChangeConfirmMail(deps: AppDeps, to: Recipient, newEmail: string, token: string): MailMessage {
  return renderMail({
    to: newEmail,
    subject: "Confirm your new e-mail address",
    greeting: greeting(to),
    paragraphs: [
      `You asked to use this address, ${newEmail}, for your account instead of ${to.email}. Follow the link to confirm it.`,
    ],
    action: {
      label: "Confirm e-mail address",
      url: appLink(deps, `/email/confirm?token=${encodeURIComponent(token)}`),
    },
    after: ["Your address changes only when you follow the link. It is valid for 24 hours.", NOT_YOU],
  });
}

/** To the new address when it already has an account: no link, and the asker learns nothing. */
export function emailTakenMail(deps: AppDeps, newEmail: string): MailMessage {
  return renderMail({
    to: newEmail,
    subject: "Someone tried to use your e-mail address",
    greeting: "Hello,",
    paragraphs: [
      "Someone asked to move another account to this e-mail address. This address already has an account, so nothing was changed.",
      "If it was you, sign in with this address instead. If you have forgotten its password, you can reset it.",
    ],
    action: { label: "Sign in", url: appLink(deps, "/login") },
    after: [NOT_YOU],
  });
}

/** To the old address when a change is asked for, so a stolen session cannot move the account quietly. */
export function emailChangeNoticeMail(deps: AppDeps, to: Recipient, newEmail: string): MailMessage {
  return mailToAccountHolder(to, {
    subject: "A change of your e-mail address was requested",
    paragraphs: [
      `A change of your account's e-mail address to ${newEmail} was requested. It takes effect only when the link sent to ${newEmail} is followed.`,
      "If you did not ask for this, change your password now: the request needed it.",
    ],
    action: { label: "Open your profile", url: appLink(deps, "/profile") },
  });
}
