/**
 * Exactly-once replay of queued writes.
 *
 * Every mutation is applied inside one database transaction together with its bookkeeping:
 *   mutations(user_id, id, client_id, seq, call, status, reply)  -- the stored reply
 *   client_cursors(client_id, user_id, last_seq)                 -- per-client order
 * A repeat (same user, same mutation id) returns the stored reply and changes nothing.
 * A seq beyond last_seq + 1 is from the future: refused, so the client resends in order.
 * An effect that fails still records its failure and advances the cursor, so one bad
 * mutation never blocks the queue behind it. Direct calls with an Idempotency-Key use the
 * same path without a cursor; there a refusal that kept nothing writes nothing at all.
 *
 * The rows stay bounded: a push whose lowest seq is s tells that the client holds nothing
 * pending below s (its outbox sends in seq order and drops an entry only once answered), so the
 * client's applied rows with seq < s are pruned in that push's transaction (SR23). The cursor
 * keeps high-water marks of what was pruned (pruned_seq, pruned_max_id), and a pruned mutation
 * sent again is answered as a duplicate without its reply.
 */
import { MUTATIONS, resolveCall } from "@preflight/sync-protocol/mutations";
import type { ErrorCode } from "@preflight/sync-protocol/schemas/errors";
import { type Mutation, type PushResult, SYNC_SKIP_CALL } from "@preflight/sync-protocol/schemas/sync";
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import { type PushTransactions, pushTransactions } from "../db/push-transactions.ts";
import type { Database, MutationsTable } from "../db/schema.ts";
import type { AppDeps, AuthedUser } from "../deps.ts";
import { ApiError, validationError } from "../errors.ts";
import { logError } from "../http/log-line.ts";
import type { BatchEffectTable, BatchItem, EffectOutcome, EffectTable } from "./effects.ts";

export interface ReplayRequest {
  id: string;
  call: string;
  body: unknown;
  createdAt: string;
  /** How long the change waited in the device's outbox (0 for a direct call, or when the device did not say). */
  queuedMs?: number;
  /** Present for outbox replay; absent for a direct call with an Idempotency-Key. */
  client?: { clientId: string; seq: number };
}

export type ReplayResult =
  | { status: "applied" | "duplicate"; reply: unknown; failed?: undefined }
  | { status: "failed"; error: { code: string; message: string } }
  | { status: "out_of_order"; expectedSeq: number };

/** An effect's outcome, and whether anything of it remains (see runEffect). */
type EffectRun =
  | { kept: true; outcome: EffectOutcome }
  | { kept: false; outcome: Extract<EffectOutcome, { status: "failed" }> };

export class Replayer {
  /** Pushes that arrive together share a commit on SQLite (db/push-transactions.ts). */
  private readonly transactions: PushTransactions;

  constructor(
    private readonly deps: AppDeps,
    private readonly effects: EffectTable,
    /** Calls whose consecutive mutations in a push are applied as one run. */
    private readonly batched: BatchEffectTable = {},
  ) {
    this.transactions = pushTransactions(deps.db, deps.dialect);
  }

  /**
   * A batch from one client, applied in ONE transaction (on SQLite shared with the pushes that
   * arrived with it, each under its savepoint: db/push-transactions.ts): the cursor row is locked once, the
   * stored replies of the batch are read in one query, each effect runs under its savepoint and
   * its row is written beside it, and the cursor moves once at the end. Exactly-once holds as
   * before (the rows commit with their effects); a push that fails part-way applies nothing, and
   * the device's resend applies it then. Consecutive mutations of a batched call (answers) are
   * applied as one run, and every mutation row is written in multi-row inserts at the end.
   */
  async push(user: AuthedUser, clientId: string, mutations: Mutation[], sentAt?: string): Promise<PushResult[]> {
    const sorted = [...mutations].sort((a, b) => a.seq - b.seq);
    // Never applied under another account (checked before anything of the batch is applied);
    // the client pauses until its own user signs in.
    if (sorted.some((m) => m.clientId === clientId && m.userId !== user.id))
      throw new ApiError("forbidden", "These changes belong to another account");
    try {
      return await this.transactions.run(
        (trx) => this.pushIn(trx, user, clientId, sorted, sentAt),
        Math.max(1, sorted.length),
      );
    } catch (err) {
      // A direct call with one of these ids raced in: take the batch one at a time instead.
      if (isUniqueViolation(err)) return this.pushEach(user, clientId, sorted, sentAt);
      throw err;
    }
  }

  /** The push in its transaction (see `push`); nothing of it stays if it throws. */
  private async pushIn(
    trx: Transaction<Database>,
    user: AuthedUser,
    clientId: string,
    sorted: Mutation[],
    sentAt: string | undefined,
  ): Promise<PushResult[]> {
    const now = this.deps.clock.now().toISOString();
    // Locked first, so a second push of the same batch waits here and then finds the replies.
    const cursor = await lockCursor(trx, this.deps.dialect, user.id, clientId, now);
    const own = sorted.filter((m) => m.clientId === clientId);
    const stored = await storedReplies(
      trx,
      user.id,
      own.map((m) => m.id),
    );
    let last = cursor.last_seq;
    const acknowledged = Math.min((own[0]?.seq ?? 1) - 1, cursor.last_seq);
    const results: PushResult[] = [];
    const rows: Insertable<MutationsTable>[] = [];
    const settle = (m: Mutation, outcome: EffectOutcome) => {
      const row = mutationRow(user.id, { ...m, clientId }, outcome, now);
      rows.push(row.row);
      stored.set(m.id, row.result.status === "applied" ? { status: "duplicate", reply: row.result.reply } : row.result);
      last = m.seq;
      results.push(toPushResult(m, row.result));
    };
    for (let i = 0; i < sorted.length; i++) {
      const m = sorted[i] as Mutation;
      if (m.clientId !== clientId) {
        results.push(otherClient(m));
        continue;
      }
      const expected = last + 1;
      const repeat = stored.get(m.id);
      if (m.seq > expected) {
        results.push({ id: m.id, seq: m.seq, status: "out_of_order", expectedSeq: expected });
        break;
      }
      if (repeat) {
        results.push(toPushResult(m, repeat));
        continue;
      }
      const pruned = prunedRepeat(cursor, m);
      if (pruned) {
        results.push(toPushResult(m, pruned));
        continue;
      }
      if (m.seq < expected) {
        results.push({
          id: m.id,
          seq: m.seq,
          status: "failed",
          error: { code: "conflict", message: `seq ${m.seq} was already used by another change` },
        });
        continue;
      }
      const run = this.batchRun(sorted, i, clientId, stored);
      if (run.length > 1) {
        const outcomes = await this.runBatch(trx, user, run, clientId, sentAt);
        for (const [k, r] of run.entries()) settle(r, outcomes[k] as EffectOutcome);
        i += run.length - 1;
        continue;
      }
      const { outcome } = await this.runEffect(trx, user, replayRequest(m, clientId, sentAt));
      settle(m, outcome);
    }
    await insertMutationRows(trx, rows);
    const marks = await pruneAcknowledged(trx, user.id, clientId, cursor, acknowledged);
    if (last !== cursor.last_seq || marks)
      await trx
        .updateTable("client_cursors")
        .set({ last_seq: last, updated_at: now, ...marks })
        .where("client_id", "=", clientId)
        .execute();
    return results;
  }

  /** The batch one mutation per transaction (each through `apply`). */
  private async pushEach(
    user: AuthedUser,
    clientId: string,
    sorted: Mutation[],
    sentAt: string | undefined,
  ): Promise<PushResult[]> {
    const results: PushResult[] = [];
    for (const m of sorted) {
      if (m.clientId !== clientId) {
        results.push(otherClient(m));
        continue;
      }
      const r = await this.apply(user, replayRequest(m, clientId, sentAt));
      if (r.status === "out_of_order") {
        results.push({ id: m.id, seq: m.seq, status: "out_of_order", expectedSeq: r.expectedSeq });
        break;
      }
      results.push(toPushResult(m, r));
    }
    return results;
  }

  async apply(user: AuthedUser, req: ReplayRequest): Promise<ReplayResult> {
    const { db, dialect, clock } = this.deps;
    const now = clock.now().toISOString();
    const trx = await db.startTransaction().execute();
    try {
      // The client's cursor is locked first, so two concurrent pushes of the same mutation
      // queue here and the second one finds the first one's stored reply below.
      let seq = 0;
      if (req.client) {
        const cursor = await lockCursor(trx, dialect, user.id, req.client.clientId, now);
        const expected = cursor.last_seq + 1;
        const repeat =
          req.client.seq < expected
            ? ((await storedReply(trx, user.id, req.id)) ?? prunedRepeat(cursor, { id: req.id, seq: req.client.seq }))
            : null;
        if (repeat) {
          await trx.commit().execute();
          return repeat;
        }
        if (req.client.seq > expected) {
          await trx.rollback().execute();
          return { status: "out_of_order", expectedSeq: expected };
        }
        if (req.client.seq < expected) {
          await trx.rollback().execute();
          return {
            status: "failed",
            error: { code: "conflict", message: `seq ${req.client.seq} was already used by another change` },
          };
        }
        seq = req.client.seq;
      }
      const stored = await storedReply(trx, user.id, req.id);
      if (stored) {
        await trx.commit().execute();
        return stored;
      }

      const { outcome, kept } = await this.runEffect(trx, user, req);
      if (!req.client && !kept) {
        // A direct call whose effect was refused with nothing kept on record: the caller gets
        // the 4xx and nothing is written, not even the bookkeeping. A retry with the same
        // Idempotency-Key simply runs again; there is no effect to double.
        await trx.rollback().execute();
        return { status: "failed", error: outcome.error };
      }
      const { row, result } = mutationRow(
        user.id,
        { id: req.id, clientId: req.client?.clientId ?? "direct", seq, call: req.call },
        outcome,
        now,
      );
      await insertMutationRows(trx, [row]);
      if (!req.client) await expireDirectRows(trx, user.id, now);
      if (req.client) {
        await trx
          .updateTable("client_cursors")
          .set({ last_seq: seq, updated_at: now })
          .where("client_id", "=", req.client.clientId)
          .execute();
      }
      await trx.commit().execute();
      return result;
    } catch (err) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      // Two direct calls with one Idempotency-Key raced: the loser answers from the winner's reply.
      if (isUniqueViolation(err)) {
        const stored = await storedReply(db, user.id, req.id);
        if (stored) return stored;
      }
      throw err;
    }
  }

  /**
   * The run of mutations from `start` that can be applied at once: the same batched call, next
   * in sequence one after another, none of them a repeat (a run of one is applied on its own).
   */
  private batchRun(sorted: Mutation[], start: number, clientId: string, stored: Map<string, unknown>): Mutation[] {
    const first = sorted[start] as Mutation;
    const template = resolveCall(first.call)?.template;
    if (!template || !this.batched[template]) return [first];
    const run = [first];
    const ids = new Set([first.id]);
    for (let i = start + 1; i < sorted.length; i++) {
      const m = sorted[i] as Mutation;
      const next = m.clientId === clientId && m.call === first.call && m.seq === first.seq + run.length;
      if (!next || stored.has(m.id) || ids.has(m.id)) break;
      run.push(m);
      ids.add(m.id);
    }
    return run;
  }

  /**
   * A run of one call's mutations through its batch effect, under one savepoint: each outcome is
   * what the single effect would give. A body that fails its schema is refused on its own; if the
   * batch throws, its writes are undone and the run is applied one mutation at a time instead, so
   * one bad mutation still never blocks the others.
   */
  private async runBatch(
    trx: Transaction<Database>,
    user: AuthedUser,
    run: Mutation[],
    clientId: string,
    sentAt: string | undefined,
  ): Promise<EffectOutcome[]> {
    const resolved = resolveCall((run[0] as Mutation).call);
    const batch = resolved && this.batched[resolved.template];
    if (!resolved || !batch) throw new Error("runBatch needs a batched call");
    const outcomes: (EffectOutcome | undefined)[] = run.map(() => undefined);
    const items: BatchItem[] = [];
    const positions: number[] = [];
    run.forEach((m, k) => {
      const parsed = MUTATIONS[resolved.template].safeParse(m.body);
      if (!parsed.success) {
        const e = validationError(parsed.error);
        outcomes[k] = { status: "failed", error: { code: e.code, message: e.message } };
        return;
      }
      items.push({
        mutationId: m.id,
        createdAt: m.createdAt,
        queuedMs: queuedMs(m.createdAt, sentAt),
        body: parsed.data,
      });
      positions.push(k);
    });
    // Every body refused by its schema: nothing to apply.
    if (items.length === 0) return outcomes as EffectOutcome[];
    await sql`savepoint effects`.execute(trx);
    try {
      const applied = await batch(
        {
          trx,
          user,
          params: resolved.params,
          deviceClock: true,
          clock: this.deps.clock,
          dialect: this.deps.dialect,
        },
        items,
      );
      await sql`release savepoint effects`.execute(trx);
      applied.forEach((a, j) => {
        outcomes[positions[j] as number] = a.outcome;
      });
    } catch (err) {
      await sql`rollback to savepoint effects`.execute(trx);
      logError("batched effects failed; applying them one by one", resolved.template, err);
      for (const k of positions) {
        const m = run[k] as Mutation;
        const { outcome } = await this.runEffect(trx, user, replayRequest(m, clientId, sentAt));
        outcomes[k] = outcome;
      }
    }
    return outcomes.map((o) => {
      if (!o) throw new Error("a batched mutation was left without an outcome");
      return o;
    });
  }

  /**
   * Runs the effect under a savepoint so a thrown error undoes it but not the bookkeeping.
   * `kept` is true when the outcome is the effect's own (applied, or refused after keeping
   * something on record); false when the mutation was refused and nothing of it remains.
   */
  private async runEffect(trx: Transaction<Database>, user: AuthedUser, req: ReplayRequest): Promise<EffectRun> {
    const refused = (code: ErrorCode, message: string): EffectRun => ({
      outcome: { status: "failed", error: { code, message } },
      kept: false,
    });
    if (req.call === SYNC_SKIP_CALL) {
      const reason = (req.body as { reason?: unknown } | null)?.reason;
      const message =
        typeof reason === "string" && reason ? reason.slice(0, 500) : "The device could not send this change";
      return { outcome: { status: "failed", error: { code: "skipped", message } }, kept: true };
    }
    const resolved = resolveCall(req.call);
    if (!resolved) return refused("bad_request", `Unknown call ${req.call}`);
    const parsed = MUTATIONS[resolved.template].safeParse(req.body);
    if (!parsed.success) {
      const e = validationError(parsed.error);
      return refused(e.code, e.message);
    }
    await sql`savepoint effect`.execute(trx);
    try {
      const outcome = await this.effects[resolved.template](
        {
          trx,
          user,
          params: resolved.params,
          mutationId: req.id,
          createdAt: req.createdAt,
          queuedMs: req.queuedMs ?? 0,
          deviceClock: req.client !== undefined,
          clock: this.deps.clock,
          dialect: this.deps.dialect,
        },
        parsed.data,
      );
      await sql`release savepoint effect`.execute(trx);
      return { outcome, kept: true };
    } catch (err) {
      await sql`rollback to savepoint effect`.execute(trx);
      if (err instanceof ApiError) return refused(err.code, err.message);
      logError("mutation effect failed", req.call, err);
      return refused("internal", "The change could not be applied");
    }
  }
}

/**
 * How long a change waited in the outbox, from two readings of the device's own clock (its
 * offset from the server's cancels out). Unknown (no sentAt, or a clock that went back): 0.
 */
export function queuedMs(createdAt: string, sentAt: string | undefined): number {
  if (sentAt === undefined) return 0;
  const waited = Date.parse(sentAt) - Date.parse(createdAt);
  return Number.isFinite(waited) && waited > 0 ? waited : 0;
}

/** A pushed mutation as one replay request of its client. */
function replayRequest(m: Mutation, clientId: string, sentAt: string | undefined): ReplayRequest {
  return {
    id: m.id,
    call: m.call,
    body: m.body,
    createdAt: m.createdAt,
    queuedMs: queuedMs(m.createdAt, sentAt),
    client: { clientId, seq: m.seq },
  };
}

/** What a stored mutation row answers: its reply (as a duplicate) or its failure. */
type StoredResult = Exclude<ReplayResult, { status: "out_of_order" }>;

/** A client's cursor: the last seq taken, and the high-water marks of its pruned rows. */
interface Cursor {
  user_id: string;
  last_seq: number;
  pruned_seq: number;
  pruned_max_id: string | null;
}

/**
 * Reads the client's cursor, locked on PostgreSQL (SQLite's writer lock already serialises); a
 * client's first push makes it. A second first push racing in waits on the insert, then reads the
 * row the first committed.
 */
async function lockCursor(
  trx: Transaction<Database>,
  dialect: AppDeps["dialect"],
  userId: string,
  clientId: string,
  now: string,
): Promise<Cursor> {
  const read = () => {
    let query = trx
      .selectFrom("client_cursors")
      .select(["user_id", "last_seq", "pruned_seq", "pruned_max_id"])
      .where("client_id", "=", clientId);
    if (dialect === "postgres") query = query.forUpdate();
    return query.executeTakeFirst();
  };
  let cursor = await read();
  if (!cursor) {
    await trx
      .insertInto("client_cursors")
      .values({ client_id: clientId, user_id: userId, last_seq: 0, updated_at: now })
      .onConflict((oc) => oc.column("client_id").doNothing())
      .execute();
    cursor = await read();
  }
  if (!cursor) throw new Error(`client cursor ${clientId} was not created`);
  if (cursor.user_id !== userId) throw new ApiError("forbidden", "This device id belongs to another account");
  return cursor;
}

/**
 * A mutation of the client whose row was pruned (SR23): at or below the pruned seq, with an id
 * no greater than the greatest pruned one (a mutation sent again is one of those rows, whatever
 * the device's clock did; a new change reusing a seq has a uuid v7 made later, and stays a
 * conflict, SR9). It is answered as a duplicate; its stored reply is gone, so the reply is null.
 */
function prunedRepeat(cursor: Cursor, m: { id: string; seq: number }): StoredResult | null {
  if (m.seq > cursor.pruned_seq || cursor.pruned_max_id === null) return null;
  return m.id.toLowerCase() <= cursor.pruned_max_id ? { status: "duplicate", reply: null } : null;
}

/**
 * Deletes the client's applied rows it has acknowledged (seq <= `acknowledged`) and not yet
 * pruned, one bounded delete per push, and gives the cursor's new high-water marks (null: none
 * to prune). Refused rows stay, so a refusal sent again is still answered with its error.
 */
async function pruneAcknowledged(
  trx: Transaction<Database>,
  userId: string,
  clientId: string,
  cursor: Cursor,
  acknowledged: number,
): Promise<Pick<Cursor, "pruned_seq" | "pruned_max_id"> | null> {
  if (acknowledged <= cursor.pruned_seq) return null;
  const gone = await trx
    .deleteFrom("mutations")
    .where("user_id", "=", userId)
    .where("client_id", "=", clientId)
    .where("seq", ">", cursor.pruned_seq)
    .where("seq", "<=", acknowledged)
    .where("status", "=", "applied")
    .returning("id")
    .execute();
  let max = cursor.pruned_max_id;
  for (const { id } of gone) {
    const lower = id.toLowerCase();
    if (max === null || lower > max) max = lower;
  }
  return { pruned_seq: acknowledged, pruned_max_id: max };
}

/** How long a direct call's Idempotency-Key is answered from its stored row (SR23). */
export const DIRECT_KEPT_MS = 7 * 24 * 60 * 60_000;

/** A student's direct-call rows older than DIRECT_KEPT_MS go when the student makes another direct call. */
async function expireDirectRows(trx: Transaction<Database>, userId: string, now: string): Promise<void> {
  const cutoff = new Date(Date.parse(now) - DIRECT_KEPT_MS).toISOString();
  await trx
    .deleteFrom("mutations")
    .where("user_id", "=", userId)
    .where("client_id", "=", "direct")
    .where("received_at", "<", cutoff)
    .execute();
}

/** An effect's outcome as the mutation's row, and what the row answers. */
function mutationRow(
  userId: string,
  m: { id: string; clientId: string; seq: number; call: string },
  outcome: EffectOutcome,
  now: string,
): { row: Insertable<MutationsTable>; result: StoredResult } {
  const saved = outcome.status === "applied" ? outcome.reply : outcome.error;
  return {
    row: {
      user_id: userId,
      id: m.id,
      client_id: m.clientId,
      seq: m.seq,
      call: m.call,
      status: outcome.status,
      reply: JSON.stringify(saved ?? null),
      received_at: now,
    },
    result:
      outcome.status === "applied"
        ? { status: "applied", reply: outcome.reply }
        : { status: "failed", error: outcome.error },
  };
}

/** Rows per multi-row insert of mutation rows (8 columns). */
const ROWS_PER_INSERT = 500;

/** Stores mutation rows beside their effects, in the same transaction, a few hundred per statement. */
async function insertMutationRows(trx: Transaction<Database>, rows: Insertable<MutationsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await trx
      .insertInto("mutations")
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}

function otherClient(m: Mutation): PushResult {
  return {
    id: m.id,
    seq: m.seq,
    status: "failed",
    error: { code: "bad_request", message: "clientId differs from the batch" },
  };
}

function toPushResult(m: Mutation, r: StoredResult): PushResult {
  return r.status === "failed"
    ? { id: m.id, seq: m.seq, status: "failed", error: r.error }
    : { id: m.id, seq: m.seq, status: r.status, reply: r.reply };
}

/** The stored outcomes of these mutation ids, in one query. */
async function storedReplies(
  trx: Transaction<Database>,
  userId: string,
  ids: string[],
): Promise<Map<string, StoredResult>> {
  const found = new Map<string, StoredResult>();
  if (ids.length === 0) return found;
  const rows = await trx
    .selectFrom("mutations")
    .select(["id", "status", "reply"])
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .execute();
  for (const row of rows) found.set(row.id, fromStored(row));
  return found;
}

function fromStored(stored: { status: string; reply: string }): StoredResult {
  const reply = JSON.parse(stored.reply) as unknown;
  return stored.status === "failed"
    ? { status: "failed", error: reply as { code: string; message: string } }
    : { status: "duplicate", reply };
}

async function storedReply(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  id: string,
): Promise<StoredResult | null> {
  const stored = await db
    .selectFrom("mutations")
    .select(["status", "reply"])
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return stored ? fromStored(stored) : null;
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
