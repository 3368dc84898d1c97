import type { MutationTemplate } from "@preflight/sync-protocol/mutations";
import type { ErrorCode } from "@preflight/sync-protocol/schemas/errors";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import type { AuthedUser, Clock } from "../deps.ts";

/** What a mutation's effect sees: the open transaction, who sent it, and when. */
export interface EffectContext {
  trx: Transaction<Database>;
  user: AuthedUser;
  params: Record<string, string>;
  mutationId: string;
  /** The device's time of the intent. */
  createdAt: string;
  clock: Clock;
}

/**
 * An effect either applies, or refuses after keeping what must be kept on record (for example
 * an answer that arrived after its test was finished elsewhere). Thrown errors roll the
 * effect back entirely.
 */
export type EffectOutcome =
  | { status: "applied"; reply: unknown }
  | { status: "failed"; error: { code: ErrorCode; message: string } };

export type Effect = (ctx: EffectContext, body: unknown) => Promise<EffectOutcome>;
export type EffectTable = Record<MutationTemplate, Effect>;
