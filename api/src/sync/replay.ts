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
import { CombinedWrites } from "../db/combined-writes.ts";
import {
  eachUnderSavepoint,
  GROUP_LIMITS,
  type GroupedTransactions,
  groupedTransactions,
  POSTGRES_GROUP_LIMITS,
  REDO_GROUP,
  type Settled,
} from "../db/push-transactions.ts";
import type { Database, MutationsTable } from "../db/schema.ts";
import type { AppDeps, AuthedUser } from "../deps.ts";
import { ApiError, validationError } from "../errors.ts";
import { logError } from "../http/log-line.ts";
import type { BatchEffectTable, BatchItem, EffectOutcome, EffectTable } from "./effects.ts";

/** One push as its group applies it: who sent it, from which device, its mutations in seq order. */
interface PushJob {
  user: AuthedUser;
  clientId: string;
  sorted: Mutation[];
  sentAt: string | undefined;
}

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
  /** Pushes that arrive together are applied as one group, with one commit (db/push-transactions.ts). */
  private readonly transactions: GroupedTransactions<PushJob, PushResult[]>;

  constructor(
    private readonly deps: AppDeps,
    private readonly effects: EffectTable,
    /** Calls whose consecutive mutations in a push are applied as one run. */
    private readonly batched: BatchEffectTable = {},
  ) {
    this.transactions = groupedTransactions(
      deps.db,
      (trx, jobs, attempt) => this.applyGroup(trx, jobs, attempt),
      deps.dialect === "postgres" ? POSTGRES_GROUP_LIMITS : GROUP_LIMITS,
    );
  }

  /**
   * A batch from one client, applied in ONE transaction shared with the pushes that arrived with
   * it (db/push-transactions.ts). Pushes of answers new to their cursors are applied together, in
   * shared statements (`answerPushesTogether`); any other push under its own savepoint (`pushIn`):
   * the cursor row is locked once, the stored replies of the batch are read in one query, each
   * effect runs under its savepoint and its row is written beside it, and the cursor moves once at
   * the end. Exactly-once holds as before (the rows commit with their effects); a push that fails
   * part-way applies nothing, and the device's resend applies it then. Consecutive mutations of a
   * batched call (answers) are applied as one run, and every mutation row is written in multi-row
   * inserts at the end.
   */
  async push(user: AuthedUser, clientId: string, mutations: Mutation[], sentAt?: string): Promise<PushResult[]> {
    const sorted = [...mutations].sort((a, b) => a.seq - b.seq);
    // Never applied under another account (checked before anything of the batch is applied);
    // the client pauses until its own user signs in.
    if (sorted.some((m) => m.clientId === clientId && m.userId !== user.id))
      throw new ApiError("forbidden", "These changes belong to another account");
    try {
      return await this.transactions.run({ user, clientId, sorted, sentAt }, Math.max(1, sorted.length));
    } catch (err) {
      // A direct call with one of these ids raced in: take the batch one at a time instead.
      if (isUniqueViolation(err)) return this.pushEach(user, clientId, sorted, sentAt);
      throw err;
    }
  }

  /**
   * A group of pushes in its transaction: the answer pushes together, then each other one alone;
   * if the answers fail together, the group again in a new transaction, every push alone.
   */
  private async applyGroup(
    trx: Transaction<Database>,
    jobs: PushJob[],
    attempt: number,
  ): Promise<Settled<PushResult[]>[] | typeof REDO_GROUP> {
    const together = attempt === 0 ? await this.answerPushesTogether(trx, jobs) : new Map<number, PushResult[]>();
    if (together === REDO_GROUP) return REDO_GROUP;
    const alone = jobs.filter((_, i) => !together.has(i));
    const settledAlone = await eachUnderSavepoint(trx, alone, (t, job) =>
      this.pushIn(t, job.user, job.clientId, job.sorted, job.sentAt),
    );
    let next = 0;
    return jobs.map((_, i) => {
      const results = together.get(i);
      return results ? { ok: true, value: results } : (settledAlone[next++] as Settled<PushResult[]>);
    });
  }

  /**
   * The group's pushes that are nothing but a run of one batched call (a device's saved answers),
   * each next in its client's sequence, applied at once: one read of the cursors, the batch effect
   * over every student's mutations, one insert of the mutation rows, one prune, one update of the
   * cursors. What each mutation gets is what its push alone would give it. Anything else (a repeat,
   * a gap, a first push, a second push of one client) is left to `pushIn`, and so is the whole lot
   * if the shared statements throw: they are the group's first writes, so the group is then
   * redone in a new transaction without them (REDO_GROUP; a savepoint would cost two statements a
   * group to spare a rare failure). Gives the results by the job's index.
   */
  private async answerPushesTogether(
    trx: Transaction<Database>,
    jobs: PushJob[],
  ): Promise<Map<number, PushResult[]> | typeof REDO_GROUP> {
    const done = new Map<number, PushResult[]>();
    const call = jobs.map((job) => this.answerRunCall(job)).find((c) => c !== null);
    const resolved = call ? resolveCall(call) : undefined;
    const batch = resolved && this.batched[resolved.template];
    if (!call || !resolved || !batch) return done;
    const clients = new Set<string>();
    const candidates: number[] = [];
    for (const [i, job] of jobs.entries()) {
      if (clients.has(job.clientId) || this.answerRunCall(job) !== call) continue;
      clients.add(job.clientId);
      candidates.push(i);
    }
    const cursors = await lockCursors(trx, this.deps.dialect, [...clients]);
    const ready = candidates.filter((i) => {
      const job = jobs[i] as PushJob;
      const cursor = cursors.get(job.clientId);
      return cursor?.user_id === job.user.id && (job.sorted[0] as Mutation).seq === cursor.last_seq + 1;
    });
    if (ready.length === 0) return done;
    try {
      const now = this.deps.clock.now().toISOString();
      const outcomes = new Map<string, EffectOutcome>();
      const items: BatchItem[] = [];
      for (const i of ready) {
        const job = jobs[i] as PushJob;
        for (const m of job.sorted) {
          const parsed = MUTATIONS[resolved.template].safeParse(m.body);
          if (!parsed.success) {
            const e = validationError(parsed.error);
            outcomes.set(m.id, { status: "failed", error: { code: e.code, message: e.message } });
            continue;
          }
          items.push({
            userId: job.user.id,
            mutationId: m.id,
            createdAt: m.createdAt,
            queuedMs: queuedMs(m.createdAt, job.sentAt),
            body: parsed.data,
          });
        }
      }
      // PostgreSQL: the answers' writes go out with the mutation rows, in one statement.
      const combined = this.deps.dialect === "postgres" ? new CombinedWrites() : undefined;
      if (items.length > 0) {
        const applied = await batch(
          {
            trx,
            params: resolved.params,
            deviceClock: true,
            clock: this.deps.clock,
            dialect: this.deps.dialect,
            heldIdRedoesGroup: true,
            ...(combined ? { combined } : {}),
          },
          items,
        );
        for (const [k, a] of applied.entries()) outcomes.set((items[k] as BatchItem).mutationId, a.outcome);
      }
      const rows: Insertable<MutationsTable>[] = [];
      const moves: CursorMove[] = [];
      for (const i of ready) {
        const job = jobs[i] as PushJob;
        const cursor = cursors.get(job.clientId) as Cursor;
        const results = job.sorted.map((m) => {
          const outcome = outcomes.get(m.id);
          if (!outcome) throw new Error("a batched mutation was left without an outcome");
          const row = mutationRow(job.user.id, m, outcome, now);
          rows.push(row.row);
          return toPushResult(m, row.result);
        });
        done.set(i, results);
        const last = (job.sorted[job.sorted.length - 1] as Mutation).seq;
        moves.push({ userId: job.user.id, clientId: job.clientId, cursor, acknowledged: cursor.last_seq, last });
      }
      await storeAndMove(trx, this.deps.dialect, rows, moves, now, combined);
      return done;
    } catch (err) {
      // A mutation or answer id stored already (sent again under a new seq) is the usual cause, and expected.
      if (!isUniqueViolation(err)) logError("a group's answers failed together; applying them push by push", err);
      return REDO_GROUP;
    }
  }

  /**
   * The call of a push that is one run of a batched call from its own client, in consecutive seqs
   * with distinct ids (what `answerPushesTogether` can apply); null for any other push.
   */
  private answerRunCall(job: PushJob): string | null {
    const first = job.sorted[0];
    if (!first) return null;
    const template = resolveCall(first.call)?.template;
    if (!template || !this.batched[template]) return null;
    const ids = new Set<string>();
    for (const [k, m] of job.sorted.entries()) {
      if (m.clientId !== job.clientId || m.call !== first.call || m.seq !== first.seq + k || ids.has(m.id)) return null;
      ids.add(m.id);
    }
    return first.call;
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
    // A push of changes all new to the cursor (each push of a device that was answered) has no
    // stored row to answer from. One sent again under a new seq would still find its row: the
    // insert of its mutation row is refused as a repeat, and `push` takes the batch one at a time.
    const stored = own.every((m) => m.seq > cursor.last_seq)
      ? new Map<string, StoredResult>()
      : await storedReplies(
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
    await storeAndMove(trx, this.deps.dialect, rows, [{ userId: user.id, clientId, cursor, acknowledged, last }], now);
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
        userId: user.id,
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
  const read = async () => (await lockCursors(trx, dialect, [clientId])).get(clientId);
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
 * These clients' cursors (the ones that exist), locked on PostgreSQL in client order, so two
 * groups holding some of the same clients never wait on each other in a circle.
 */
async function lockCursors(
  trx: Transaction<Database>,
  dialect: AppDeps["dialect"],
  clientIds: string[],
): Promise<Map<string, Cursor>> {
  const found = new Map<string, Cursor>();
  if (clientIds.length === 0) return found;
  let query = trx
    .selectFrom("client_cursors")
    .select(["client_id", "user_id", "last_seq", "pruned_seq", "pruned_max_id"])
    .where("client_id", "in", clientIds)
    .orderBy("client_id");
  if (dialect === "postgres") query = query.forUpdate();
  for (const { client_id, ...cursor } of await query.execute()) found.set(client_id, cursor);
  return found;
}

/** Where a push leaves its client's cursor: the last seq it took, and what it acknowledged (SR23). */
interface CursorMove {
  userId: string;
  clientId: string;
  cursor: Cursor;
  acknowledged: number;
  last: number;
}

/**
 * Stores the pushes' mutation rows and moves their cursors. On PostgreSQL that is one statement
 * (the insert, the prune and the update as parts of one WITH), since every statement of a push
 * group is a round trip the group waits on; the effects' `combined` writes go in it too. SQLite,
 * in process, takes them one by one.
 */
async function storeAndMove(
  trx: Transaction<Database>,
  dialect: AppDeps["dialect"],
  rows: Insertable<MutationsTable>[],
  moves: CursorMove[],
  now: string,
  combined?: CombinedWrites,
): Promise<void> {
  const changed = moves.filter((m) => m.last !== m.cursor.last_seq || prunes(m));
  if (dialect !== "postgres" || rows.length > ROWS_PER_STATEMENT || changed.length === 0) {
    await combined?.execute(trx);
    await insertMutationRows(trx, rows);
    await moveCursors(trx, moves, now);
    return;
  }
  const parts = combined?.parts() ?? [];
  if (rows.length > 0) {
    const values = rows.map(
      (r) =>
        sql`(${r.user_id}, ${r.id}, ${r.client_id}, cast(${r.seq} as integer), ${r.call}, ${r.status}, ${r.reply}, ${r.received_at})`,
    );
    parts.push(sql`stored as (
      insert into mutations (user_id, id, client_id, seq, call, status, reply, received_at)
      values ${sql.join(values)} returning 1)`);
  }
  const pruning = changed.filter(prunes);
  const acknowledged = pruning.length > 0 ? sql.join(pruning.map(pruneCondition), sql` or `) : sql`false`;
  // The parts of a WITH run in no set order. The prune waits for the insert (it reads what the
  // insert returns), so a mutation id stored already is refused as a repeat (SR1) before its old
  // row could be pruned; and rows are compared as prunedRepeat compares them, byte by byte.
  parts.push(sql`gone as (
    delete from mutations where status = 'applied' and (${acknowledged})
      ${rows.length > 0 ? sql`and exists (select from stored)` : sql``}
    returning client_id, lower(id) collate "C" as id)`);
  parts.push(sql`pruned as (select client_id, max(id) as max_id from gone group by client_id)`);
  const values = changed.map(
    (m) =>
      sql`(${m.clientId}, cast(${m.last} as integer), cast(${prunes(m) ? m.acknowledged : m.cursor.pruned_seq} as integer), cast(${prunes(m)} as boolean))`,
  );
  await sql`
    with ${sql.join(parts)}
    update client_cursors set
      last_seq = v.column2, updated_at = ${now}, pruned_seq = v.column3,
      pruned_max_id = case when v.column4
        then greatest(client_cursors.pruned_max_id collate "C", pruned.max_id)
        else client_cursors.pruned_max_id end
    from (values ${sql.join(values)}) as v left join pruned on pruned.client_id = v.column1
    where client_cursors.client_id = v.column1`.execute(trx);
}

/** Mutation rows a combined statement takes (8 bound values each, far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 4000;

/** Whether a push acknowledges applied rows of its client not pruned yet (SR23). */
const prunes = (m: CursorMove) => m.acknowledged > m.cursor.pruned_seq;

/** A client's applied rows that its push acknowledged and that are not pruned yet. */
const pruneCondition = (m: CursorMove) =>
  sql`(user_id = ${m.userId} and client_id = ${m.clientId} and seq > ${m.cursor.pruned_seq} and seq <= ${m.acknowledged})`;

/**
 * Moves the cursors after their pushes: deletes each client's applied rows it has acknowledged
 * (seq <= `acknowledged`) and not yet pruned, in one delete for all of them, and writes each
 * cursor's last seq and new high-water marks in one update. Refused rows stay, so a refusal sent
 * again is still answered with its error.
 */
async function moveCursors(trx: Transaction<Database>, moves: CursorMove[], now: string): Promise<void> {
  const pruning = moves.filter((m) => m.acknowledged > m.cursor.pruned_seq);
  const maxPruned = new Map<string, string | null>(pruning.map((m) => [m.clientId, m.cursor.pruned_max_id]));
  if (pruning.length > 0) {
    const gone = await trx
      .deleteFrom("mutations")
      .where("status", "=", "applied")
      .where((eb) =>
        eb.or(
          pruning.map((m) =>
            eb.and([
              eb("user_id", "=", m.userId),
              eb("client_id", "=", m.clientId),
              eb("seq", ">", m.cursor.pruned_seq),
              eb("seq", "<=", m.acknowledged),
            ]),
          ),
        ),
      )
      .returning(["client_id", "id"])
      .execute();
    for (const { client_id, id } of gone) {
      const lower = id.toLowerCase();
      const max = maxPruned.get(client_id) ?? null;
      if (max === null || lower > max) maxPruned.set(client_id, lower);
    }
  }
  const changed = moves.filter((m) => m.last !== m.cursor.last_seq || maxPruned.has(m.clientId));
  if (changed.length === 0) return;
  const values = changed.map((m) => {
    const pruned = maxPruned.has(m.clientId);
    const prunedSeq = pruned ? m.acknowledged : m.cursor.pruned_seq;
    const prunedMaxId = pruned ? (maxPruned.get(m.clientId) ?? null) : m.cursor.pruned_max_id;
    return sql`(${m.clientId}, cast(${m.last} as integer), cast(${prunedSeq} as integer), cast(${prunedMaxId} as text))`;
  });
  // VALUES names its columns column1 … column4 on both databases.
  await sql`
    update client_cursors set
      last_seq = v.column2, updated_at = ${now}, pruned_seq = v.column3, pruned_max_id = v.column4
    from (values ${sql.join(values)}) as v
    where client_cursors.client_id = v.column1`.execute(trx);
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
