/**
 * Test helper: a small model of POST /sync/push as the server specifies it (sync-protocol
 * SPEC.md), so the local queue's tests can break the network and count what was applied:
 *   SR1 a stored mutation id is answered from its stored outcome and never applied twice;
 *   SR2 a seq beyond the cursor + 1 is out_of_order and ends the batch;
 *   SR3 a refused mutation is stored as failed and moves the cursor on;
 *   SR9 a new id with a used seq is a conflict; SR21 a skip is stored as failed "skipped".
 * Faults are chosen per request (the n-th, counting from 1): thrown network error, an HTTP
 * status for the whole push, or "lose-response" (applied, then the reply never arrives).
 */
import type { Mutation, PushResult } from "@preflight/sync-protocol/schemas/sync";
import { SYNC_SKIP_CALL } from "@preflight/sync-protocol/schemas/sync";

export type PushFault = "throw" | "lose-response" | number;

export interface AppliedMutation {
  id: string;
  seq: number;
  call: string;
  body: unknown;
}

export class FakePushServer {
  /** Every mutation whose effect ran, in the order it ran. */
  readonly applied: AppliedMutation[] = [];
  /** How many requests reached the server, and the seqs each one carried. */
  readonly requests: number[][] = [];
  private readonly stored = new Map<string, PushResult>();
  private cursor = 0;

  constructor(
    private readonly options: {
      /** The fault for the n-th request, if any. */
      fault?: (n: number) => PushFault | null;
      /** A refusal for a mutation, as the effect would give it. */
      refuse?: (m: Mutation) => { code: string; message: string } | null;
      /** Waits before and after the server does its work (random delays). */
      delay?: () => Promise<void>;
    } = {},
  ) {}

  readonly fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    await this.options.delay?.();
    const { mutations } = JSON.parse(String(init?.body)) as { mutations: Mutation[] };
    this.requests.push(mutations.map((m) => m.seq));
    const fault = this.options.fault?.(this.requests.length) ?? null;
    if (fault === "throw") throw new TypeError("Failed to fetch");
    if (typeof fault === "number")
      return Response.json({ error: { code: "x", message: "refused" } }, { status: fault });
    const results = this.push(mutations);
    await this.options.delay?.();
    if (fault === "lose-response") throw new TypeError("network lost the response");
    return Response.json({ results });
  }) as typeof fetch;

  private push(mutations: Mutation[]): PushResult[] {
    const results: PushResult[] = [];
    for (const m of [...mutations].sort((a, b) => a.seq - b.seq)) {
      const stored = this.stored.get(m.id);
      if (stored) {
        results.push(stored.status === "applied" ? { ...stored, status: "duplicate" } : stored);
        continue;
      }
      if (m.seq > this.cursor + 1) {
        results.push({ id: m.id, seq: m.seq, status: "out_of_order", expectedSeq: this.cursor + 1 });
        break;
      }
      if (m.seq <= this.cursor) {
        results.push({
          id: m.id,
          seq: m.seq,
          status: "failed",
          error: { code: "conflict", message: `seq ${m.seq} was already used by another change` },
        });
        continue;
      }
      const refusal =
        m.call === SYNC_SKIP_CALL
          ? { code: "skipped", message: String((m.body as { reason?: unknown }).reason) }
          : (this.options.refuse?.(m) ?? null);
      const result: PushResult = refusal
        ? { id: m.id, seq: m.seq, status: "failed", error: refusal }
        : { id: m.id, seq: m.seq, status: "applied", reply: { success: true } };
      if (!refusal) this.applied.push({ id: m.id, seq: m.seq, call: m.call, body: m.body });
      this.stored.set(m.id, result);
      this.cursor = m.seq;
      results.push(result);
    }
    return results;
  }

  /** The bodies applied, in order: what the student's changes did on the server. */
  appliedBodies(): unknown[] {
    return this.applied.map((m) => m.body);
  }
}
