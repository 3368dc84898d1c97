/**
 * One mail of a kind per address a minute (spec-silent, issue 12): a second registration,
 * resend or reset for the same address within MAIL_REQUEST_INTERVAL_MS is refused with 429.
 * Counted per address whether or not it has an account, so the refusal reveals nothing.
 */
import { ACCOUNT_MESSAGES, MAIL_REQUEST_INTERVAL_MS } from "@preflight/sync-protocol/schemas/accounts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";
import { ApiError } from "../errors.ts";

export type MailRequestKind = "registration" | "activation" | "password_reset" | "free_trial" | "email_change";

/** Records the request, or throws too_many_requests when the last one was under a minute ago. */
export async function claimMailRequest(
  db: Kysely<Database> | Transaction<Database>,
  clock: Clock,
  email: string,
  kind: MailRequestKind,
): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - MAIL_REQUEST_INTERVAL_MS).toISOString();
  const row = await db
    .selectFrom("mail_requests")
    .select("requested_at")
    .where("email", "=", email)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (row && row.requested_at > since) throw new ApiError("too_many_requests", ACCOUNT_MESSAGES.tooSoon);
  // The update only wins when the stored time is still old, so two racing requests cannot both pass.
  if (row) {
    const won = await db
      .updateTable("mail_requests")
      .set({ requested_at: now.toISOString() })
      .where("email", "=", email)
      .where("kind", "=", kind)
      .where("requested_at", "<=", since)
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) throw new ApiError("too_many_requests", ACCOUNT_MESSAGES.tooSoon);
    return;
  }
  const inserted = await db
    .insertInto("mail_requests")
    .values({ email, kind, requested_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["email", "kind"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
    throw new ApiError("too_many_requests", ACCOUNT_MESSAGES.tooSoon);
}
