/**
 * The frame every account mail shares: sent to the account holder's address and greeted by
 * their first name, in the one mail layout (mail/layout.ts).
 */
import { type MailContent, renderMail } from "../../mail/layout.ts";
import type { MailMessage } from "../../mail/outbox.ts";

export interface Recipient {
  email: string;
  firstname: string;
}

export const greeting = (to: Recipient) => `Hello ${to.firstname},`;

/** A mail to `to`'s address that greets them by name. */
export function mailToAccountHolder(to: Recipient, content: Omit<MailContent, "to" | "greeting">): MailMessage {
  return renderMail({ to: to.email, greeting: greeting(to), ...content });
}
