/**
 * The mails of joining: the activation link, the free trial's login details, and what an
 * address that already has an account gets instead (the reply on the page is the same either
 * way, so only the address's owner learns that it has an account).
 */
import { ACTIVATION_TOKEN_TTL_MS, FREE_TRIAL_DAYS } from "@preflight/sync-protocol/schemas/accounts";
import { type AppDeps, appLink } from "../../deps.ts";
import { PRODUCT_NAME } from "../../mail/layout.ts";
import type { MailMessage } from "../../mail/outbox.ts";
import { mailToAccountHolder, type Recipient } from "./account-holder-mail.ts";

const ACTIVATION_DAYS = ACTIVATION_TOKEN_TTL_MS / (24 * 60 * 60 * 1000);

/**
 * To an address that already has an account, instead of a joining mail: what was tried, and where
 * to go instead (sign in, or reset a forgotten password).
 */
function existingAccountMail(deps: AppDeps, to: Recipient, subject: string, whatHappened: string): MailMessage {
  return mailToAccountHolder(to, {
    subject,
    paragraphs: [whatHappened],
    action: { label: "Sign in", url: appLink(deps, "/login") },
    after: [
      `Forgotten your password? Choose a new one here: ${appLink(deps, "/password/forgot")}`,
      "If it was not you, you can ignore this e-mail.",
    ],
  });
}

export function activationMail(deps: AppDeps, to: Recipient, token: string): MailMessage {
  return mailToAccountHolder(to, {
    subject: "Activate your account",
    paragraphs: [
      `Thank you for registering with ${PRODUCT_NAME}. Follow the link below to activate your account; then sign in with your e-mail address and the password you chose.`,
    ],
    action: { label: "Activate your account", url: appLink(deps, `/register/activate?token=${token}`) },
    after: [
      `The link works once and for ${ACTIVATION_DAYS} days. If it has expired, ask for a new one on the sign-in page.`,
      "If you did not register, ignore this e-mail: the account stays inactive.",
    ],
  });
}

/** Someone registered an address whose account is already active. */
export function alreadyRegisteredMail(deps: AppDeps, to: Recipient): MailMessage {
  return existingAccountMail(
    deps,
    to,
    "Someone tried to register with your address",
    `Someone just tried to register a new ${PRODUCT_NAME} account with this e-mail address. You already have an account, so nothing was changed.`,
  );
}

export interface FreeTrialDetails {
  licence: string;
  start: string;
  end: string;
}

/** The free trial's login details: the username, and a link to choose a password. */
export function freeTrialMail(deps: AppDeps, to: Recipient, token: string, trial: FreeTrialDetails): MailMessage {
  const url = appLink(deps, `/password/reset?token=${token}&email=${encodeURIComponent(to.email)}`);
  return mailToAccountHolder(to, {
    subject: "Your free trial",
    paragraphs: [
      `Your ${FREE_TRIAL_DAYS}-day free trial of ${PRODUCT_NAME} (${trial.licence}) runs from ${trial.start} to ${trial.end}.`,
      `Your login details: your username is ${to.email}. Choose your password with the link below, then sign in.`,
    ],
    action: { label: "Choose your password", url },
    after: [
      `The link works once and for ${ACTIVATION_DAYS} days. If it has expired, use "Forgotten password" on the sign-in page.`,
    ],
  });
}

/** Someone asked for a free trial for an address that already has an account: no second trial. */
export function alreadyHasAccountMail(deps: AppDeps, to: Recipient): MailMessage {
  return existingAccountMail(
    deps,
    to,
    "You already have an account",
    `Someone just asked for a ${PRODUCT_NAME} free trial with this e-mail address. You already have an account, so no new trial was started: sign in with your account instead.`,
  );
}
