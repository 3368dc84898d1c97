import type { MutationTemplate } from "@preflight/sync-protocol/mutations";
import type { ErrorCode } from "@preflight/sync-protocol/schemas/errors";
import type { Transaction } from "kysely";
import type { CombinedWrites } from "../db/combined-writes.ts";
import type { Dialect } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { AuthedUser, Clock } from "../deps.ts";

/**
 * What every mutation of a run shares: the open transaction and how it came. A run may hold
 * several students' mutations (a group of pushes applied at once), so who sent each is its item's.
 */
export interface BatchContext {
  trx: Transaction<Database>;
  params: Record<string, string>;
  /** createdAt was read from the device's clock (an outbox change), not the server's (a direct call). */
  deviceClock: boolean;
  clock: Clock;
  dialect: Dialect;
  /**
   * PostgreSQL, a group's answers applied together: the run's writes are added here and go out
   * with the statement that stores the group's mutation rows (db/combined-writes.ts). Since they
   * run later, a write must not count on its effect being seen by the run.
   */
  combined?: CombinedWrites;
  /**
   * A group's answers applied together (sync/replay.ts `answerPushesTogether`): a unique id held
   * already fails the write, and the group is applied again push by push, so the batch may leave
   * its ids unchecked. Elsewhere a held id is the one mutation's refusal and must be found first.
   */
  heldIdRedoesGroup?: boolean;
}

/** One mutation of a run: who sent it, its id, when it was meant, how long it waited, and its parsed body. */
export interface BatchItem {
  userId: string;
  mutationId: string;
  /** The device's time of the intent. */
  createdAt: string;
  /** How long the change waited in the device's outbox before it was sent (0: unknown or none). */
  queuedMs: number;
  body: unknown;
}

/** What a mutation's effect sees: the open transaction, who sent it, and when. */
export type EffectContext = BatchContext & { user: AuthedUser } & Omit<BatchItem, "body" | "userId">;

/**
 * Serialises this student's effects that check a count before they write (attempts left): a
 * second device's push waits here until the first commits. SQLite already has one writer.
 */
export async function lockStudent(ctx: Pick<EffectContext, "trx" | "user" | "dialect">): Promise<void> {
  if (ctx.dialect !== "postgres") return;
  await ctx.trx.selectFrom("users").select("id").where("id", "=", ctx.user.id).forUpdate().execute();
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

/**
 * A mutation's outcome within a batch, and whether anything of it remains: `kept` false is a
 * refusal that wrote nothing (what a thrown ApiError is to a single effect).
 */
export interface BatchOutcome {
  outcome: EffectOutcome;
  kept: boolean;
}

/**
 * One call's effect applied to a run of its mutations at once (reads and writes shared by the
 * run), with the same outcome for each as the single effect would give, in order. A throw undoes
 * the whole run; the replayer then applies its mutations one by one.
 */
export type BatchEffect = (ctx: BatchContext, items: BatchItem[]) => Promise<BatchOutcome[]>;
export type BatchEffectTable = Partial<Record<MutationTemplate, BatchEffect>>;

/** A refusal that keeps nothing, as a batch outcome. */
export function refusedItem(code: ErrorCode, message: string): BatchOutcome {
  return { outcome: { status: "failed", error: { code, message } }, kept: false };
}

/**
 * The time of an intent for "the latest intent wins": the device's own time, normalised to
 * ISO-8601 with milliseconds (so strings compare as times), and never later than the server's
 * clock, so a device whose clock runs ahead cannot win every later change.
 */
export function intentTime(ctx: Pick<EffectContext, "createdAt" | "clock">): string {
  const device = new Date(ctx.createdAt);
  const now = ctx.clock.now();
  if (Number.isNaN(device.getTime())) return now.toISOString();
  return (device > now ? now : device).toISOString();
}

/** When the intent happened, on the server's clock: its arrival less its wait in the outbox. */
export function serverIntentTime(ctx: Pick<EffectContext, "queuedMs" | "clock">): Date {
  return new Date(ctx.clock.now().getTime() - ctx.queuedMs);
}
