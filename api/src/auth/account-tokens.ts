/**
 * Tokens mailed to a student: activation (7 days), password reset by link or by an offline
 * code (60 minutes), e-mail change (24 hours). Only a sha256 of a token is stored; a token is
 * single use, and issuing a new one of a purpose retires the older ones. A long link token is
 * found by its hash; a short offline code is looked up by the account and compared in constant
 * time, and dies after RESET_CODE_MAX_ATTEMPTS wrong tries.
 */
import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  RESET_CODE_ALPHABET,
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
} from "@preflight/sync-protocol/schemas/accounts";
import type { Kysely, Transaction } from "kysely";
import type { AccountTokensTable, Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";
import { hashToken } from "./session.ts";

type Db = Kysely<Database> | Transaction<Database>;
export type TokenPurpose = AccountTokensTable["purpose"];

/** Issues a token (a 32-byte url-safe string, or an offline reset code) and retires older ones. */
export async function issueToken(
  db: Db,
  clock: Clock,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  extra: { newEmail?: string } = {},
): Promise<string> {
  const token = purpose === "password_reset_code" ? resetCode() : randomBytes(32).toString("base64url");
  const now = clock.now();
  await db
    .updateTable("account_tokens")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("account_tokens")
    .values({
      id: hashToken(token),
      user_id: userId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
      new_email: extra.newEmail ?? null,
    })
    .execute();
  return token;
}

function resetCode(): string {
  let code = "";
  for (let i = 0; i < RESET_CODE_LENGTH; i++) code += RESET_CODE_ALPHABET[randomInt(RESET_CODE_ALPHABET.length)];
  return code;
}

/** Codes are typed by hand: spaces and dashes are ignored, letters taken in upper case. */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

export interface ConsumedToken {
  userId: string;
  newEmail: string | null;
}

/** Uses a link token once: null when unknown, of another purpose, used or expired. */
export async function consumeToken(
  db: Db,
  clock: Clock,
  token: string,
  purposes: TokenPurpose[],
): Promise<ConsumedToken | null> {
  const now = clock.now().toISOString();
  const row = await db
    .selectFrom("account_tokens")
    .select(["id", "user_id", "purpose", "expires_at", "used_at", "new_email"])
    .where("id", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || !purposes.includes(row.purpose) || row.used_at !== null || row.expires_at <= now) return null;
  const used = await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return null;
  return { userId: row.user_id, newEmail: row.new_email };
}

/**
 * Uses an account's live offline reset code once. A wrong code counts a try against every live
 * code of the account; the last allowed wrong try retires them.
 */
export async function consumeCode(db: Db, clock: Clock, userId: string, typed: string): Promise<boolean> {
  const now = clock.now().toISOString();
  const live = await db
    .selectFrom("account_tokens")
    .select(["id", "attempts"])
    .where("user_id", "=", userId)
    .where("purpose", "=", "password_reset_code")
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
  const typedHash = Buffer.from(hashToken(normaliseCode(typed)), "hex");
  const match = live.find((row) => timingSafeEqual(Buffer.from(row.id, "hex"), typedHash));
  if (match) {
    const used = await db
      .updateTable("account_tokens")
      .set({ used_at: now })
      .where("id", "=", match.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
  for (const row of live) {
    const attempts = row.attempts + 1;
    await db
      .updateTable("account_tokens")
      .set({ attempts, used_at: attempts >= RESET_CODE_MAX_ATTEMPTS ? now : null })
      .where("id", "=", row.id)
      .execute();
  }
  return false;
}

/** Retires every live token of a purpose (e.g. reset links once the password changed). */
export async function retireTokens(db: Db, clock: Clock, userId: string, purposes: TokenPurpose[]): Promise<void> {
  await db
    .updateTable("account_tokens")
    .set({ used_at: clock.now().toISOString() })
    .where("user_id", "=", userId)
    .where("purpose", "in", purposes)
    .where("used_at", "is", null)
    .execute();
}
