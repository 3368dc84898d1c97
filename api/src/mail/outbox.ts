/**
 * Mail is written to `mail_outbox` in the same transaction as the change that sends it (an
 * account, a reset token), so a change never lands without its mail queued, and a mail never
 * leaves for a change that was rolled back. `MailDelivery` sends the rows after commit.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function queueMail(
  db: Kysely<Database> | Transaction<Database>,
  clock: Clock,
  message: MailMessage,
): Promise<string> {
  const id = randomUUID();
  const now = clock.now().toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      created_at: now,
      next_attempt_at: now,
      claimed_until: null,
      sent_at: null,
      last_error: null,
    })
    .execute();
  return id;
}
