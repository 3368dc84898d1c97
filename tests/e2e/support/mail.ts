/**
 * The account specs' mailbox: a real SMTP receiver on the port the e2e server sends to
 * (SMTP_URL in playwright.config.ts). A spec starts it in beforeAll and follows the link or
 * code of each mail the way a student would.
 */
import { type SmtpReceiver, startSmtpReceiver } from "../../../api/src/test-support/smtp-receiver.ts";
import { E2E_SMTP_PORT } from "./env.ts";

export type { ReceivedMail, SmtpReceiver } from "../../../api/src/test-support/smtp-receiver.ts";

export function startMailbox(): Promise<SmtpReceiver> {
  return startSmtpReceiver(E2E_SMTP_PORT);
}

/** The path and query of the first link in a mail that points into the app. */
export function appPathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
