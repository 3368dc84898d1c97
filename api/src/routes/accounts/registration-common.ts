/** What registration and the free trial share: the account an address has, their replies and refusals. */
import type { AccountFormReply } from "@preflight/sync-protocol/schemas/accounts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";

export interface Account {
  id: string;
  email: string;
  firstname: string;
  active: 0 | 1;
}

/** The account an address (already lower-cased by the schema) has, if any. */
export async function accountByEmail(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<Account | undefined> {
  return db
    .selectFrom("users")
    .select(["id", "email", "firstname", "active"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** Every joining form's reply: a message to show, then the sign-in page. */
export const formReply = (message: string): AccountFormReply => ({ success: true, message, redirect: "/login" });

/** A field's refusal decided here rather than by the schema, with the same `errors` map. */
export const fieldError = (field: string, message: string) =>
  new ApiError("bad_request", message, { fields: { [field]: [message] } });

/** Fits an integer column on both databases (PostgreSQL refuses a larger number with an error). */
export const isRowId = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647;
