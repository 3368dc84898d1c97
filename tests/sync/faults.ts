/**
 * A fault-injecting network between a device's drain and the in-process server. Each request
 * takes the next fault from a queue (none once the queue is empty) and the layer keeps a log of
 * what it did, so faults.test.ts can prove each injector does what it says.
 *
 * The drain sends one request at a time, so "reordering" is a request the network holds (the
 * device gives up on it) and delivers after the next one, and a stale request (an earlier batch
 * of this device) delivered again later. A held or stale delivery's reply never reaches the
 * device, Set-Cookie included.
 */
import { type CookieJar, toWire, type WireRequest, type World } from "./world.ts";

export type Fault =
  /** Nothing goes wrong. */
  | { kind: "none" }
  /** The request never reaches the server; the device sees a network error. */
  | { kind: "request-lost" }
  /** The server acts; its reply is lost; the device sees a network error. */
  | { kind: "response-lost" }
  /** A proxy answers 500 / 503 without reaching the server. */
  | { kind: "http-500" }
  | { kind: "http-503" }
  /** A captive portal (airfield wifi) answers 200 text/html without reaching the server. */
  | { kind: "captive-portal" }
  /** The device's time-out fires first (TimeoutError): before the request got there, or after the server acted. */
  | { kind: "timeout"; reached: boolean }
  /** The network delivers the request twice, one after the other; the device gets the second reply. */
  | { kind: "duplicate" }
  /** The network delivers the request twice at once; the device gets the second reply. */
  | { kind: "duplicate-concurrent" }
  /** The network holds the request (the device times out) and delivers it after the next request. */
  | { kind: "hold" }
  /** Delivered normally; then an earlier request of this device (history[pick % n]) arrives again. */
  | { kind: "replay-stale"; pick: number }
  /**
   * The server process dies part-way through the push: only a prefix of the batch is applied
   * (see cutBatch), then it restarts; the device sees a connection reset.
   */
  | { kind: "crash-mid-push"; keep: number }
  /** The page dies while the request is in flight (before or after the server acted): no reply ever. */
  | { kind: "page-dies"; reached: boolean };

export type FaultKind = Fault["kind"];

export interface FaultLogEntry {
  fault: FaultKind;
  path: string;
  /** What the device saw: a status, an error name, or "never" (the page died). */
  seen: string;
  /** How many times this request (or a cut-down copy of it) reached the app. */
  deliveries: number;
}

export class FaultyNetwork {
  readonly queue: Fault[] = [];
  readonly log: FaultLogEntry[] = [];
  /** Requests the network holds for later delivery (fault "hold"). */
  readonly held: WireRequest[] = [];
  /** Every request the device sent, for stale replays. */
  readonly history: WireRequest[] = [];
  /** How often each fault fired over the life of this network (never reset), for the run summary. */
  readonly fired = new Map<FaultKind, number>();
  /** Called when a page-dies fault fires: the device must reload. */
  onPageDeath: () => void = () => {};
  /** Runs once, while the next request is on the wire (the student keeps working meanwhile). */
  whileOnTheWire: (() => Promise<void>) | null = null;

  constructor(
    private readonly world: World,
    private readonly jar: CookieJar,
  ) {}

  /** The fetch the drain uses. */
  readonly fetch = ((input: string | URL | Request, init?: RequestInit) =>
    this.send(toWire(input, init, this.jar.cookie))) as typeof fetch;

  /** Delivers every held request now (the network finally lets them through). */
  async flushHeld(): Promise<number> {
    const held = this.held.splice(0);
    for (const req of held) await this.deliverAside(req);
    return held.length;
  }

  private async deliverAside(req: WireRequest): Promise<void> {
    // The reply goes nowhere: read it so the app finishes, and never touch the jar.
    const response = await this.world.deliver(req);
    await response.arrayBuffer();
  }

  private async send(req: WireRequest): Promise<Response> {
    const meanwhile = this.whileOnTheWire;
    this.whileOnTheWire = null;
    if (meanwhile) await meanwhile();
    const fault = this.queue.shift() ?? { kind: "none" };
    const earlierHeld = this.held.splice(0);
    const entry: FaultLogEntry = { fault: fault.kind, path: req.path, seen: "", deliveries: 0 };
    this.log.push(entry);
    this.fired.set(fault.kind, (this.fired.get(fault.kind) ?? 0) + 1);
    const stale = this.history.slice();
    this.history.push(req);
    const deliver = async () => {
      entry.deliveries++;
      return this.world.deliver(req);
    };
    try {
      switch (fault.kind) {
        case "none":
          return this.reply(entry, await deliver());
        case "request-lost":
          throw this.networkError(entry, "request lost");
        case "response-lost":
          await (await deliver()).arrayBuffer();
          throw this.networkError(entry, "response lost");
        case "http-500":
        case "http-503": {
          const status = fault.kind === "http-500" ? 500 : 503;
          return this.reply(entry, new Response("proxy error", { status, headers: { "Content-Type": "text/plain" } }));
        }
        case "captive-portal":
          return this.reply(
            entry,
            new Response("<html><body>Accept the terms of use</body></html>", {
              status: 200,
              headers: { "Content-Type": "text/html" },
            }),
          );
        case "timeout": {
          if (fault.reached) await (await deliver()).arrayBuffer();
          entry.seen = "TimeoutError";
          throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
        }
        case "duplicate": {
          await (await deliver()).arrayBuffer();
          return this.reply(entry, await deliver());
        }
        case "duplicate-concurrent": {
          const [first, second] = await Promise.all([deliver(), deliver()]);
          await first.arrayBuffer();
          return this.reply(entry, second);
        }
        case "hold":
          this.held.push(req);
          entry.seen = "TimeoutError";
          throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
        case "replay-stale": {
          const response = await deliver();
          const old = stale[fault.pick % Math.max(1, stale.length)];
          if (old) await this.deliverAside(old);
          return this.reply(entry, response);
        }
        case "crash-mid-push": {
          const cut = cutBatch(req, fault.keep);
          entry.deliveries++;
          if (cut) await (await this.world.deliver(cut)).arrayBuffer();
          await this.world.restart();
          throw this.networkError(entry, "connection reset");
        }
        case "page-dies": {
          if (fault.reached) await (await deliver()).arrayBuffer();
          for (const old of earlierHeld.splice(0)) await this.deliverAside(old);
          entry.seen = "never";
          // The page is gone: no reply, no error, ever. The caller's drain is abandoned.
          this.onPageDeath();
          return new Promise<Response>(() => {});
        }
        default:
          throw new Error(`unknown fault ${JSON.stringify(fault satisfies never)}`);
      }
    } finally {
      // Whatever happened to this request, what the network held before now arrives.
      for (const old of earlierHeld) await this.deliverAside(old);
    }
  }

  private reply(entry: FaultLogEntry, response: Response): Response {
    entry.seen = String(response.status);
    this.jar.take(response);
    return response;
  }

  private networkError(entry: FaultLogEntry, message: string): TypeError {
    entry.seen = "TypeError";
    return new TypeError(`fetch failed: ${message}`);
  }
}

/** The push with only its first mutations (1 … n-1 of n, or the one of 1): what a crash leaves applied. */
export function cutBatch(req: WireRequest, keep: number): WireRequest | null {
  if (!req.body) return null;
  const body = JSON.parse(req.body) as { mutations?: unknown[] };
  if (!Array.isArray(body.mutations) || body.mutations.length === 0) return null;
  const n = body.mutations.length;
  const k = n === 1 ? keep % 2 : 1 + (keep % (n - 1));
  if (k === 0) return null;
  return { ...req, body: JSON.stringify({ ...body, mutations: body.mutations.slice(0, k) }) };
}
